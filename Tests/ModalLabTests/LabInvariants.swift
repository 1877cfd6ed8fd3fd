import ModalKit
@testable import ModalLab
@testable import ModalLabCore

/// Watches a lab's window for transition and gesture events (after the lab's own trace has seen them) and
/// checks the invariants a session must keep. Each check returns a list of violations, empty when all is well.
final class LabInvariants {
    private let lab: Lab
    /// Transitions that began and have not ended yet, and every problem seen in the event stream.
    private var openTransitions: [ObjectIdentifier: (context: TransitionContext, ends: Int)] = [:]
    private var activeGestures: Set<ObjectIdentifier> = []
    private(set) var streamProblems: [String] = []

    init(_ lab: Lab) {
        self.lab = lab
        let traceTransition = lab.window.onTransitionEvent
        lab.window.onTransitionEvent = { [unowned self] context, event in
            traceTransition?(context, event)
            note(context, event)
        }
        let traceGesture = lab.window.onGestureEvent
        lab.window.onGestureEvent = { [unowned self] recognizer in
            traceGesture?(recognizer)
            note(recognizer)
        }
    }

    private func note(_ context: TransitionContext, _ event: TransitionEvent) {
        let id = ObjectIdentifier(context)
        switch event {
        case .began:
            openTransitions[id] = (context, 0)
        case .completed, .abandoned:
            guard let open = openTransitions[id] else {
                return streamProblems.append(
                    "a \(context.kind) transition ended (\(event)) without beginning, or twice")
            }
            openTransitions[id] = nil
            if open.ends != 0 { streamProblems.append("a \(context.kind) transition ended twice") }
        case .finish, .cancel, .pause:
            if openTransitions[id] == nil {
                streamProblems.append("\(event) on a \(context.kind) transition not running")
            }
        }
    }

    private func note(_ recognizer: GestureRecognizer) {
        let id = ObjectIdentifier(recognizer)
        switch recognizer.state {
        case .began:
            if !activeGestures.insert(id).inserted { streamProblems.append("a gesture began twice") }
        case .changed:
            if !activeGestures.contains(id) { streamProblems.append("a gesture changed without beginning") }
        case .ended, .cancelled, .failed:
            activeGestures.remove(id)
        case .possible:
            break
        }
    }

    /// Per frame: the transition's percent within 0…1 and the card where it may be.
    func checkFrame(range: CardRange) -> [String] {
        var problems: [String] = []
        if let p = lab.window.activeTransition?.percentComplete, !(0 ... 1).contains(p) {
            problems.append("transition percent \(p) outside 0…1")
        }
        if let card = lab.topCardFrame, !range.contains(card) { problems.append("card at \(card)") }
        return problems
    }

    /// Once everything rests: the whole state is legal and every transition and gesture has ended.
    func checkAtRest() -> [String] {
        var problems = streamProblems
        streamProblems = []
        if lab.isAnimating { problems.append("an animator still runs") }
        if lab.window.activeTransition != nil { problems.append("a transition is still active") }
        if !openTransitions.isEmpty { problems.append("\(openTransitions.count) transition(s) began and never ended") }
        if !activeGestures.isEmpty { problems.append("\(activeGestures.count) gesture(s) began and never ended") }
        openTransitions = [:]
        activeGestures = []
        if lab.scene.status.phase != .idle { problems.append("phase \(lab.scene.status.phase) at rest") }
        if let progress = lab.scene.status.progress, abs(progress) > 1e-9 {
            problems.append("progress \(progress) at rest")
        }
        if let list = (lab.scene as? SheetScene)?.list {
            let y = list.contentOffset.y, range = list.offsetRange.y
            if y < range.lowerBound - 1e-9 || y > range.upperBound + 1e-9 {
                problems.append("sheet list stretched to \(y) at rest")
            }
        }
        return problems + treeProblems() + stackProblems()
    }

    /// Every view once in the tree, each child's superview its parent, the HUD on top.
    private func treeProblems() -> [String] {
        var seen = Set<ObjectIdentifier>()
        var problems: [String] = []
        func walk(_ view: View) {
            if !seen.insert(ObjectIdentifier(view)).inserted {
                problems.append("view \(name(view)) is in the tree twice")
            }
            for child in view.subviews {
                if child.superview !== view { problems.append("view \(name(child)) has the wrong superview") }
                walk(child)
            }
        }
        walk(lab.window)
        if lab.window.subviews.last?.accessibilityIdentifier != "hud" { problems.append("the HUD is not on top") }
        return problems
    }

    /// The presentation chain: each presented controller's view in the window unless a full-screen presentation
    /// above it took it out (then it is out), the top one filling the window, one container for each modal in the
    /// window; the presenting view in the window exactly when nothing full screen covers it.
    private func stackProblems() -> [String] {
        var problems: [String] = []
        let window = lab.window, bounds = window.bounds
        var chain: [ViewController] = []
        var next = lab.scene.root.presentedViewController
        while let vc = next { chain.append(vc); next = vc.presentedViewController }
        if chain.count > 2 { problems.append("\(chain.count) modals stacked") }
        if let problem = lab.restingCardProblem() { problems.append(problem) }
        var covered = false, shown = 0
        for vc in chain.reversed() {
            let inWindow = vc.view.window === window
            if inWindow == covered {
                problems.append("\(describe(vc)) \(inWindow ? "shown under" : "missing without") a full-screen modal")
            }
            if inWindow { shown += 1 }
            if vc.presentingViewController == nil { problems.append("\(describe(vc)) has no presenting controller") }
            covered = covered || vc.modalPresentationStyle == .fullScreen
        }
        let rootShown = lab.scene.root.view.window === window
        if rootShown == covered {
            problems.append("presenting view \(rootShown ? "shown under" : "missing without") a full-screen modal")
        }
        // Its bounds, not its frame: behind a sheet at the large detent it is shrunk by a transform, as in UIKit.
        let behind = lab.scene.root.view
        let home = lab.scene.root.navigationController == nil ? bounds : lab.window.areaUnderNavigationBar
        if behind.bounds.size != home.size || behind.center != Point(x: home.midX, y: home.midY) {
            problems.append("presenting view bounds \(behind.bounds) centred at \(behind.center) in \(bounds)")
        }
        let containers = window.subviews.filter { $0.accessibilityIdentifier == "transition-container" }
        if containers.count != shown { problems.append("\(containers.count) containers for \(shown) modals shown") }
        return problems
    }

    private func describe(_ vc: ViewController) -> String { vc.title ?? "\(type(of: vc))" }

    private func name(_ view: View) -> String { view.accessibilityIdentifier ?? "\(type(of: view))" }
}

extension CardRange {
    /// The scenes whose card only a transition moves: it stays at x = 0, between a spring's overshoot above the
    /// top and the tallest window's bottom.
    static let transitionDriven: [SceneKind] = [
        SceneKind(InteractorScene.self), SceneKind(NavigationScene.self), SceneKind(SpringScene.self)
    ]

    /// Whether `card` is where this scene's card may be. Cards moved by hand (pannable, free-drag) may go further:
    /// grabbed again while a release animation runs, the seed sets the frame while the running animation's
    /// offset still adds to it (UIKit's additive animations), so a card grabbed while it closes shows above the
    /// top for a moment, by up to the window's height; free-drag's follows the pointer wherever it goes first; the zoom's follows it sideways.
    func contains(_ card: Rect) -> Bool {
        let finite = [card.minX, card.minY, card.width, card.height].allSatisfy(\.isFinite)
        guard finite else { return false }
        if CardRange.transitionDriven.contains(where: { $0.name == scene.name }) {
            return abs(card.minX) < 1e-6 && card.minY >= -0.25 * maxHeight && card.minY <= maxHeight
        }
        let xLimit =
            scene.name == FreeDragScene.info.name || scene.name == ZoomScene.info.name ? 2 * maxWidth + 100 : 1e-6
        return abs(card.minX) <= xLimit && abs(card.minY) <= 2 * maxHeight + 100
    }
}

extension Lab {
    /// What is wrong with the top card at rest, or nil: a full-screen modal fills the window; a sheet spans the
    /// window's width with its top at one of its detents.
    func restingCardProblem() -> String? {
        guard let card = topCardFrame else { return nil }
        let bounds = window.bounds
        // A pushed page fills the area under its navigation bar.
        let full = window.topViewController?.navigationController == nil ? bounds : window.areaUnderNavigationBar
        guard let sheet = window.topViewController?.sheetPresentationController else {
            return card == full ? nil : "top card \(card) does not fill the window \(full)"
        }
        let detents = sheet.resolvedDetents.map(\.position)
        guard card.minX == 0, card.width == bounds.width, detents.contains(where: { abs($0 - card.minY) < 1e-6 }) else {
            return "sheet \(card) is not at one of its detents \(detents) across the window \(bounds)"
        }
        return nil
    }
}

extension Window {
    /// The window's area under a navigation bar at its top (the status area and the 44-point bar).
    var areaUnderNavigationBar: Rect {
        let bar = NavigationController.statusBarHeight + NavigationBar.height
        return Rect(x: 0, y: bar, width: bounds.width, height: max(bounds.height - bar, 0))
    }
}
