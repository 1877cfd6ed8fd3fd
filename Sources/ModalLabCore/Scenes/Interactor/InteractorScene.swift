import ModalKit

/// Seed 000, first answer: the presenting controller is the modal's transitioning delegate, returning a
/// DismissAnimator and, only while a drag has started, the Interactor. The modal's pan drives the interactor.
public final class InteractorScene: ScreenScene, SceneSnippets {
    /// The scene's name, seed, summary and parameters.
    public static let info = SceneInfo(
        name: "interactor", title: "Interactor", seed: "Seed 000 · percent-driven Interactor",
        summary: "Drag down: a percent-driven dismissal that finishes past 30% of the height.",
        parameters: [threshold.spec, duration.spec, curve.spec, completionSpeed.spec, completionCurve.spec],
        notes: [
            "The DismissAnimator inserts the presenting view at the start (seed 001's correction of seed 000's typo).",
            "The modal has a soft shadow so its edge reads while dragged (ours; no effect on behaviour).",
            "As in the seed, shouldFinish is only updated on .changed: a drag whose release comes with no change in",
            "between reuses the previous drag's decision.",
            "A press while the card finishes, cancels or is closed is ignored, as on iOS (the seed passes no",
            ".allowUserInteraction): the card plays on and the press goes to the screen the model puts under it."
        ])

    static let threshold = Parameter.number("threshold", 0 ... 1, default: 0.3, source: "seed 000: percentThreshold")
    static let duration = Parameter.number(
        "duration", 0.01 ... 60, default: 0.6, source: "seed 000: DismissAnimator.transitionDuration")
    static let curve = Parameter.curve("curve", default: .easeInOut, source: "UIKit: UIView.animate default curve")
    static let completionSpeed = Parameter.number("completionSpeed", 0.01 ... 100, default: 1, source: "UIKit default")
    static let completionCurve = Parameter.curve("completionCurve", default: .easeInOut, source: "UIKit default")

    public let root: PresentingViewController
    private let presenting: InteractorPresentingController

    /// The scene running with `parameters`, its modal not yet presented.
    public convenience init(parameters: SceneParameters) { self.init(parameters: parameters, screens: .drawn) }

    init(parameters: SceneParameters, screens: SceneScreens) {
        presenting = InteractorPresentingController(parameters: parameters, screens: screens)
        root = presenting
    }

    /// Presents the modal with the seed's segue.
    public func present(animated: Bool) { presenting.presentModal(animated: animated) }

    /// Distance only: the release goes where the drag's progress says, whatever the speed.
    public var rule: some SceneRule {
        InteractorRule(
            interactor: presenting.interactor, distance: DistanceRule(threshold: presenting.threshold),
            lineY: presenting.curve.value(at: presenting.threshold) * presenting.view.bounds.height)
    }

    /// The dismissal's phase and percent.
    public var status: SceneStatus { transitionStatus(interactor: presenting.interactor) }
}

/// The seed's ViewController: presents the modal and is its transitioning delegate.
final class InteractorPresentingController: PresentingViewController, ViewControllerTransitioningDelegate {
    let interactor = Interactor()
    let threshold: Double
    let curve: TimingCurve
    private let duration: Double
    private let screens: SceneScreens

    init(parameters: SceneParameters, screens: SceneScreens) {
        self.screens = screens
        threshold = parameters[InteractorScene.threshold]
        duration = parameters[InteractorScene.duration]
        curve = parameters[InteractorScene.curve]
        interactor.completionSpeed = parameters[InteractorScene.completionSpeed]
        interactor.completionCurve = parameters[InteractorScene.completionCurve]
        super.init(info: InteractorScene.info, parameters: parameters)
        screen = screens.presenting
        onPresent = { [unowned self] in presentModal(animated: true) }
    }

    /// The seed's segue: the modal gets this controller as its delegate and the shared interactor.
    func presentModal(animated: Bool) {
        let destination = InteractorModalController()
        destination.transitioningDelegate = self
        destination.interactor = interactor
        destination.threshold = threshold
        destination.screen = screens.presented
        present(destination, animated: animated)
    }

    func animationController(forDismissed dismissed: ViewController) -> ViewControllerAnimatedTransitioning? {
        DismissAnimator(duration: duration, curve: curve)
    }

    func interactionControllerForDismissal(using animator: ViewControllerAnimatedTransitioning)
        -> ViewControllerInteractiveTransitioning?
    {
        interactor.hasStarted ? interactor : nil
    }
}

/// The seed's ModalViewController: a Close button and a pan on its view.
final class InteractorModalController: ViewController {
    var interactor: Interactor?
    var threshold = 0.3
    let closeButton = Button(title: "Close")
    /// A scene file's picture of this screen, covering what the seed draws (nil: the seed's screen).
    var screen: SceneScreens.Screen?
    private var cover: ImageView?
    /// The Close button, the title and the help line, top to bottom.
    private var content: [View] = []

    override func viewDidLoad() {
        title = "modal"
        view.backgroundColor = .white
        view.shadow = ModalContent.cardShadow()
        view.accessibilityIdentifier = "modal"
        closeButton.frame = Rect(x: 8, y: 24, width: 70, height: 44)
        closeButton.accessibilityIdentifier = "close"
        closeButton.addAction { [unowned self] in close() }
        view.addSubview(closeButton)
        content = [
            closeButton, ModalContent.title("Modal", in: view), ModalContent.help("Drag down to dismiss.", in: view)
        ]
        let pan = PanGestureRecognizer()
        pan.addTarget { [unowned self] in handleGesture($0) }
        view.addGestureRecognizer(pan)
        cover = SceneScreens.cover(view, with: screen)
    }

    override func viewDidLayoutSubviews() {
        cover?.frame = Rect(origin: .zero, size: view.bounds.size)
        // Laid out under a 20-point status bar (y 24, 72, 120): a phone's taller one moves them down with it.
        let shift = view.screenStatusBarShift
        for (view, y) in zip(content, [24.0, 72, 120]) {
            view.frame = Rect(x: view.frame.minX, y: y + shift, width: view.frame.width, height: view.frame.height)
        }
    }

    func close() { dismiss(animated: true) }

    func handleGesture(_ sender: PanGestureRecognizer) {
        guard let interactor else { return }
        InteractorGesture.handle(sender, in: view, interactor: interactor, threshold: threshold) {
            dismiss(animated: true)
        }
    }
}
