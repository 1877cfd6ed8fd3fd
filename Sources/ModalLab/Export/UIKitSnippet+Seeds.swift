/// The seeds' code (000, 001, 003) in today's Swift, with the lab's values in place of the seeds' numbers.
extension UIKitSnippet {
    static func interactor(_ v: SnippetValues) -> String {
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
        \(interactorRule(v, indent: "        "))
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

    static func freeDrag(_ v: SnippetValues) -> String {
        """
        class ViewControllerPannable: UIViewController {
            var originalPosition: CGPoint?

            override func viewDidLoad() {
                super.viewDidLoad()
                view.addGestureRecognizer(UIPanGestureRecognizer(target: self, action: #selector(panGestureAction(_:))))
            }

            @objc func panGestureAction(_ panGesture: UIPanGestureRecognizer) {
                let translation = panGesture.translation(in: view)
                switch panGesture.state {
                case .began:
                    originalPosition = view.center
                case .changed:
                    view.frame.origin = CGPoint(x: translation.x, y: translation.y)
                case .ended where panGesture.velocity(in: view).y >= \(v.number("velocity")):
                    UIView.animate(withDuration: \(v.number("duration")), animations: {
                        self.view.frame.origin = CGPoint(x: self.view.frame.origin.x, y: self.view.frame.size.height)
                    }, completion: { isCompleted in
                        if isCompleted { self.dismiss(animated: false) }
                    })
                default:
                    guard let originalPosition else { return }
                    UIView.animate(withDuration: \(v.number("duration"))) { self.view.center = originalPosition }
                }
            }
        }

        """
    }

    static func pannable(_ v: SnippetValues) -> String {
        """
        class PannableViewController: UIViewController {
            public var minimumVelocityToHide: CGFloat = \(v.number("minimumVelocityToHide"))
            public var minimumScreenRatioToHide: CGFloat = \(v.number("minimumScreenRatioToHide"))
            public var animationDuration: TimeInterval = \(v.number("animationDuration"))

            override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
                super.init(nibName: nil, bundle: nil)
                modalPresentationStyle = .overFullScreen
                modalTransitionStyle = .coverVertical
            }

            required init?(coder aDecoder: NSCoder) {
                super.init(coder: aDecoder)
                modalPresentationStyle = .overFullScreen
                modalTransitionStyle = .coverVertical
            }

            override func viewDidLoad() {
                super.viewDidLoad()
                view.addGestureRecognizer(UIPanGestureRecognizer(target: self, action: #selector(onPan(_:))))
            }

            @objc func onPan(_ panGesture: UIPanGestureRecognizer) {
                func slideViewVerticallyTo(_ y: CGFloat) { view.frame.origin = CGPoint(x: 0, y: y) }
                switch panGesture.state {
                case .began, .changed:
                    slideViewVerticallyTo(max(0, panGesture.translation(in: view).y))
                case .ended:
                    let translation = panGesture.translation(in: view)
                    let velocity = panGesture.velocity(in: view)
                    let closing = translation.y > view.frame.size.height * minimumScreenRatioToHide
                        || velocity.y > minimumVelocityToHide
                    if closing {
                        UIView.animate(withDuration: animationDuration, animations: {
                            slideViewVerticallyTo(self.view.frame.size.height)
                        }, completion: { isCompleted in
                            if isCompleted { self.dismiss(animated: false) }
                        })
                    } else {
                        UIView.animate(withDuration: animationDuration) { slideViewVerticallyTo(0) }
                    }
                default:
                    UIView.animate(withDuration: animationDuration) { slideViewVerticallyTo(0) }
                }
            }
        }

        """
    }

    static func navigation(_ v: SnippetValues) -> String {
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
        \(interactorRule(v, indent: "        "))
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

    static func spring(_ v: SnippetValues) -> String {
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
