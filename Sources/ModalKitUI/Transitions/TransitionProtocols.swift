import ModalKitBase
import ModalKitMotion

/// Keys for the two controllers of a transition. UIKit's `UITransitionContextViewControllerKey`.
public enum TransitionContextKey: Sendable {
    /// The controller on screen before the transition (the presenter when presenting).
    case from
    /// The controller on screen after the transition (the presented one when presenting).
    case to
}

/// Supplies the objects that animate and drive a presentation or dismissal. UIKit's
/// `UIViewControllerTransitioningDelegate`; every method is optional (nil means UIKit's default).
public protocol ViewControllerTransitioningDelegate: AnyObject {
    /// The animator for presenting `presented` from `presenting`; nil uses the default for its presentation style.
    func animationController(
        forPresented presented: ViewController, presenting: ViewController,
        source: ViewController
    ) -> ViewControllerAnimatedTransitioning?
    /// The animator for dismissing `dismissed`; nil uses the default for its presentation style.
    func animationController(forDismissed dismissed: ViewController) -> ViewControllerAnimatedTransitioning?
    /// The interaction controller that drives a presentation by `animator` from user input; nil animates on its own.
    func interactionControllerForPresentation(using animator: ViewControllerAnimatedTransitioning)
        -> ViewControllerInteractiveTransitioning?
    /// The interaction controller that drives a dismissal by `animator` from user input; nil animates on its own.
    func interactionControllerForDismissal(using animator: ViewControllerAnimatedTransitioning)
        -> ViewControllerInteractiveTransitioning?
}

extension ViewControllerTransitioningDelegate {
    /// Returns nil: the default animator for the presentation style.
    public func animationController(
        forPresented presented: ViewController, presenting: ViewController,
        source: ViewController
    ) -> ViewControllerAnimatedTransitioning? { nil }
    /// Returns nil: the default animator for the presentation style.
    public func animationController(forDismissed dismissed: ViewController) -> ViewControllerAnimatedTransitioning? {
        nil
    }
    /// Returns nil: the presentation animates on its own.
    public func interactionControllerForPresentation(using animator: ViewControllerAnimatedTransitioning)
        -> ViewControllerInteractiveTransitioning?
    { nil }
    /// Returns nil: the dismissal animates on its own.
    public func interactionControllerForDismissal(using animator: ViewControllerAnimatedTransitioning)
        -> ViewControllerInteractiveTransitioning?
    { nil }
}

/// Performs a transition's animations. UIKit's `UIViewControllerAnimatedTransitioning`.
public protocol ViewControllerAnimatedTransitioning: AnyObject {
    /// How long the transition's animations take, in seconds.
    func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> Double
    /// Adds the transition's views to the container and animates them; calls `completeTransition(_:)` when done.
    func animateTransition(using transitionContext: ViewControllerContextTransitioning)
    /// Called after the transition completed (`true`) or was cancelled (`false`).
    func animationEnded(_ transitionCompleted: Bool)
    /// An animator the interaction controller may drive directly instead of scrubbing captured animations.
    func interruptibleAnimator(using transitionContext: ViewControllerContextTransitioning) -> PropertyAnimator?
}

extension ViewControllerAnimatedTransitioning {
    /// Does nothing.
    public func animationEnded(_ transitionCompleted: Bool) {}
    /// Returns nil: the interaction controller scrubs the animations `animateTransition(using:)` makes.
    public func interruptibleAnimator(using transitionContext: ViewControllerContextTransitioning) -> PropertyAnimator?
    { nil }
}

/// Drives a transition from user input. UIKit's `UIViewControllerInteractiveTransitioning`.
public protocol ViewControllerInteractiveTransitioning: AnyObject {
    /// Begins driving the transition; the context's animator has not animated yet.
    func startInteractiveTransition(_ transitionContext: ViewControllerContextTransitioning)
    /// Whether the transition starts under the user's control (true) or plays on its own until paused.
    var wantsInteractiveStart: Bool { get }
    /// How much faster than its duration the rest of the transition plays after finish or cancel (1 = as fast).
    var completionSpeed: Double { get }
    /// The timing curve the rest of the transition follows after finish or cancel.
    var completionCurve: TimingCurve { get }
}

/// What an animator and an interaction controller know about a running transition. UIKit's
/// `UIViewControllerContextTransitioning`.
public protocol ViewControllerContextTransitioning: AnyObject {
    /// The view the transition's views live in while it runs (the window's transition container).
    var containerView: View { get }
    /// The controller leaving (`from`) or arriving (`to`).
    func viewController(forKey key: TransitionContextKey) -> ViewController?
    /// The view of the controller leaving (`from`) or arriving (`to`).
    func view(forKey key: TransitionContextKey) -> View?
    /// Where the controller's view starts, in the container's coordinates; `.zero` if the transition does not place it.
    func initialFrame(for viewController: ViewController) -> Rect
    /// Where the controller's view ends, in the container's coordinates; `.zero` when it leaves the screen.
    func finalFrame(for viewController: ViewController) -> Rect
    /// Whether the transition animates (false: it completes at once).
    var isAnimated: Bool { get }
    /// Whether an interaction controller is driving the transition now.
    var isInteractive: Bool { get }
    /// Whether the transition was cancelled and returns to where it started.
    var transitionWasCancelled: Bool { get }
    /// The presented controller's presentation style.
    var presentationStyle: ModalPresentationStyle { get }
    /// Reports how far the interactive transition has come, 0...1.
    func updateInteractiveTransition(_ percentComplete: Double)
    /// Reports that the user released and the transition will play to its end.
    func finishInteractiveTransition()
    /// Reports that the user released and the transition will play back to its start.
    func cancelInteractiveTransition()
    /// Reports that a transition playing on its own was handed back to the user.
    func pauseInteractiveTransition()
    /// Ends the transition; the animator calls it once its animations are done, with `false` if it was cancelled.
    func completeTransition(_ didComplete: Bool)
}
