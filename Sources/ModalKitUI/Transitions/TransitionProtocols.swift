import ModalKitBase
import ModalKitMotion

/// Keys for the two controllers of a transition. UIKit's `UITransitionContextViewControllerKey`.
public enum TransitionContextKey: Sendable { case from, to }

/// Supplies the objects that animate and drive a presentation or dismissal. UIKit's
/// `UIViewControllerTransitioningDelegate`; every method is optional (nil means UIKit's default).
public protocol ViewControllerTransitioningDelegate: AnyObject {
    func animationController(forPresented presented: ViewController, presenting: ViewController,
                             source: ViewController) -> ViewControllerAnimatedTransitioning?
    func animationController(forDismissed dismissed: ViewController) -> ViewControllerAnimatedTransitioning?
    func interactionControllerForPresentation(using animator: ViewControllerAnimatedTransitioning)
        -> ViewControllerInteractiveTransitioning?
    func interactionControllerForDismissal(using animator: ViewControllerAnimatedTransitioning)
        -> ViewControllerInteractiveTransitioning?
}

extension ViewControllerTransitioningDelegate {
    public func animationController(forPresented presented: ViewController, presenting: ViewController,
                                    source: ViewController) -> ViewControllerAnimatedTransitioning? { nil }
    public func animationController(forDismissed dismissed: ViewController) -> ViewControllerAnimatedTransitioning? { nil }
    public func interactionControllerForPresentation(using animator: ViewControllerAnimatedTransitioning)
        -> ViewControllerInteractiveTransitioning? { nil }
    public func interactionControllerForDismissal(using animator: ViewControllerAnimatedTransitioning)
        -> ViewControllerInteractiveTransitioning? { nil }
}

/// Performs a transition's animations. UIKit's `UIViewControllerAnimatedTransitioning`.
public protocol ViewControllerAnimatedTransitioning: AnyObject {
    func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> Double
    func animateTransition(using transitionContext: ViewControllerContextTransitioning)
    func animationEnded(_ transitionCompleted: Bool)
    /// An animator the interaction controller may drive directly instead of scrubbing captured animations.
    func interruptibleAnimator(using transitionContext: ViewControllerContextTransitioning) -> PropertyAnimator?
}

extension ViewControllerAnimatedTransitioning {
    public func animationEnded(_ transitionCompleted: Bool) {}
    public func interruptibleAnimator(using transitionContext: ViewControllerContextTransitioning) -> PropertyAnimator? { nil }
}

/// Drives a transition from user input. UIKit's `UIViewControllerInteractiveTransitioning`.
public protocol ViewControllerInteractiveTransitioning: AnyObject {
    func startInteractiveTransition(_ transitionContext: ViewControllerContextTransitioning)
    var wantsInteractiveStart: Bool { get }
    var completionSpeed: Double { get }
    var completionCurve: TimingCurve { get }
}

/// What an animator and an interaction controller know about a running transition. UIKit's
/// `UIViewControllerContextTransitioning`.
public protocol ViewControllerContextTransitioning: AnyObject {
    var containerView: View { get }
    func viewController(forKey key: TransitionContextKey) -> ViewController?
    func view(forKey key: TransitionContextKey) -> View?
    func initialFrame(for viewController: ViewController) -> Rect
    func finalFrame(for viewController: ViewController) -> Rect
    var isAnimated: Bool { get }
    var isInteractive: Bool { get }
    var transitionWasCancelled: Bool { get }
    var presentationStyle: ModalPresentationStyle { get }
    func updateInteractiveTransition(_ percentComplete: Double)
    func finishInteractiveTransition()
    func cancelInteractiveTransition()
    func pauseInteractiveTransition()
    func completeTransition(_ didComplete: Bool)
}
