import ModalKit
import ModalLab

/// A card over a list that follows a vertical pull (never above its resting place). Released past `closeLine`
/// of the height, or flicked down faster than `flickVelocity`, it slides away; otherwise it springs back.
public final class PullCardScene: Scene, SceneSnippets {
    /// How far down, as a fraction of the height, a slow release closes the card.
    public static let closeLine = Parameter.number("closeLine", 0.05...1, default: 0.35, source: "ours")
    /// The flick speed that closes the card whatever the distance, points per second.
    public static let flickVelocity = Parameter.number("flickVelocity", 0...10_000, default: 1000, source: "ours")

    public static let info = SceneInfo(name: "pull-card", title: "Pull Card", seed: "CardTests example",
                                       summary: "Pull the card down past the line, or flick it, to close it.",
                                       parameters: [closeLine.spec, flickVelocity.spec])

    public let root = ViewController()
    private let parameters: SceneParameters

    public init(parameters: SceneParameters) {
        self.parameters = parameters
        root.view.backgroundColor = Color(rgb: 0xF2F2F7)
    }

    /// The card on screen, if up.
    public var card: PullCardController? { root.presentedViewController as? PullCardController }

    /// The rule the card, the HUD and the inspector all use.
    public var rule: PullRule {
        PullRule(distance: parameters[PullCardScene.closeLine] * root.view.bounds.height,
                 velocity: parameters[PullCardScene.flickVelocity], card: card)
    }

    public func present(animated: Bool) { root.present(PullCardController(rule: rule), animated: animated) }

    public var status: SceneStatus {
        SceneStatus(phase: phase, progress: card.map { $0.view.presentedFrame.minY / max($0.view.bounds.height, 1) })
    }

    private var phase: Phase {
        if let phase = transitionPhase(interactor: nil) { return phase }
        guard let card else { return .idle }
        if card.pan?.isActive == true { return .interactive }
        return card.isSettling ? (card.closing ? .finishing : .cancelling) : .idle
    }

    public static func uikitSnippet(_ v: SnippetValues) -> String {
        "let closeLine: CGFloat = \(v.number("closeLine")), flickVelocity: CGFloat = \(v.number("flickVelocity"))\n"
    }

    public static func swiftUISnippet(_ v: SnippetValues) -> String {
        """
        // In the card's DragGesture, .onEnded { value in ... }: close past the line or on a flick down.
        let closes = value.translation.height > proxy.size.height * \(v.number("closeLine"))
            || value.velocity.height > \(v.number("flickVelocity"))

        """
    }
}

/// Closes past `distance` points or faster than `velocity` pt/s down.
public struct PullRule: SceneRule {
    /// Points of pull past which a slow release closes.
    public let distance: Double
    /// The flick speed, pt/s.
    public let velocity: Double
    /// The card on screen, whose pull the HUD's line reads.
    public weak var card: PullCardController?

    /// Whether a release `drag` points down at `velocity` pt/s closes the card.
    public func closes(drag: Double, velocity v: Double) -> Bool { drag > distance || v > velocity }

    public var velocityThreshold: Double? { velocity }
    public func summary(outcome: String) -> String { "flick: v > \(Int(velocity)) pt/s closes, else the distance" }
    public func verdict(_ reading: ReleaseReading) -> ReleaseVerdict {
        reading.velocity > velocity ? ReleaseVerdict("close", dismisses: true) : ReleaseVerdict("distance", dismisses: nil)
    }

    /// The pull against the line: "y 120 ≤ 233: springs back".
    public func writeReadout(into text: inout TextBuffer) -> Bool? {
        guard let card, let pan = card.pan, pan.isActive else { return nil }
        let y = max(0, pan.translation(in: card.view).y), v = pan.velocity(in: card.view).y
        let closing = closes(drag: y, velocity: v)
        text.appendComparison("y", y, distance, digits: 0)
        text.append(closing ? ": will close" : ": springs back")
        return closing
    }

    /// The close line.
    public var marker: RuleMarker? { RuleMarker(y: distance) }
}

/// The card: white, rounded at the top, following the pull.
public final class PullCardController: ViewController {
    private let rule: PullRule
    /// Its pan recognizer.
    public private(set) var pan: PanGestureRecognizer?
    /// What the last release decided.
    public private(set) var closing = false
    /// From a release until its animation ends.
    public private(set) var isSettling = false

    init(rule: PullRule) {
        self.rule = rule
        super.init()
        modalPresentationStyle = .overFullScreen
    }

    public override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        view.cornerRadius = 16
        view.maskedCorners = [.topLeft, .topRight]
        view.addSubview(Label(text: "Pull me down", font: .preferredFont(forTextStyle: .title1).withWeight(.bold), frame: Rect(x: 20, y: 40, width: 320, height: 36)))
        let pan = PanGestureRecognizer()
        pan.addTarget { [unowned self] in onPan($0) }
        view.addGestureRecognizer(pan)
        self.pan = pan
    }

    private func onPan(_ pan: PanGestureRecognizer) {
        let y = max(0, pan.translation(in: view).y)
        switch pan.state {
        case .began, .changed: view.frame.origin.y = y
        case .ended: settle(closing: rule.closes(drag: y, velocity: pan.velocity(in: view).y))
        default: settle(closing: false)
        }
    }

    private func settle(closing: Bool) {
        self.closing = closing
        isSettling = true
        View.animate(withDuration: 0.25, animations: {
            view.frame.origin.y = closing ? view.frame.height : 0
        }, completion: { [weak self] _ in
            self?.isSettling = false
            if closing { self?.dismiss(animated: false) }
        })
    }
}
