import ModalKit

/// Seed 000, third answer: an `.overFullScreen` modal that slides vertically only (never above the top) and
/// closes when released past half its height or flicked down faster than 1500 points per second.
public final class PannableScene: ScreenScene, SceneSnippets {
    /// The scene's name, seed, summary and parameters.
    public static let info = SceneInfo(
        name: "pannable", title: "Pannable", seed: "Seed 000 · PannableViewController",
        summary: "Drag down: closes past half the height or on a 1500 pt/s flick; the screen behind stays visible.",
        parameters: [minimumVelocityToHide.spec, minimumScreenRatioToHide.spec, animationDuration.spec],
        notes: [
            "The modal has a soft shadow so its edge reads over the screen behind (ours; no effect on behaviour).",
            "A press on the card while it slides back or away is ignored, as on iOS (the seed passes no",
            ".allowUserInteraction): nothing begins and the slide plays on."
        ])

    static let minimumVelocityToHide = Parameter.number(
        "minimumVelocityToHide", 0 ... 100_000, default: 1500, source: "seed 000: minimumVelocityToHide")
    static let minimumScreenRatioToHide = Parameter.number(
        "minimumScreenRatioToHide", 0 ... 1, default: 0.5, source: "seed 000: minimumScreenRatioToHide")
    static let animationDuration = Parameter.number(
        "animationDuration", 0.01 ... 60, default: 0.2, source: "seed 000: animationDuration")

    public let root: PresentingViewController
    private let parameters: SceneParameters
    private let screens: SceneScreens

    /// The scene running with `parameters`, its modal not yet presented.
    public convenience init(parameters: SceneParameters) { self.init(parameters: parameters, screens: .drawn) }

    init(parameters: SceneParameters, screens: SceneScreens) {
        self.parameters = parameters
        self.screens = screens
        root = PresentingViewController(info: PannableScene.info, parameters: parameters)
        root.screen = screens.presenting
        root.onPresent = { [unowned self] in present(animated: true) }
    }

    private func makeModal() -> PannableViewController {
        let modal = PannableViewController()
        modal.minimumVelocityToHide = parameters[PannableScene.minimumVelocityToHide]
        modal.minimumScreenRatioToHide = parameters[PannableScene.minimumScreenRatioToHide]
        modal.animationDuration = parameters[PannableScene.animationDuration]
        modal.screen = screens.presented
        return modal
    }

    /// Presents a pannable modal.
    public func present(animated: Bool) { root.present(makeModal(), animated: animated) }

    private var modal: PannableViewController? { root.presentedViewController as? PannableViewController }

    /// The seed's rule: the flick judged against every estimator, the distance the HUD's threshold line.
    public var rule: some SceneRule {
        PannableRule(
            modal: modal, flick: PannableViewController.rule(velocity: parameters[PannableScene.minimumVelocityToHide]),
            lineY: parameters[PannableScene.minimumScreenRatioToHide] * root.view.bounds.height)
    }

    /// The modal's drag, or its slide back or away, and its travel.
    public var status: SceneStatus {
        SceneStatus(phase: phase, progress: modal.map { $0.view.presentedFrame.minY / max($0.view.bounds.height, 1) })
    }

    private var phase: Phase {
        if let p = transitionPhase(interactor: nil) { return p }
        guard let modal else { return .idle }
        if modal.panGesture?.isActive == true { return .interactive }
        if modal.isSettling { return modal.closing ? .finishing : .cancelling }
        return .idle
    }
}

/// The pannable seed's rule, read live from the modal on screen: the flick half for the inspector's verdicts,
/// the distance half as the HUD's threshold line.
struct PannableRule: SceneRule {
    /// The modal on screen, if one is up.
    let modal: PannableViewController?
    /// The flick half of the seed's rule.
    let flick: FlickRule
    /// The distance half: where the card's top must pass, window points.
    let lineY: Double

    var velocityThreshold: Double? { flick.velocityThreshold }
    func summary(outcome: String) -> String { flick.summary(outcome: outcome) }
    func verdict(_ reading: ReleaseReading) -> ReleaseVerdict { flick.verdict(reading) }

    /// "y 120 < 333 or v 900 < 1500: will reset".
    func writeReadout(into text: inout TextBuffer) -> Bool? {
        guard let modal, let pan = modal.panGesture else { return nil }
        let translation = pan.translation(in: modal.view), velocity = pan.velocity(in: modal.view)
        let y = translation.y, v = velocity.y, limit = modal.closingDistance
        let closing = modal.closes(translation: translation, velocity: velocity)
        text.appendComparison("y", y, limit, digits: 0)
        text.appendComparison(" or v", v, modal.minimumVelocityToHide, digits: 0)
        text.append(closing ? ": will close" : ": will reset")
        return closing
    }

    var marker: RuleMarker? { RuleMarker(y: lineY) }
}

/// The seed's PannableViewController, with its three exposed parameters.
final class PannableViewController: ViewController {
    var minimumVelocityToHide = 1500.0
    var minimumScreenRatioToHide = 0.5
    var animationDuration = 0.2
    private(set) var panGesture: PanGestureRecognizer?
    private(set) var closing = false
    private(set) var isSettling = false
    /// A scene file's picture of this screen, covering what the seed draws (nil: the seed's screen).
    var screen: SceneScreens.Screen?
    private var cover: ImageView?

    override init() {
        super.init()
        modalPresentationStyle = .overFullScreen
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "modal"
        view.backgroundColor = .white
        view.shadow = ModalContent.cardShadow()
        view.accessibilityIdentifier = "modal"
        _ = ModalContent.title("Pannable", in: view)
        _ = ModalContent.help("Drag down past half, or flick.", in: view)
        // Listen for pan gesture
        let panGesture = PanGestureRecognizer()
        panGesture.addTarget { [unowned self] in onPan($0) }
        view.addGestureRecognizer(panGesture)
        self.panGesture = panGesture
        cover = SceneScreens.cover(view, with: screen)
    }

    override func viewDidLayoutSubviews() { cover?.frame = Rect(origin: .zero, size: view.bounds.size) }

    /// How far down a release closes the modal: the seed's `view.frame.size.height * minimumScreenRatioToHide`.
    var closingDistance: Double { view.frame.size.height * minimumScreenRatioToHide }

    /// The seed's rule: close when released past `closingDistance` or moving down faster than
    /// The seed's flick: strictly faster than `velocity` closes, slower leaves it to the distance.
    static func rule(velocity: Double) -> FlickRule {
        FlickRule(threshold: velocity, inclusive: false, elseDistance: true)
    }

    /// `minimumVelocityToHide`. The HUD evaluates this same function live.
    func closes(translation: Point, velocity: Point) -> Bool {
        (translation.y > closingDistance) || Self.rule(velocity: minimumVelocityToHide).dismisses(velocity: velocity.y)
    }

    func onPan(_ panGesture: PanGestureRecognizer) {
        func slideViewVerticallyTo(_ y: Double) {
            view.frame.origin = Point(x: 0, y: y)
        }

        switch panGesture.state {
        case .began, .changed:
            // Follow the pointer vertically, never above the top.
            let translation = panGesture.translation(in: view)
            let y = max(0, translation.y)
            slideViewVerticallyTo(y)
        case .ended:
            // Close on the final position or the speed of the release.
            let translation = panGesture.translation(in: view)
            let velocity = panGesture.velocity(in: view)
            closing = closes(translation: translation, velocity: velocity)
            isSettling = true
            if closing {
                View.animate(
                    withDuration: animationDuration,
                    animations: {
                        slideViewVerticallyTo(self.view.frame.size.height)
                    },
                    completion: { isCompleted in
                        self.isSettling = false
                        if isCompleted { self.dismiss(animated: false, completion: nil) }
                    })
            } else {
                View.animate(
                    withDuration: animationDuration, animations: { slideViewVerticallyTo(0) },
                    completion: { _ in self.isSettling = false })
            }
        default:
            // Any other state: back to the top.
            closing = false
            isSettling = true
            View.animate(
                withDuration: animationDuration, animations: { slideViewVerticallyTo(0) },
                completion: { _ in self.isSettling = false })
        }
    }
}
