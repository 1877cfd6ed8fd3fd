import ModalKitBase

/// Groups scroll events (wheel clicks, touchpad scrolling) into gestures with a beginning and an end, and measures
/// the gesture's velocity. X11 reports no scroll phases, so a gesture ends after `quietTime` without an event.
///
/// Headless and pure: arrival times come from the frame clock (`now`, which keeps running when no event comes);
/// velocities from the events' server timestamps (`time`), as for the pointer.
public struct ScrollGestureTracker: Sendable {
    /// How long without a scroll event ends a gesture: 120 ms, longer than the gap between a touchpad's events
    /// (about 10 ms; 50–60 ms in a slow pull), between the clicks of a wheel spun by hand (about 30–80 ms) and a
    /// pause of the fingers, so none of them ends it. A sheet the gesture pulls coasts on at the fingers' speed
    /// meanwhile (`coastDelay`), so it is let go without a felt wait.
    public static let quietTime = 0.12
    /// How long without an event before a sheet the gesture pulls coasts on at the fingers' speed: 25 ms, more
    /// than two missed reports of a touchpad that reports every ~10 ms while the fingers move.
    public static let coastDelay = 0.025
    /// A gap between events this long means the fingers stopped: the velocity is measured after it (Flutter's
    /// velocity tracker stops at a 40 ms gap), so a release after a pause carries no speed from before it.
    public static let stopGap = 0.04

    /// The window the end-of-gesture velocity is averaged over (libadwaita's swipe tracker averages 150 ms).
    public static let velocityWindow = 0.15

    /// Whether a gesture is under way.
    public private(set) var isScrolling = false
    /// The sum of the gesture's deltas, in points.
    public private(set) var translation = Point.zero
    private var samples: [(translation: Point, time: Double)] = []
    private var lastArrival = 0.0

    /// A tracker with no gesture in progress.
    public init() {}

    /// Takes one scroll event's `delta` (points) with its server `time`, arriving at frame-clock time `now`.
    /// Returns true when it begins a gesture.
    @discardableResult
    public mutating func scroll(delta: Point, time: Double, now: Double) -> Bool {
        let began = !isScrolling
        if began { translation = .zero; samples = [] }
        isScrolling = true
        translation = translation + delta
        if let last = samples.last, time < last.time { samples.removeAll() }
        samples.append((translation, time))
        samples.removeAll { $0.time < time - ScrollGestureTracker.velocityWindow }
        lastArrival = now
        return began
    }

    /// When the gesture ends if no event arrives before then (frame-clock seconds); nil when none is under way.
    public var deadline: Double? { isScrolling ? lastArrival + ScrollGestureTracker.quietTime : nil }

    /// When the last event of the gesture arrived (frame-clock seconds).
    public var lastEventArrival: Double { lastArrival }

    /// Ends the gesture if it has been quiet long enough at frame-clock time `now`; returns its velocity then.
    public mutating func update(now: Double) -> Point? {
        guard let deadline, now >= deadline - 1e-9 else { return nil }
        isScrolling = false
        return velocity
    }

    /// Ends the gesture now (a press, the view leaving): returns its velocity, nil if none was under way.
    public mutating func end() -> Point? {
        guard isScrolling else { return nil }
        isScrolling = false
        return velocity
    }

    /// Points per second over the last `velocityWindow` of the gesture, after its last `stopGap`; zero from a
    /// single event.
    public var velocity: Point {
        guard let last = samples.last else { return .zero }
        var first = samples.count - 1
        while first > 0, samples[first].time - samples[first - 1].time < ScrollGestureTracker.stopGap { first -= 1 }
        let start = samples[first]
        guard last.time - start.time > 1e-6 else { return .zero }
        return (last.translation - start.translation) * (1 / (last.time - start.time))
    }
}
