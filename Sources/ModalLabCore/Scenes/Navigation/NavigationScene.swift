import ModalKit

/// Seed 001: a modal navigation controller. The pan lives on the child's view (below the bar) and is forwarded to
/// the navigation controller, which runs the Interactor rule; the bar's Dismiss button dismisses without a drag.
public final class NavigationScene: ScreenScene, SceneSnippets {
    /// The scene's name, seed, summary and parameters.
    public static let info = SceneInfo(
        name: "navigation", title: "Navigation", seed: "Seed 001 · modal UINavigationController",
        summary: "Drag the content (not the bar) down: finishes past 30%; the bar's Dismiss button closes it.",
        parameters: [threshold.spec, duration.spec],
        notes: [
            "Progress is translation.y / the navigation controller's view height, as in the seed.",
            "As in the seed, shouldFinish is only updated on .changed (a release with no change reuses it).",
            "A press while the card finishes, cancels or presents is ignored, as on iOS (no .allowUserInteraction):",
            "the card plays on and the press goes to the screen the model puts under it."
        ])

    static let threshold = Parameter.number("threshold", 0 ... 1, default: 0.3, source: "seed 001: percentThreshold")
    static let duration = Parameter.number("duration", 0.01 ... 60, default: 1.0, source: "seed 001: DismissAnimator")

    public let root: PresentingViewController
    private let presenting: NavigationPresentingController

    /// The scene running with `parameters`, its modal not yet presented.
    public convenience init(parameters: SceneParameters) { self.init(parameters: parameters, screens: .drawn) }

    init(parameters: SceneParameters, screens: SceneScreens) {
        presenting = NavigationPresentingController(parameters: parameters, screens: screens)
        root = presenting
    }

    /// Presents the navigation controller as the seed's button does.
    public func present(animated: Bool) { presenting.handleButton(animated: animated) }

    /// Distance only: the release goes where the drag's progress says, whatever the speed.
    public var rule: some SceneRule {
        InteractorRule(
            interactor: presenting.interactor, distance: DistanceRule(threshold: presenting.threshold),
            lineY: TimingCurve.easeInOut.value(at: presenting.threshold) * presenting.view.bounds.height)
    }

    /// The dismissal's phase and percent.
    public var status: SceneStatus { transitionStatus(interactor: presenting.interactor) }
}

/// The seed's ViewController: builds the navigation controller, hands it the interactor, is its delegate.
final class NavigationPresentingController: PresentingViewController, ViewControllerTransitioningDelegate {
    let interactor = Interactor()
    let threshold: Double
    private let duration: Double
    private let screens: SceneScreens

    init(parameters: SceneParameters, screens: SceneScreens) {
        self.screens = screens
        threshold = parameters[NavigationScene.threshold]
        duration = parameters[NavigationScene.duration]
        super.init(info: NavigationScene.info, parameters: parameters, buttonTitle: "Present")
        screen = screens.presenting
        onPresent = { [unowned self] in handleButton(animated: true) }
    }

    func handleButton(animated: Bool) {
        let content = NavigationModalViewController()
        content.screen = screens.presented
        let nc = ModalNavigationController(rootViewController: content)
        nc.interactor = interactor
        nc.threshold = threshold
        nc.transitioningDelegate = self
        present(nc, animated: animated, completion: nil)
    }

    func animationController(forDismissed dismissed: ViewController) -> ViewControllerAnimatedTransitioning? {
        DismissAnimator(duration: duration)
    }

    func interactionControllerForDismissal(using animator: ViewControllerAnimatedTransitioning)
        -> ViewControllerInteractiveTransitioning?
    {
        interactor.hasStarted ? interactor : nil
    }
}

/// The seed's ModalNavigationController: runs the interactor rule for gestures its child forwards.
final class ModalNavigationController: NavigationController {
    var interactor: Interactor?
    var threshold = 0.3

    override func viewDidLoad() {
        super.viewDidLoad()
        view.shadow = ModalContent.cardShadow()
        view.accessibilityIdentifier = "modal"
    }

    func handleGesture(_ sender: PanGestureRecognizer) {
        guard let interactor else { return }
        InteractorGesture.handle(sender, in: view, interactor: interactor, threshold: threshold) {
            dismiss(animated: true, completion: nil)
        }
    }
}

/// The seed's ModalViewController: a Dismiss bar button, and a pan forwarded to the navigation controller.
final class NavigationModalViewController: ViewController {
    /// A scene file's picture of this screen, covering what the seed draws (nil: the seed's screen).
    var screen: SceneScreens.Screen?
    private var cover: ImageView?
    override init() {
        super.init()
        title = "Modal"
        navigationItem.rightBarButtonItem = BarButtonItem(title: "Dismiss") { [unowned self] in handleDismissButton() }
    }

    override func viewDidLoad() {
        view.backgroundColor = .white
        view.accessibilityIdentifier = "modal-content"
        _ = ModalContent.help("Drag down here to dismiss.", in: view, y: 24)
        _ = ModalContent.help("Dragging the bar does nothing.", in: view, y: 52)
        let pan = PanGestureRecognizer()
        pan.addTarget { [unowned self] in handleGesture($0) }
        view.addGestureRecognizer(pan)
        cover = SceneScreens.cover(view, with: screen)
    }

    override func viewDidLayoutSubviews() { cover?.frame = Rect(origin: .zero, size: view.bounds.size) }

    func handleDismissButton() { dismiss(animated: true, completion: nil) }

    func handleGesture(_ sender: PanGestureRecognizer) {
        (navigationController as? ModalNavigationController)?.handleGesture(sender)
    }
}
