import ModalKit

/// Seed 000, second answer: yellow Modal One presents green Modal Two; both follow the pointer freely and leave
/// on a downward flick of `velocity` or more.
public final class FreeDragScene: ScreenScene, SceneSnippets {
    /// The scene's name, seed, summary and parameters.
    public static let info = SceneInfo(
        name: "free-drag", title: "Free Drag", seed: "Seed 000 · ViewControllerPannable",
        summary: "Drag anywhere: the card follows the pointer; a downward flick at 1500 pt/s dismisses.",
        parameters: [velocity.spec, duration.spec],
        notes: [
            "Both modals are .fullScreen: behind a card dragged by hand is the window's black background.",
            "The seed handles only began, changed and ended; a cancelled drag goes back like a slow release.",
            "A press on a card while it springs back or slides away is ignored, as on iOS (the seed passes no",
            ".allowUserInteraction): nothing begins, the card goes on where the seed sent it."
        ])

    static let velocity = Parameter.number(
        "velocity", 0 ... 100_000, default: 1500, source: "seed 000: velocity.y >= 1500")
    static let duration = Parameter.number(
        "duration", 0.01 ... 60, default: 0.2, source: "seed 000: animate(withDuration: 0.2)")

    public let root: PresentingViewController
    private let presenting: FreeDragPresentingController
    private let flick: FlickRule

    /// The scene running with `parameters`, its modal not yet presented.
    public convenience init(parameters: SceneParameters) { self.init(parameters: parameters, screens: .drawn) }

    init(parameters: SceneParameters, screens: SceneScreens) {
        flick = ViewControllerPannable.rule(velocity: parameters[FreeDragScene.velocity])
        presenting = FreeDragPresentingController(parameters: parameters, screens: screens)
        root = presenting
    }

    /// Presents Modal One.
    public func present(animated: Bool) { presenting.presentModalOne(animated: animated) }

    private var top: ViewControllerPannable? {
        (presenting.presentedViewController?.presentedViewController ?? presenting.presentedViewController)
            as? ViewControllerPannable
    }

    /// The seed's flick, read live from the top modal; no distance, so no threshold line.
    public var rule: some SceneRule { FreeDragRule(top: top, flick: flick) }

    /// Modal One or Two: its drag, or its slide back or away.
    public var status: SceneStatus {
        SceneStatus(phase: phase, progress: top.map { $0.view.presentedFrame.minY / max($0.view.bounds.height, 1) })
    }

    private var phase: Phase {
        if let p = transitionPhase(interactor: nil) { return p }
        guard let top else { return .idle }
        if top.panGestureRecognizer?.isActive == true { return .interactive }
        if top.isSettling { return top.closing == true ? .finishing : .cancelling }
        return .idle
    }

    public func traceName(for controller: ViewController) -> String {
        if controller === root { return "presenting" }
        return controller is ModalTwoViewController ? "modal-two" : "modal-one"
    }
}

/// The free-drag seed's flick rule, read live from the modal on top.
struct FreeDragRule: SceneRule {
    /// The modal on top, if one is up.
    let top: ViewControllerPannable?
    /// The seed's `velocity.y >= 1500`.
    let flick: FlickRule

    var velocityThreshold: Double? { flick.velocityThreshold }
    func summary(outcome: String) -> String { flick.summary(outcome: outcome) }
    func verdict(_ reading: ReleaseReading) -> ReleaseVerdict { flick.verdict(reading) }

    /// "velocity.y 900 < 1500: will go back".
    func writeReadout(into text: inout TextBuffer) -> Bool? {
        guard let top, let pan = top.panGestureRecognizer else { return nil }
        let v = pan.velocity(in: top.view).y
        let dismiss = top.dismisses(velocity: pan.velocity(in: top.view))
        text.append("velocity.y ")
        text.append(v, digits: 0)
        text.append(dismiss ? " ≥ " : " < ")
        text.append(top.minimumVelocity, digits: 0)
        text.append(dismiss ? ": will dismiss" : ": will go back")
        return dismiss
    }
}

/// The seed's MainViewController: its button presents Modal One.
final class FreeDragPresentingController: PresentingViewController {
    let minimumVelocity: Double
    private let duration: Double
    private let screens: SceneScreens

    init(parameters: SceneParameters, screens: SceneScreens) {
        minimumVelocity = parameters[FreeDragScene.velocity]
        duration = parameters[FreeDragScene.duration]
        self.screens = screens
        super.init(info: FreeDragScene.info, parameters: parameters, buttonTitle: "Present Modal One")
        screen = screens.presenting
        onPresent = { [unowned self] in presentModalOne(animated: true) }
    }

    func presentModalOne(animated: Bool) {
        let one = ModalOneViewController()
        one.configure(velocity: minimumVelocity, duration: duration)
        one.screen = screens.presented
        present(one, animated: animated)
    }
}

/// Yellow, with a button that presents Modal Two.
final class ModalOneViewController: ViewControllerPannable {
    let nextButton = Button(
        title: "Present Modal Two", titleColor: .white, font: .preferredFont(forTextStyle: .headline))

    override func viewDidLoad() {
        super.viewDidLoad()
        dress(name: "modal-one", title: "Modal One", color: .yellow, help: "Flick down to dismiss.")
        nextButton.backgroundColor = Color(white: 0, alpha: 0.75)
        nextButton.cornerRadius = 12
        nextButton.accessibilityIdentifier = "next"
        nextButton.frame = Rect(x: 16, y: 170, width: view.bounds.width - 32, height: 50)
        nextButton.addAction { [unowned self] in click() }
        view.addSubview(nextButton)
        showScreen()
    }

    func click() {
        let two = ModalTwoViewController()
        two.configure(velocity: minimumVelocity, duration: animationDuration)
        present(two, animated: true)
    }
}

/// Green, the top of the stack.
final class ModalTwoViewController: ViewControllerPannable {
    override func viewDidLoad() {
        super.viewDidLoad()
        dress(name: "modal-two", title: "Modal Two", color: .green, help: "Flick down to go back to Modal One.")
    }
}
