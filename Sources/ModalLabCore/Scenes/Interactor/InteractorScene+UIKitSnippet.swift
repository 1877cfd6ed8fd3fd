import ModalKit

extension InteractorScene {
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
                let containerView = transitionContext.containerView
                containerView.insertSubview(toVC.view, belowSubview: fromVC.view)
                let screenBounds = containerView.bounds
                let finalFrame = CGRect(origin: CGPoint(x: 0, y: screenBounds.height), size: screenBounds.size)
                UIView.animate(withDuration: transitionDuration(using: transitionContext), delay: 0,
                               options: [\(v.curveOption("curve"))],
                               animations: { fromVC.view.frame = finalFrame },
                               completion: { _ in transitionContext.completeTransition(!transitionContext.transitionWasCancelled) })
            }
        }

        final class ViewController: UIViewController, UIViewControllerTransitioningDelegate {
            let interactor: Interactor = {
                let interactor = Interactor()
                interactor.completionSpeed = \(v.number("completionSpeed"))
                interactor.completionCurve = \(v.animationCurve("completionCurve"))
                return interactor
            }()

            func presentModal() {
                let modal = ModalViewController()
                modal.transitioningDelegate = self
                modal.interactor = interactor
                present(modal, animated: true)
            }

            func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
                DismissAnimator()
            }

            func interactionControllerForDismissal(using animator: UIViewControllerAnimatedTransitioning)
                -> UIViewControllerInteractiveTransitioning? {
                interactor.hasStarted ? interactor : nil
            }
        }

        final class ModalViewController: UIViewController {
            var interactor: Interactor?

            override func viewDidLoad() {
                super.viewDidLoad()
                view.addGestureRecognizer(UIPanGestureRecognizer(target: self, action: #selector(handleGesture(_:))))
            }

            @objc func handleGesture(_ sender: UIPanGestureRecognizer) {
        \(InteractorScene.interactorRule(v, indent: "        "))
            }
        }

        """
    }

    /// Seeds 000 and 001's handler body: progress down the height, finish past the threshold.
    static func interactorRule(_ v: SnippetValues, indent: String) -> String {
        """
        let percentThreshold: CGFloat = \(v.number("threshold"))
        let translation = sender.translation(in: view)
        let progress = min(max(translation.y / view.bounds.height, 0), 1)
        guard let interactor else { return }
        switch sender.state {
        case .began:
            interactor.hasStarted = true
            dismiss(animated: true)
        case .changed:
            interactor.shouldFinish = progress > percentThreshold
            interactor.update(progress)
        case .cancelled:
            interactor.hasStarted = false
            interactor.cancel()
        case .ended:
            interactor.hasStarted = false
            interactor.shouldFinish ? interactor.finish() : interactor.cancel()
        default:
            break
        }
        """.split(separator: "\n", omittingEmptySubsequences: false).map { indent + $0 }.joined(separator: "\n")
    }
}
