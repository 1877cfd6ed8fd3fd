import ModalKit

/// Seed 003: Apple's sample around UIViewControllerAnimatedTransitioning. The modal arrives on a duration-based
/// spring (damping 0.6) and is dismissed interactively over 400 points, completing past half of them.
public final class SpringScene: ScreenScene, SceneSnippets {
    /// The scene's name, seed, summary and parameters.
    public static let info = SceneInfo(
        name: "spring", title: "Spring", seed: "Seed 003 · animator with a spring",
        summary: "Present to see the spring; drag down 400 pt: completes past half of them.",
        parameters: [presentDuration.spec, damping.spec, distance.spec, threshold.spec, dismissDuration.spec],
        notes: [
            "The spring is fitted to end at presentDuration: stiffness is chosen so the motion settles (within 0.5 pt",
            "and slower than 30 pt/s over 1000 pt) exactly at the duration (see Spring.init(duration:dampingRatio:)).",
            "The dismissal animator slides the modal down off screen, ease-in-out (not in the seed).",
            "As in the seed, shouldComplete is only updated on .changed (a release with no change reuses it).",
            "A press on the modal while it springs in, finishes or cancels is ignored, as on iOS (the seed passes no",
            ".allowUserInteraction): the motion plays on; the modal can be dragged once it rests."
        ])

    static let presentDuration = Parameter.number(
        "presentDuration", 0.01 ... 60, default: 0.8, source: "ours: the seed does not give it")
    static let damping = Parameter.number(
        "damping", 0.01 ... 1, default: 0.6, source: "seed 003: usingSpringWithDamping:0.6")
    static let distance = Parameter.number(
        "distance", 1 ... 100_000, default: 400, source: "seed 003: translation.y / 400.0")
    static let threshold = Parameter.number("threshold", 0 ... 1, default: 0.5, source: "seed 003: fraction > 0.5")
    static let dismissDuration = Parameter.number(
        "dismissDuration", 0.01 ... 60, default: 0.4, source: "ours: the seed has no dismissal animator")

    public let root: PresentingViewController
    private let presenting: SpringPresentingController

    /// The scene running with `parameters`, its modal not yet presented.
    public convenience init(parameters: SceneParameters) { self.init(parameters: parameters, screens: .drawn) }

    init(parameters: SceneParameters, screens: SceneScreens) {
        presenting = SpringPresentingController(parameters: parameters, screens: screens)
        root = presenting
    }

    /// Presents the modal on the seed's spring.
    public func present(animated: Bool) { presenting.presentModal(animated: animated) }

    /// Distance only: the release goes where the drag's progress says, whatever the speed.
    public var rule: some SceneRule {
        SpringRule(
            interactor: presenting.interactor,
            lineY: TimingCurve.easeInOut.value(at: presenting.interactor.threshold) * presenting.view.bounds.height)
    }

    /// The dismissal's phase and percent.
    public var status: SceneStatus { transitionStatus(interactor: presenting.interactor) }
}

/// Seed 003's rule: complete past half of the distance, read live from its interaction controller.
struct SpringRule: SceneRule {
    /// The controller the drag drives.
    let interactor: SwipeInteractionController
    /// The marker's height, window points.
    let lineY: Double

    private var distance: DistanceRule { DistanceRule(threshold: interactor.threshold) }
    /// Distance only: no flick speed.
    var velocityThreshold: Double? { nil }
    func summary(outcome: String) -> String { distance.summary(outcome: outcome) }
    func verdict(_ reading: ReleaseReading) -> ReleaseVerdict { distance.verdict(reading) }

    /// "fraction 0.62 > 0.50: will complete".
    func writeReadout(into text: inout TextBuffer) -> Bool? {
        let fraction = interactor.percentComplete, threshold = interactor.threshold
        let complete = interactor.completes(fraction: fraction)
        text.appendComparison("fraction", fraction, threshold, digits: 2)
        text.append(complete ? ": will complete" : ": will cancel")
        return complete
    }

    var marker: RuleMarker? { RuleMarker(y: lineY) }
}

/// Presents the modal with the spring animator and wires the interactive transition to it.
final class SpringPresentingController: PresentingViewController, ViewControllerTransitioningDelegate {
    let interactor: SwipeInteractionController
    private let presentAnimator: SpringPresentAnimator
    private let dismissDuration: Double
    private let screens: SceneScreens

    init(parameters: SceneParameters, screens: SceneScreens) {
        self.screens = screens
        presentAnimator = SpringPresentAnimator(
            duration: parameters[SpringScene.presentDuration],
            damping: parameters[SpringScene.damping])
        interactor = SwipeInteractionController(
            distance: parameters[SpringScene.distance],
            threshold: parameters[SpringScene.threshold])
        dismissDuration = parameters[SpringScene.dismissDuration]
        super.init(info: SpringScene.info, parameters: parameters)
        screen = screens.presenting
        onPresent = { [unowned self] in presentModal(animated: true) }
    }

    func presentModal(animated: Bool) {
        let vc = SpringModalViewController()
        vc.screen = screens.presented
        vc.transitioningDelegate = self
        interactor.wire(to: vc)
        present(vc, animated: animated, completion: nil)
    }

    func animationController(
        forPresented presented: ViewController, presenting: ViewController,
        source: ViewController
    ) -> ViewControllerAnimatedTransitioning? { presentAnimator }

    func animationController(forDismissed dismissed: ViewController) -> ViewControllerAnimatedTransitioning? {
        SlideDownDismissAnimator(duration: dismissDuration)
    }

    func interactionControllerForDismissal(using animator: ViewControllerAnimatedTransitioning)
        -> ViewControllerInteractiveTransitioning?
    {
        interactor.interacting ? interactor : nil
    }
}

/// Seed 003's animateTransition: the presented view starts a screen height below its final frame and springs up.
final class SpringPresentAnimator: ViewControllerAnimatedTransitioning {
    let duration: Double
    let damping: Double

    init(duration: Double, damping: Double) { self.duration = duration; self.damping = damping }

    func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> Double { duration }

    func animateTransition(using transitionContext: ViewControllerContextTransitioning) {
        // 1. Get controllers from transition context
        guard let toVC = transitionContext.viewController(forKey: .to) else { return }
        // 2. Set init frame for toVC
        let screenBounds = transitionContext.containerView.bounds
        let finalFrame = transitionContext.finalFrame(for: toVC)
        toVC.view.frame = finalFrame.offsetBy(dx: 0, dy: screenBounds.height)
        // 3. Add toVC's view to containerView
        transitionContext.containerView.addSubview(toVC.view)
        // 4. Do animate now
        View.animate(
            withDuration: transitionDuration(using: transitionContext), delay: 0,
            usingSpringWithDamping: damping, initialSpringVelocity: 0, options: .curveLinear,
            animations: { toVC.view.frame = finalFrame },
            completion: { _ in
                // 5. Tell context that we completed.
                transitionContext.completeTransition(true)
            })
    }
}

/// The dismissal the seed leaves out: slide down off screen, ease-in-out.
final class SlideDownDismissAnimator: ViewControllerAnimatedTransitioning {
    let duration: Double
    init(duration: Double) { self.duration = duration }

    func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> Double { duration }

    func animateTransition(using transitionContext: ViewControllerContextTransitioning) {
        guard let fromVC = transitionContext.viewController(forKey: .from),
            let toVC = transitionContext.viewController(forKey: .to)
        else { return }
        if toVC.view.window == nil {
            transitionContext.containerView.insertSubview(toVC.view, belowSubview: fromVC.view)
        }
        let gone = transitionContext.initialFrame(for: fromVC).offsetBy(
            dx: 0, dy: transitionContext.containerView.bounds.height)
        View.animate(
            withDuration: duration, animations: { fromVC.view.frame = gone },
            completion: { _ in transitionContext.completeTransition(!transitionContext.transitionWasCancelled) })
    }
}

/// Seed 003's interaction controller: a percent-driven transition with `interacting` and `shouldComplete`, wired
/// to the presented controller's view.
final class SwipeInteractionController: PercentDrivenInteractiveTransition {
    var interacting = false
    private var shouldComplete = false
    private weak var presentedVC: ViewController?
    let distance: Double
    let threshold: Double

    init(distance: Double, threshold: Double) {
        self.distance = distance
        self.threshold = threshold
        super.init()
    }

    func wire(to viewController: ViewController) {
        presentedVC = viewController
        let gesture = PanGestureRecognizer()
        gesture.addTarget { [unowned self] in handleGesture($0) }
        viewController.view.addGestureRecognizer(gesture)
    }

    /// The seed's rule: complete past `threshold` of `distance`. The HUD evaluates this same function live.
    func completes(fraction: Double) -> Bool { DistanceRule(threshold: threshold).finishes(progress: fraction) }

    func handleGesture(_ gestureRecognizer: PanGestureRecognizer) {
        let translation = gestureRecognizer.translation(in: gestureRecognizer.view?.superview)
        switch gestureRecognizer.state {
        case .began:
            // 1. Mark the interacting flag. Used when supplying it in delegate.
            interacting = true
            presentedVC?.presentingViewController?.dismiss(animated: true, completion: nil)
        case .changed:
            // 2. Calculate the percentage of gesture, limited to 0...1.
            let fraction = min(max(translation.y / distance, 0.0), 1.0)
            shouldComplete = completes(fraction: fraction)
            update(fraction)
        case .ended, .cancelled:
            // 3. Gesture over. Check if the transition should happen or not.
            interacting = false
            if !shouldComplete || gestureRecognizer.state == .cancelled {
                cancel()
            } else {
                finish()
            }
        default:
            break
        }
    }
}

/// The presented controller of the spring scene.
final class SpringModalViewController: ViewController {
    /// A scene file's picture of this screen, covering what the seed draws (nil: the seed's screen).
    var screen: SceneScreens.Screen?
    private var cover: ImageView?
    override func viewDidLoad() {
        title = "modal"
        view.backgroundColor = .white
        view.shadow = ModalContent.cardShadow()
        view.accessibilityIdentifier = "modal"
        _ = ModalContent.title("Spring", in: view)
        _ = ModalContent.help("Drag down 400 pt; past half completes.", in: view)
        cover = SceneScreens.cover(view, with: screen)
    }

    override func viewDidLayoutSubviews() { cover?.frame = Rect(origin: .zero, size: view.bounds.size) }
}
