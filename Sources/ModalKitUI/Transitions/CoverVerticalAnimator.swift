import ModalKitBase

/// UIKit's default modal transition when the delegate supplies no animator: the presented view slides up from the
/// bottom edge, and slides back down on dismissal. 0.5 s, ease-in-out.
public final class CoverVerticalAnimator: ViewControllerAnimatedTransitioning {
    /// The slide's length, in seconds: 0.5, as UIKit's.
    public static let duration = 0.5

    /// An animator for UIKit's cover-vertical slide.
    public init() {}

    /// Returns `duration`, 0.5 seconds.
    public func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> Double {
        CoverVerticalAnimator.duration
    }

    /// Slides the presented view up into place, or the dismissed one down out of the container.
    ///
    /// Both move by the container's height, ease-in-out, and complete the transition when the slide ends.
    public func animateTransition(using context: ViewControllerContextTransitioning) {
        guard let fromVC = context.viewController(forKey: .from), let toVC = context.viewController(forKey: .to) else {
            return
        }
        let container = context.containerView
        let height = container.bounds.height
        if context.viewController(forKey: .to)?.presentingViewController === fromVC {
            let final = context.finalFrame(for: toVC)
            toVC.view.frame = final.offsetBy(dx: 0, dy: height)
            container.addSubview(toVC.view)
            View.animate(
                withDuration: transitionDuration(using: context), animations: { toVC.view.frame = final },
                completion: { _ in context.completeTransition(!context.transitionWasCancelled) })
        } else {
            // The presenting view left the window when a full-screen presentation ended: bring it back behind.
            if toVC.view.window == nil {
                toVC.view.frame = context.finalFrame(for: toVC)
                container.insertSubview(toVC.view, belowSubview: fromVC.view)
            }
            let gone = context.initialFrame(for: fromVC).offsetBy(dx: 0, dy: height)
            View.animate(
                withDuration: transitionDuration(using: context), animations: { fromVC.view.frame = gone },
                completion: { _ in context.completeTransition(!context.transitionWasCancelled) })
        }
    }
}

/// The "animation" of `present(_:animated: false)` and `dismiss(animated: false)`: views move at once.
final class ImmediateTransitionAnimator: ViewControllerAnimatedTransitioning {
    func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> Double { 0 }

    func animateTransition(using context: ViewControllerContextTransitioning) {
        if let toVC = context.viewController(forKey: .to),
            toVC.presentingViewController === context.viewController(forKey: .from)
        {
            toVC.view.frame = context.finalFrame(for: toVC)
            context.containerView.addSubview(toVC.view)
        }
        context.completeTransition(true)
    }
}
