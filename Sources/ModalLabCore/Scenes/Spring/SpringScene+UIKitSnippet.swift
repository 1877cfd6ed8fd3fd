import ModalKit

extension SpringScene {
    /// The seed's UIKit code with the tuned values, for an export.
    public static func uikitSnippet(_ v: SnippetValues) -> String {
        """
        final class PresentAnimator: NSObject, UIViewControllerAnimatedTransitioning {
            func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { \(v.number("presentDuration")) }

            func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
                guard let toVC = transitionContext.viewController(forKey: .to) else { return }
                let finalFrame = transitionContext.finalFrame(for: toVC)
                toVC.view.frame = finalFrame.offsetBy(dx: 0, dy: UIScreen.main.bounds.height)
                transitionContext.containerView.addSubview(toVC.view)
                UIView.animate(withDuration: transitionDuration(using: transitionContext), delay: 0,
                               usingSpringWithDamping: \(v.number("damping")), initialSpringVelocity: 0, options: .curveLinear,
                               animations: { toVC.view.frame = finalFrame },
                               completion: { _ in transitionContext.completeTransition(true) })
            }
        }

        final class DismissAnimator: NSObject, UIViewControllerAnimatedTransitioning {
            func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { \(v.number("dismissDuration")) }

            func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
                guard let fromVC = transitionContext.viewController(forKey: .from) else { return }
                let bounds = transitionContext.containerView.bounds
                UIView.animate(withDuration: transitionDuration(using: transitionContext), animations: {
                    fromVC.view.frame = fromVC.view.frame.offsetBy(dx: 0, dy: bounds.height)
                }, completion: { _ in transitionContext.completeTransition(!transitionContext.transitionWasCancelled) })
            }
        }

        final class SwipeInteractionController: UIPercentDrivenInteractiveTransition {
            var interacting = false
            private var shouldComplete = false
            private weak var viewController: UIViewController?

            init(viewController: UIViewController) {
                self.viewController = viewController
                super.init()
                viewController.view.addGestureRecognizer(UIPanGestureRecognizer(target: self, action: #selector(handleGesture(_:))))
            }

            @objc func handleGesture(_ gesture: UIPanGestureRecognizer) {
                let translation = gesture.translation(in: gesture.view?.superview)
                let fraction = min(max(translation.y / \(v.number("distance")), 0), 1)
                switch gesture.state {
                case .began:
                    interacting = true
                    viewController?.dismiss(animated: true)
                case .changed:
                    shouldComplete = fraction > \(v.number("threshold"))
                    update(fraction)
                case .cancelled, .ended:
                    interacting = false
                    if !shouldComplete || gesture.state == .cancelled { cancel() } else { finish() }
                default:
                    break
                }
            }
        }

        """
    }
}
