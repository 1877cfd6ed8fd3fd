import ModalKit

/// What the lab shows about a scene before it runs: its name, the seed it reproduces, its parameters.
public struct SceneInfo: Sendable {
    /// What `--scene` and the trace call it: "sheet".
    public let name: String
    /// The heading of its presenting screen: "Sheet".
    public let title: String
    /// What it reproduces ("Seed 000 · PannableViewController"), under the title.
    public let seed: String
    /// One line for the HUD and `--list-scenes`: what to try.
    public let summary: String
    /// Its own parameters (the lab adds `estimator`).
    public let parameters: [ParameterSpec]
    /// Where the scene departs from or adds to its seed, for `--help`.
    public let notes: [String]

    /// A scene's description; `parameters` are the `spec`s of its `Parameter`s.
    public init(
        name: String, title: String, seed: String, summary: String, parameters: [ParameterSpec],
        notes: [String] = []
    ) {
        self.name = name
        self.title = title
        self.seed = seed
        self.summary = summary
        self.parameters = parameters
        self.notes = notes
    }
}

/// What the scene is doing, as the HUD and the trace name it.
public enum Phase: String, Sendable {
    /// At rest.
    case idle
    /// The modal is being presented.
    case presenting
    /// A drag drives the modal.
    case interactive
    /// Released: the modal is leaving.
    case finishing
    /// Released: the modal is going back.
    case cancelling
    /// Dismissed without a drag (a button, Escape).
    case dismissing
    /// The sheet springing to a detent.
    case settling
}

/// What a scene reports to the lab's event stream besides transitions and gestures, which the lab sees itself.
/// Two general cases, each a trace line of its own (`detent`, `dismiss_attempt`), rather than a string-named
/// marker: the trace keeps fixed record types that readers can rely on, and a scene cannot misspell one.
public enum SceneEvent: Equatable, Sendable {
    /// The scene's selected resting place changed (a sheet's detent, a pager's page; nil: none selected).
    case detentChanged(String?)
    /// The user tried to dismiss what may not be dismissed now (a sheet with `isModalInPresentation`, a form with
    /// unsaved changes).
    case dismissAttempt
}

/// The scene's decision rule evaluated on the current gesture, for the HUD.
public struct RuleReadout: Equatable {
    /// One line, e.g. "progress 0.42 > 0.30: will finish".
    public var text: String
    /// Whether releasing now would dismiss.
    public var willDismiss: Bool
}

/// What a scene is doing now, as the HUD's first lines and each trace `frame` line show it.
public struct SceneStatus: Equatable, Sendable {
    /// Idle, presenting, interactive, finishing, …
    public var phase: Phase
    /// The transition's percent (or the card's travel as a fraction of the height), nil when nothing is up.
    public var progress: Double?

    /// A status in `phase` at `progress`.
    public init(phase: Phase, progress: Double?) {
        self.phase = phase
        self.progress = progress
    }

    /// At rest with nothing up.
    public static let idle = SceneStatus(phase: .idle, progress: nil)
}

/// What a scene shows and records beyond its rule and its status: trace fields, HUD lines and where the HUD goes.
/// Every requirement has a default (none, none, the bottom), so a scene writes only what it has.
public protocol SceneReadouts: AnyObject {
    /// Writes the scene's own fields into each trace `frame` line, after the lab's (the sheet's `detent` and
    /// `content_offset`).
    func writeTraceFields(into fields: inout TraceFields)
    /// Writes the scene's own HUD lines (figures only it has) under its rule line, at most
    /// `SceneHUDLines.capacity`. Called every frame: it allocates nothing.
    func writeHUDLines(into lines: inout SceneHUDLines)
    /// Whether the HUD's panel goes at the top of the window, clear of what the scene shows at the bottom.
    var prefersHUDAtTop: Bool { get }
}

extension SceneReadouts {
    /// No fields of its own.
    public func writeTraceFields(into fields: inout TraceFields) {}
    /// No HUD lines of its own.
    public func writeHUDLines(into lines: inout SceneHUDLines) {}
    /// The HUD at the bottom.
    public var prefersHUDAtTop: Bool { false }
}

/// One of the seeds, rebuilt with ModalKit's UIKit-shaped layer: what the lab runs. The exports a scene offers
/// are its registration's (`SceneKind`, `SceneSnippets`), not the running scene's.
public protocol Scene: AnyObject {
    /// The scene's name, seed, summary and parameters.
    static var info: SceneInfo { get }
    /// The scene running with `parameters`, its modal not yet presented.
    init(parameters: SceneParameters)
    /// The type of the window's root view controller (modal-lab's scenes use `PresentingViewController`).
    associatedtype Root: ViewController
    /// The presenting screen, the window's root view controller.
    var root: Root { get }
    /// Presents the modal: without animation when the scene starts, animated as the presenting screen's button
    /// does.
    func present(animated: Bool)
    /// The type of the scene's rule.
    associatedtype Rule: SceneRule
    /// How the scene decides a release, read live: the HUD's rule line and marker, the inspector's verdicts and
    /// the trace's rule record all come from it. Read every frame: building it allocates nothing.
    var rule: Rule { get }
    /// What the scene is doing now.
    var status: SceneStatus { get }
    /// The trace's name for a controller: "presenting", "modal", "modal-one", "modal-two", "sheet".
    func traceName(for controller: ViewController) -> String
    /// Handles a key before the lab does (the sheet's Escape, Up and Down); returns whether it did.
    func handleKey(_ key: Key) -> Bool
    /// Starts telling `handler` about the scene's own trace events.
    func observe(_ handler: @escaping (SceneEvent) -> Void)
    /// What the scene shows and records beyond its rule and status; by default nothing.
    var readouts: (any SceneReadouts)? { get }
}

extension Scene {
    /// Phase from a running transition; nil when no transition runs.
    public func transitionPhase(interactor: PercentDrivenInteractiveTransition?) -> Phase? {
        guard
            let context = root.view.window?.activeTransition
                ?? root.presentedViewController?.view.window?.activeTransition
        else { return nil }
        if context.kind == .present { return .presenting }
        guard context.isInteractive || interactor?.phase != .idle, let interactor else { return .dismissing }
        switch interactor.phase {
        case .interactive: return .interactive
        case .finishing, .playing: return .finishing
        case .cancelling: return .cancelling
        case .idle: return .dismissing
        }
    }

    /// The same for a percent-driven scene: the transition's percent while one runs, 0 with the modal at rest.
    public func transitionProgress(interactor: PercentDrivenInteractiveTransition) -> Double? {
        if root.view.window?.activeTransition?.kind == .dismiss
            || root.presentedViewController?.view.window?.activeTransition?.kind == .dismiss
        {
            return interactor.percentComplete
        }
        return root.presentedViewController == nil ? nil : 0
    }

    /// The status of a percent-driven scene: its transition's phase (idle without one) and percent.
    public func transitionStatus(interactor: PercentDrivenInteractiveTransition) -> SceneStatus {
        SceneStatus(
            phase: transitionPhase(interactor: interactor) ?? .idle,
            progress: transitionProgress(interactor: interactor))
    }

    /// "presenting" for the root, "modal" for anything else.
    public func traceName(for controller: ViewController) -> String {
        controller === root ? "presenting" : "modal"
    }

    /// No keys of its own.
    public func handleKey(_ key: Key) -> Bool { false }
    /// No events of its own.
    public func observe(_ handler: @escaping (SceneEvent) -> Void) {}
    /// Nothing beyond the rule and the status.
    public var readouts: (any SceneReadouts)? { nil }

    /// The rule's live line into `text` and its verdict, read through the scene's own `Rule` type, so the HUD's
    /// every-frame call boxes no rule.
    func writeRuleReadout(into text: inout TextBuffer) -> Bool? { rule.writeReadout(into: &text) }

    /// The rule's marker, read the same way.
    var ruleMarker: RuleMarker? { rule.marker }
}

/// modal-lab's own seven scenes, in the order of the keys 1–7. Adding one is its folder and a line here; each is
/// also a scene file's style when it declares what a file of its holds (`ScreenScene`).
public enum SceneCatalog {
    /// Interactor, free-drag, pannable, navigation, spring, sheet, zoom.
    public static let all: [SceneKind] = [
        SceneKind(InteractorScene.self), SceneKind(FreeDragScene.self), SceneKind(PannableScene.self),
        SceneKind(NavigationScene.self), SceneKind(SpringScene.self), SceneKind(SheetScene.self),
        SceneKind(ZoomScene.self)
    ]
}
