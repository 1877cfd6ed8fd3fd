import ModalKit

extension NavigationScene {
    /// The seed's UIKit code with the tuned values, for an export.
    public static func uikitSnippet(_ v: SnippetValues) -> String {
        """
        final class Interactor: UIPercentDrivenInteractiveTransition {
            var hasStarted = false
            var shouldFinish = false
        }

        final class DismissAnimator: NSObject, UIViewControllerAnimatedTransitioning {
            func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { \(v.number("duration")) }

            func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
                guard let fromVC = transitionContext.viewController(forKey: .from),
                      let toVC = transitionContext.viewController(forKey: .to) else { return }
                transitionContext.containerView.insertSubview(toVC.view, belowSubview: fromVC.view)
                let bounds = transitionContext.containerView.bounds
                UIView.animate(withDuration: transitionDuration(using: transitionContext), animations: {
                    fromVC.view.frame = CGRect(origin: CGPoint(x: 0, y: bounds.height), size: bounds.size)
                }, completion: { _ in transitionContext.completeTransition(!transitionContext.transitionWasCancelled) })
            }
        }

        final class ModalNavigationController: UINavigationController {
            var interactor: Interactor?

            func handleGesture(_ sender: UIPanGestureRecognizer) {
        \(InteractorScene.interactorRule(v, indent: "        "))
            }
        }

        /// The root view controller forwards its pan (below the bar) to the navigation controller.
        final class ModalViewController: UIViewController {
            override func viewDidLoad() {
                super.viewDidLoad()
                view.addGestureRecognizer(UIPanGestureRecognizer(target: self, action: #selector(handleGesture(_:))))
            }

            @objc func handleGesture(_ sender: UIPanGestureRecognizer) {
                (navigationController as? ModalNavigationController)?.handleGesture(sender)
            }
        }

        """
    }
}
