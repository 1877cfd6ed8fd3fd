import ModalKitBase

/// Groups scroll events (wheel clicks, touchpad scrolling) into gestures with a beginning and an end, and measures
/// the gesture's velocity. X11 reports no scroll phases, so a gesture ends after `quietTime` without an event.
///
/// Headless and pure: arrival times come from the frame clock (`now`, which keeps running when no event comes);
/// velocities from the events' server timestamps (`time`), as for the pointer.
public struct ScrollGestureTracker: Sendable {
    /// How long without a scroll event ends a gesture: 120 ms, longer than the gap between a touchpad's events
    /// (about 10 ms) and between the clicks of a wheel spun by hand (about 30–80 ms), short enough that a sheet
    /// pulled down with the wheel is let go without a noticeable wait.
    public static let quietTime = 0.12
    /// How long without an event ends a touchpad gesture that is moving a sheet: 30 ms, under two 60 Hz frame
    /// intervals. A touchpad reports every ~10 ms while the fingers move, so three missed reports mean they lifted
    /// or stopped (X11 says neither): the sheet is let go at once instead of standing still for `quietTime`, and
    /// if the fingers move on, the next delta catches it where it is shown and the pull goes on.
    public static let sheetQuietTime = 0.03

    /// The quiet time for the gesture under way (`quietTime` unless its owner shortens it).
    public var currentQuietTime = ScrollGestureTracker.quietTime

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
        if began { translation = .zero; samples = []; currentQuietTime = ScrollGestureTracker.quietTime }
        isScrolling = true
        translation = translation + delta
        if let last = samples.last, time < last.time { samples.removeAll() }
        samples.append((translation, time))
        samples.removeAll { $0.time < time - ScrollGestureTracker.velocityWindow }
        lastArrival = now
        return began
    }

    /// When the gesture ends if no event arrives before then (frame-clock seconds); nil when none is under way.
    public var deadline: Double? { isScrolling ? lastArrival + currentQuietTime : nil }

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

    /// Points per second over the last `velocityWindow` of the gesture; zero from a single event.
    public var velocity: Point {
        guard let first = samples.first, let last = samples.last, last.time - first.time > 1e-6 else { return .zero }
        return (last.translation - first.translation) * (1 / (last.time - first.time))
    }
}
