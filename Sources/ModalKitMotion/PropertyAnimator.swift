/// UIViewPropertyAnimator semantics.
///
/// Tracks interpolate between two values by the animator's progress; progress follows the time fraction through
/// the timing (a curve, or a spring). The animator moves only when its `AnimationDriver` ticks, so tests drive it
/// with explicit frame times. With spring timing the animator's `duration` is the spring's settling time over
/// `Spring.referenceDistance` (the duration passed in is ignored, as UIKit ignores it for a spring given by its
/// constants); the animation finishes once the spring has settled.
public final class PropertyAnimator {
    /// How many animators are alive, for leak checks (see `LiveInstanceCounter`).
    public static var liveInstances: Int { counter.count }
    nonisolated(unsafe) private static let counter = LiveInstanceCounter()

    /// The driver whose ticks move this animator. The driver keeps its running animators; an animator only
    /// points back to it weakly, so a driver that is dropped (the lab gives each scene a fresh one) frees the
    /// animations still running on it, their completions and whatever those capture. An animator whose driver is
    /// gone no longer moves.
    public private(set) weak var driver: AnimationDriver?
    /// The timing the whole timeline runs with (`continueAnimation` adds segments on top without changing it).
    public let timingParameters: TimingParameters
    /// Seconds for the whole timeline at a slow-animation factor of 1.
    public private(set) var duration: Double
    /// Where the animator is in its life.
    public private(set) var state: AnimatingState = .inactive
    /// Whether time is moving it (active and not paused).
    public private(set) var isRunning = false
    /// Seconds before motion begins (startAnimation(afterDelay:)); used when an inactive animator starts.
    public var delay: Double = 0

    var segment: MotionSegment
    /// The current segment's own clock, 0...1.
    var u = 0.0
    /// The timing a continuation segment was made with, so reversing it can aim the same timing the other way.
    var continuation: TimingParameters?
    private var remainingDelay = 0.0
    private var lastTime = 0.0
    private var tracks: [(Double) -> Void] = []
    private var completions: [(AnimatingPosition) -> Void] = []
    private var appliedProgress: Double?

    /// An animator with the given timing.
    public init(duration: Double, timingParameters: TimingParameters, driver: AnimationDriver) {
        self.driver = driver
        self.timingParameters = timingParameters
        self.duration = max(duration, 0)
        segment = MotionSegment(shape: .curve(.linear), duration: 0)
        segment = makeTimelineSegment()
        PropertyAnimator.counter.increment()
    }

    deinit { PropertyAnimator.counter.decrement() }

    /// An animator along a timing curve.
    public convenience init(duration: Double, curve: TimingCurve, driver: AnimationDriver) {
        self.init(duration: duration, timingParameters: .curve(curve), driver: driver)
    }

    /// Adds a track; `apply` receives the presented value every time it changes (including at start/finish).
    public func addAnimation<V: Interpolatable>(from: V, to: V, apply: @escaping (V) -> Void) {
        let track: (Double) -> Void = { progress in apply(V.interpolate(from: from, to: to, fraction: progress)) }
        tracks.append(track)
        if let appliedProgress { track(appliedProgress) }
    }

    /// Adds a block run exactly once when a run ends, with the position it ended at.
    public func addCompletion(_ block: @escaping (AnimatingPosition) -> Void) {
        completions.append(block)
    }

    /// Whether time runs backwards toward the start. Flipping it mid-flight keeps the position.
    public var isReversed = false {
        didSet { if isReversed != oldValue { reverseDirection() } }
    }

    /// Time fraction 0...1 (NOT the curve's output). Settable while paused (scrubbing); values = curve(fraction).
    /// Setting it on an inactive animator pauses it first; while running or stopped the setting is ignored.
    public var fractionComplete: Double {
        get { segment.fraction(at: u) }
        set { scrub(to: newValue) }
    }

    /// The progress the tracks show now (the timing's output; a spring may overshoot past 1).
    public var presentedProgress: Double { appliedProgress ?? segment.progress(at: u) }

    /// The value a track would show now, for reading presented values at any frame.
    public func presentedValue<V: Interpolatable>(from: V, to: V) -> V {
        V.interpolate(from: from, to: to, fraction: presentedProgress)
    }

    /// Progress per second of animation time, signed in the direction time is running; 0 unless running.
    public var progressVelocity: Double {
        guard isRunning else { return 0 }
        let direction = segment.coversTimeline && isReversed ? -1.0 : 1.0
        return direction * segment.progressVelocity(at: u)
    }

    /// Starts (or resumes) running from where the animation stands.
    public func startAnimation() {
        switch state {
        case .stopped: return
        case .active: if isRunning { return }
        case .inactive:
            state = .active
            segment = makeTimelineSegment()
            u = isReversed ? 1 : 0
            remainingDelay = max(delay, 0)
        }
        run()
    }

    /// Starts after `afterDelay` seconds of animation time (stretched by the slow-animation factor).
    public func startAnimation(afterDelay: Double) {
        if state == .inactive { delay = afterDelay }
        startAnimation()
    }

    /// Holds the animation where it stands; an inactive animator becomes active and paused (ready to scrub).
    public func pauseAnimation() {
        switch state {
        case .stopped: return
        case .inactive:
            state = .active
            segment = makeTimelineSegment()
            applyValues()
        case .active:
            isRunning = false
            driver?.remove(self)
        }
    }

    /// Stops in place: `true` ends the run at once with no completion; `false` waits in `.stopped` for
    /// `finishAnimation(at:)`.
    public func stopAnimation(_ withoutFinishing: Bool) {
        guard state == .active else { return }
        isRunning = false
        driver?.remove(self)
        state = withoutFinishing ? .inactive : .stopped
    }

    /// Ends a stopped animation at `at`, showing the values there, then runs the completions once.
    public func finishAnimation(at position: AnimatingPosition) {
        guard state == .stopped else { return }
        switch position {
        case .end, .start:
            segment = makeTimelineSegment()
            continuation = nil
            u = position == .end ? 1 : 0
            applyValues()
        case .current: break
        }
        state = .inactive
        runCompletions(position)
    }

    func run() {
        guard let driver else { return }
        isRunning = true
        lastTime = driver.startTime
        driver.add(self)
        applyValues()
    }

    /// Moves to frame time `time`; returns where the run ended if it ended now (its completions are left to
    /// the driver, which runs them after every animator has moved).
    func advance(to time: Double) -> AnimatingPosition? {
        guard isRunning, let driver else { return nil }
        var elapsed = max(time - lastTime, 0) / driver.effectiveSlowFactor
        lastTime = time
        if remainingDelay > 0 {
            let waited = min(elapsed, remainingDelay)
            remainingDelay -= waited
            elapsed -= waited
            if remainingDelay > 0 { return nil }
        }
        let backwards = segment.coversTimeline && isReversed
        let step = segment.duration > 0 ? elapsed / segment.duration : .infinity
        u = backwards ? max(u - step, 0) : min(u + step, 1)
        applyValues()
        guard backwards ? u <= 0 : u >= 1 else { return nil }
        isRunning = false
        state = .inactive
        continuation = nil
        return position(ofProgress: presentedProgress)
    }

    func runCompletions(_ position: AnimatingPosition) {
        for completion in completions { completion(position) }
    }

    func applyValues() {
        let progress = segment.progress(at: u)
        guard progress != appliedProgress else { return }
        appliedProgress = progress
        for track in tracks { track(progress) }
    }

    private func position(ofProgress progress: Double) -> AnimatingPosition {
        if abs(progress - 1) < 1e-9 { return .end }
        if abs(progress) < 1e-9 { return .start }
        return .current
    }

    private func scrub(to fraction: Double) {
        if state == .inactive { pauseAnimation() }
        guard state == .active, !isRunning else { return }
        if !segment.coversTimeline {
            // A continued animation is grabbed where it stands: scrub along straight lines through that point.
            let knee = min(max(fractionComplete, 0), 1)
            segment = MotionSegment(shape: .polyline(kneeU: knee, kneeValue: presentedProgress), duration: duration)
            continuation = nil
        }
        u = segment.u(forFraction: min(max(fraction, 0), 1))
        applyValues()
    }

    func makeTimelineSegment() -> MotionSegment {
        switch timingParameters {
        case let .curve(curve):
            return MotionSegment(shape: .curve(curve), duration: duration)
        case let .spring(spring, velocity):
            let spring = driver?.reducedMotion == true ? spring.criticallyDamped : spring
            duration = spring.settlingDuration(initialVelocity: velocity, distance: Spring.referenceDistance)
            return MotionSegment(
                shape: .spring(spring, initialVelocity: velocity, duration: duration),
                duration: duration)
        }
    }
}
