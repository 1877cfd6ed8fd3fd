/// Advances every running animator with ONE frame timestamp per display tick.
public final class AnimationDriver {
    /// Where "now" comes from for animators started between ticks.
    public var clock: Clock
    /// Slow animations: all durations multiplied (10 like the iOS Simulator's "Slow Animations"), toggled live
    /// without a jump, because animators advance by elapsed time divided by the factor in force at each tick.
    public var slowAnimationFactor: Double = 1
    /// Reduced motion: springs become critically damped (same mass and stiffness, no overshoot or bounce);
    /// curves are kept. It applies to animations started or continued after it changes, so nothing jumps.
    public var reducedMotion = false
    /// The timestamp of the current/last tick.
    public private(set) var frameTime: Double
    private var running: [PropertyAnimator] = []
    private var isTicking = false

    /// A driver reading `clock`; its frame time starts at the clock's now.
    public init(clock: Clock) {
        self.clock = clock
        frameTime = clock.now
    }

    /// Any animator running → keep the display link on.
    public var isAnimating: Bool { !running.isEmpty }

    /// Called once per frame with the frame timestamp; all animators see the same time. Completions run after all
    /// animators advanced; completions may start new animators (they begin at this frame time).
    public func tick(at frameTime: Double) {
        self.frameTime = frameTime
        isTicking = true
        defer { isTicking = false }
        var ended: [(PropertyAnimator, AnimatingPosition)] = []
        for animator in running {
            if let position = animator.advance(to: frameTime) { ended.append((animator, position)) }
        }
        running.removeAll { !$0.isRunning }
        for (animator, position) in ended { animator.runCompletions(position) }
    }

    /// When an animator started now begins counting: this frame inside a tick; otherwise the later of the last
    /// frame and the clock, so an animator started after the display went idle does not count the idle time.
    var startTime: Double { isTicking ? frameTime : max(frameTime, clock.now) }

    var effectiveSlowFactor: Double { slowAnimationFactor > 0 ? slowAnimationFactor : 1 }

    func add(_ animator: PropertyAnimator) {
        if !running.contains(where: { $0 === animator }) { running.append(animator) }
    }

    func remove(_ animator: PropertyAnimator) {
        running.removeAll { $0 === animator }
    }
}
