import ModalKit

/// Beyond the seeds: iOS 18's zoom transition (`preferredTransition = .zoom`). A photo grid whose cells open a
/// detail page that grows out of the cell and goes back into it: pulled down anywhere, swiped from the leading
/// edge or pinched, it shrinks under the pointer and lands on its cell or springs back, grabbable in flight.
public final class ZoomScene: ScreenScene, SceneSnippets, SceneReadouts {
    /// The scene's name, seed, summary and parameters.
    public static let info = SceneInfo(
        name: "zoom", title: "Zoom", seed: "Beyond the seeds · preferredTransition = .zoom",
        summary: "Pull the photo down, swipe from the left edge or Ctrl+wheel: it lands on its cell; tap a cell.",
        parameters: ZoomScene.parameterSpecs, notes: ZoomScene.notes)

    public var root: PresentingViewController { grid }
    let parameters: SceneParameters
    private let screens: SceneScreens
    private let grid: ZoomGridViewController
    /// The stack the grid is the root of when `presentation=push` (the window shows it, bar and all).
    private let navigation: NavigationController?
    /// The cell the page on screen (or the last one) opened from.
    private(set) var openIndex = 4

    /// The scene running with `parameters`, its modal not yet presented.
    public convenience init(parameters: SceneParameters) { self.init(parameters: parameters, screens: .drawn) }

    init(parameters: SceneParameters, screens: SceneScreens) {
        self.parameters = parameters
        self.screens = screens
        let grid = ZoomGridViewController(info: ZoomScene.info, parameters: parameters)
        grid.screen = screens.presenting
        grid.cellRects = screens.cells
        grid.cellCornerRadius = parameters[ZoomScene.cellCornerRadius]
        self.grid = grid
        if parameters[ZoomScene.presentation] == "push" {
            let navigation = NavigationController(rootViewController: grid)
            grid.navigationItem.title = "Photos"
            self.navigation = navigation
        } else {
            navigation = nil
        }
        grid.onOpen = { [unowned self] in open($0, animated: true) }
        root.onPresent = { [unowned self] in present(animated: true) }
    }

    private func open(_ index: Int, animated: Bool) {
        let cells = grid.cells
        guard !cells.isEmpty else { return }
        let index = min(max(index, 0), cells.count - 1)
        openIndex = index
        guard shownPage == nil else { return }
        let page = ZoomDetailViewController(index: index)
        page.screen = screens.presented
        // The grid stays in the window under the page: it shows, scaled and dimmed, whenever the page is dragged.
        page.modalPresentationStyle = .overFullScreen
        let options = ZoomOptions()
        options.alignmentRectProvider = { [weak page] _ in page?.photo.frame }
        page.preferredTransition = .zoom(options: options) { [weak self] context in
            guard let self, let page = context.zoomedViewController as? ZoomDetailViewController else { return nil }
            let cells = grid.cells
            return cells.indices.contains(page.index) ? cells[page.index] : nil
        }
        if let zoom = page.zoomTransitionController { ZoomScene.configure(zoom, parameters) }
        if let navigation {
            navigation.pushViewController(page, animated: animated)
        } else {
            root.present(page, animated: animated)
        }
    }

    /// The page on screen: presented over the grid, or pushed on its stack.
    private var shownPage: ViewController? {
        if let presented = root.presentedViewController { return presented }
        guard let top = navigation?.topViewController, top !== grid else { return nil }
        return top
    }

    /// Opens the page of the cell last opened (cell 4 at first).
    public func present(animated: Bool) { open(openIndex, animated: animated) }

    /// The zoom on screen, if a page is up.
    var zoom: ZoomTransitionController? { shownPage?.zoomTransitionController }

    /// The projected scale against the gesture's threshold, read live from the zoom on screen; no threshold line.
    public var rule: some SceneRule {
        ZoomSceneRule(
            rule: ZoomScene.releaseRule(parameters), dismissal: zoom?.dismissal ?? ZoomDismissal(),
            release: zoom?.lastRelease, gesture: zoom?.gesture ?? .pan, height: root.view.bounds.height, zoom: zoom)
    }

    /// The zoom's phase, and how far toward its cell the page is.
    public var status: SceneStatus { SceneStatus(phase: phase, progress: progress) }

    private var phase: Phase {
        guard let zoom else { return transitionPhase(interactor: nil) ?? .idle }
        switch zoom.phase {
        case .idle: return .idle
        case .presenting: return .presenting
        case .dragging: return .interactive
        case .landing: return .finishing
        case .cancelling: return .cancelling
        case .dismissing: return .dismissing
        }
    }

    /// How far toward its cell the page is: 0 at full size, 1 on the cell.
    private var progress: Double? {
        guard let zoom else { return nil }
        return min(max(1 - zoom.progress, 0), 1)
    }

    public func traceName(for controller: ViewController) -> String {
        controller === root ? "presenting" : "detail"
    }

    /// Its trace fields.
    public var readouts: (any SceneReadouts)? { self }

    /// The page's scale and the gesture driving it.
    public func writeTraceFields(into fields: inout TraceFields) {
        fields.number("scale", zoom?.scale)
        fields.string("gesture", zoom?.gesture?.rawValue)
    }
}

/// The zoom's release rule as the inspector reads it: the last release's scale, its rate from each estimator's
/// velocity, projected and judged against the gesture's threshold.
struct ZoomSceneRule: SceneRule {
    let rule: ZoomReleaseRule
    let dismissal: ZoomDismissal
    let release: ZoomReleaseDecision?
    let gesture: ZoomGesture
    let height: Double
    /// The zoom on screen, whose pending decision the HUD's line reads.
    let zoom: ZoomTransitionController?

    var velocityThreshold: Double? { nil }

    /// "scale 0.87 → 0.85 in 120 ms < 0.905: will dismiss" (a pinch: "scale 0.49 < 0.5: …").
    func writeReadout(into text: inout TextBuffer) -> Bool? {
        guard let zoom, let decision = zoom.pendingDecision else { return nil }
        text.append("scale ")
        text.append(decision.scale, digits: 2)
        if zoom.gesture != .pinch {
            text.append(" → ")
            text.append(decision.projectedScale, digits: 2)
            text.append(" in ")
            text.append(integer: Int64((zoom.releaseRule.projection * 1000).rounded()))
            text.append(" ms")
        }
        text.append(decision.dismisses ? " < " : " ≥ ")
        text.append(decision.threshold, digits: 3)
        text.append(decision.dismisses ? ": will dismiss" : ": will spring back")
        return decision.dismisses
    }

    func summary(outcome: String) -> String {
        gesture == .pinch
            ? "pinch: scale < \(fmt(rule.pinchThreshold, 3)) dismisses"
            : "projected scale: s + ds/dt·\(fmt(rule.projection, 2)) s < \(fmt(rule.threshold(for: gesture), 3)) dismisses"
    }

    func verdict(_ reading: ReleaseReading) -> ReleaseVerdict {
        guard let release, height > 0 else { return ReleaseVerdict(reading.outcome, dismisses: nil) }
        let travel = max(0, (1 - release.scale) / max(dismissal.scaleGain, 1e-9))
        let rate = dismissal.scaleSlope(atTravel: travel) * reading.velocity / height
        let decision = rule.decide(scale: release.scale, rate: rate, gesture: gesture)
        return ReleaseVerdict("→ \(fmt(decision.projectedScale, 2))", dismisses: decision.dismisses)
    }
}
