import ModalKitBase
import ModalKitMotion

/// Drives a transition's animations by percent, from a gesture. UIKit's `UIPercentDrivenInteractiveTransition`.
///
/// It scrubs animation *time*: the animator's own `View.animate` calls are captured when the transition starts and
/// held paused; at percent p each shows its curve at p (so under ease-in-out the view lags the pointer early on).
/// `finish()` plays the remaining (1 − p)·duration / completionSpeed along `completionCurve`; `cancel()` plays
/// p·duration / completionSpeed back to the start with `transitionWasCancelled` set.
open class PercentDrivenInteractiveTransition: ViewControllerInteractiveTransitioning {
    /// How fast the rest plays after `finish()` or `cancel()` (2 = twice as fast). UIKit's `completionSpeed`.
    public var completionSpeed = 1.0
    /// The timing curve of the rest after `finish()` or `cancel()`. UIKit's `completionCurve`.
    public var completionCurve: TimingCurve = .easeInOut
    /// The curve time follows while the transition plays on its own (`wantsInteractiveStart` false, before a pause).
    public var timingCurve: TimingCurve = .linear
    /// Whether the transition starts under the user's control; when false it plays until `pause()`.
    public var wantsInteractiveStart = true
    /// How far the transition has come, 0...1. UIKit's `percentComplete`.
    public private(set) var percentComplete = 0.0
    /// The animator's transition duration (seconds).
    public private(set) var duration = 0.0

    /// What the transition is doing now, for the HUD.
    public enum Phase: String, Sendable {
        /// No transition, or it has completed.
        case idle
        /// Following the user's `update(_:)` calls.
        case interactive
        /// Playing on its own (`wantsInteractiveStart` false), until a pause.
        case playing
        /// Playing the rest to the end after `finish()`.
        case finishing
        /// Playing back to the start after `cancel()`.
        case cancelling
    }
    /// What the transition is doing now.
    public private(set) var phase = Phase.idle

    private var context: TransitionContext?
    /// The driver of the transition's window, which plays the rest after `finish` or `cancel`.
    private var driver: AnimationDriver?
    private var captured: [(animator: PropertyAnimator, delay: Double)] = []
    /// Plays percent on its own after `finish`, `cancel`, or a non-interactive start.
    private var player: PropertyAnimator?

    /// An interaction controller with UIKit's defaults: speed 1, ease-in-out completion, interactive start.
    public init() {}

    /// Captures the animator's animations paused at 0%, then follows `update(_:)` (or plays on its own).
    open func startInteractiveTransition(_ transitionContext: ViewControllerContextTransitioning) {
        guard let context = transitionContext as? TransitionContext else { return }
        self.context = context
        driver = context.containerView.window?.animationDriver
        duration = context.animator.transitionDuration(using: context)
        percentComplete = 0
        captured = []
        if let animator = context.animator.interruptibleAnimator(using: context) {
            animator.pauseAnimation()
            captured = [(animator, 0)]
        } else {
            capture { context.animator.animateTransition(using: context) }
        }
        apply(0)
        phase = .interactive
        if !wantsInteractiveStart {
            context.isInteractive = false
            play(to: 1, over: duration, curve: timingCurve, phase: .playing)
        }
    }

    /// Moves the transition to `percentComplete`, clamped to 0...1.
    open func update(_ percentComplete: Double) {
        guard let context, phase == .interactive else { return }
        let p = min(max(percentComplete, 0), 1)
        self.percentComplete = p
        context.updateInteractiveTransition(p)
        apply(p)
    }

    /// Plays the rest of the transition to its end.
    open func finish() {
        guard let context, phase == .interactive || phase == .playing else { return }
        context.finishInteractiveTransition()
        play(to: 1, over: (1 - percentComplete) * duration / completionSpeed, curve: completionCurve, phase: .finishing)
    }

    /// Plays the transition back to its start; the animator's completion then sees `transitionWasCancelled`.
    open func cancel() {
        guard let context, phase == .interactive || phase == .playing else { return }
        context.cancelInteractiveTransition()
        play(to: 0, over: percentComplete * duration / completionSpeed, curve: completionCurve, phase: .cancelling)
    }

    /// Stops a transition playing on its own and hands it back to the user where it stands.
    open func pause() {
        guard let context, phase != .idle, phase != .interactive else { return }
        player?.stopAnimation(true)
        player = nil
        phase = .interactive
        context.pauseInteractiveTransition()
    }

    /// Runs `body` with new `View.animate` calls held paused for scrubbing instead of started.
    private func capture(_ body: () -> Void) {
        guard let window = context?.containerView.window else { return body() }
        let saved = window.animationInterceptor
        window.animationInterceptor = { [weak self] animator, delay in
            animator.pauseAnimation()
            self?.captured.append((animator, delay))
        }
        body()
        window.animationInterceptor = saved
    }

    /// Shows every captured animation at transition time p·duration (each offset by its delay).
    private func apply(_ p: Double) {
        let t = p * duration
        for (animator, delay) in captured {
            let local = animator.duration > 0 ? (t - delay) / animator.duration : (t >= delay ? 1 : 0)
            animator.fractionComplete = min(max(local, 0), 1)
        }
    }

    private func play(to target: Double, over seconds: Double, curve: TimingCurve, phase: Phase) {
        player?.stopAnimation(true)
        self.phase = phase
        guard seconds > 0, percentComplete != target, let driver else { return end(at: target) }
        let player = PropertyAnimator(duration: seconds, curve: curve, driver: driver)
        player.addAnimation(from: percentComplete, to: target) { [weak self] p in
            self?.percentComplete = p
            self?.apply(p)
        }
        player.addCompletion { [weak self] position in if position == .end { self?.end(at: target) } }
        self.player = player
        player.startAnimation()
    }

    /// Lands every captured animation at its end (or start) so their completion blocks run, as UIKit does when the
    /// transition's time reaches an end.
    private func end(at target: Double) {
        percentComplete = target
        apply(target)
        let animators = captured
        captured = []
        player = nil
        context = nil
        driver = nil
        phase = .idle
        for (animator, _) in animators {
            animator.stopAnimation(false)
            animator.finishAnimation(at: target == 1 ? .end : .start)
        }
    }
}
