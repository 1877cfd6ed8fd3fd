import ModalKit

/// Beyond the seeds: an iOS 15+-class sheet (`.pageSheet` with a `SheetPresentationController`) at the medium and
/// large detents, over a small app, with every number the sheet's feel depends on open to tuning.
public final class SheetScene: ScreenScene, SceneSnippets, SceneReadouts {
    /// The scene's name, seed, summary and parameters.
    public static let info = SceneInfo(
        name: "sheet", title: "Sheet", seed: "Beyond the seeds · UISheetPresentationController",
        summary:
            "Drag or flick the sheet between medium and large, or down to dismiss; ↑/↓ change detent, Esc dismisses.",
        parameters: SheetScene.parameterSpecs, notes: SheetScene.notes)

    public let root: PresentingViewController
    let parameters: SceneParameters
    private var handler: ((SceneEvent) -> Void)?
    private let screens: SceneScreens

    /// The scene running with `parameters`, its modal not yet presented.
    public convenience init(parameters: SceneParameters) { self.init(parameters: parameters, screens: .drawn) }

    init(parameters: SceneParameters, screens: SceneScreens) {
        self.parameters = parameters
        self.screens = screens
        if let screen = screens.presenting {
            root = PresentingViewController(info: SheetScene.info, parameters: parameters)
            root.screen = screen
        } else {
            root = SheetHomeViewController(info: SheetScene.info, parameters: parameters)
        }
        root.onPresent = { [unowned self] in present(animated: true) }
    }

    private func makeSheet() -> ViewController {
        let showsPictures = screens.presented != nil || screens.header != nil || !screens.content.isEmpty
        let content = showsPictures ? ImageSheetContentViewController(screens: screens) : SheetContentViewController()
        content.modalPresentationStyle = .pageSheet
        if let sheet = content.sheetPresentationController { configure(sheet) }
        (content as? SheetContentViewController)?.onDismissAttempt = { [weak self] in self?.handler?(.dismissAttempt) }
        // iOS 26: the grouped list lets the sheet's glass show between its rows.
        if parameters.system == .ios26 { (content as? SheetContentViewController)?.list.backgroundColor = .clear }
        if let item = (root as? SheetHomeViewController)?.addItem {
            content.preferredTransition = .zoom(sourceBarButtonItemProvider: { [weak item] _ in item })
        }
        return content
    }

    private func configure(_ sheet: SheetPresentationController) {
        sheet.detents = SheetScene.detents(named: parameters[SheetScene.detentsParameter])
        sheet.selectedDetentIdentifier = sheet.detents.first?.identifier
        sheet.releasePolicy = SheetScene.releasePolicy(parameters)
        sheet.spring = Spring(
            dampingRatio: parameters[SheetScene.dampingRatio], response: parameters[SheetScene.response])
        sheet.rubberBandCoefficient = parameters[SheetScene.rubberBand]
        sheet.dimmingAlpha = parameters[SheetScene.dimAlpha]
        sheet.presentingScale = parameters[SheetScene.scaleBehind]
        sheet.prefersGrabberVisible = parameters[SheetScene.grabber]
        sheet.preferredCornerRadius = parameters[SheetScene.cornerRadius]
        sheet.prefersScrollingExpandsWhenScrolledToEdge = parameters[SheetScene.scrollExpands]
        sheet.onSelectedDetentChange = { [weak self] in self?.handler?(.detentChanged($0?.rawValue)) }
        if parameters.system == .ios26 {
            sheet.floatingStyle = SheetPresentationController.FloatingStyle()
            sheet.flickSpring = Spring(
                dampingRatio: SheetScene.ios26FlickDamping, response: parameters[SheetScene.response])
        }
    }

    /// iOS 26's settle damping after a fast flick (Jwift Apple/Sheets.md: 0.8).
    static let ios26FlickDamping = 0.8

    /// Presents a sheet at its first detent.
    public func present(animated: Bool) { root.present(makeSheet(), animated: animated) }

    /// The sheet on screen, if one is up.
    var sheet: SheetPresentationController? { root.presentedViewController?.sheetPresentationController }

    public func observe(_ handler: @escaping (SceneEvent) -> Void) { self.handler = handler }

    public func handleKey(_ key: Key) -> Bool {
        guard let sheet else { return false }
        switch key {
        case .escape: sheet.dismissIfAllowed()
        case .up: sheet.selectAdjacentDetent(larger: true)
        case .down: sheet.selectAdjacentDetent(larger: false)
        default: return false
        }
        return true
    }

    public func traceName(for controller: ViewController) -> String {
        controller === root ? "presenting" : "sheet"
    }

    /// The sheet's list, if a sheet is up.
    var list: ScrollView? { root.presentedViewController?.contentScrollView }

    /// The selected detent and the list's offset, null when no sheet is up.
    public func writeTraceFields(into fields: inout TraceFields) {
        fields.string("detent", sheet.map { $0.effectiveDetentIdentifier.rawValue })
        fields.point("content_offset", list?.contentOffset)
    }

    /// Its trace fields and where the HUD goes.
    public var readouts: (any SceneReadouts)? { self }

    /// The sheet's phase, and how far toward gone it is.
    public var status: SceneStatus { SceneStatus(phase: phase, progress: progress) }

    private var phase: Phase {
        guard let sheet else { return transitionPhase(interactor: nil) ?? .idle }
        switch sheet.phase {
        case .idle: return .idle
        case .presenting: return .presenting
        case .dragging: return .interactive
        case .settling: return .settling
        case .dismissing: return .dismissing
        }
    }

    /// How far toward gone the sheet is: 0 at or above the smallest detent, 1 off the bottom.
    private var progress: Double? {
        guard let sheet else { return nil }
        let bottom = sheet.track.bottom, height = sheet.track.containerHeight
        return min(max((sheet.position - bottom) / max(height - bottom, 1), 0), 1)
    }
}
