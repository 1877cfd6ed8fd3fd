import ModalKit

/// `--compare`: two labs side by side under one pointer. A runs the scene as given, B the same with the spec
/// applied. Every event goes to both at the same stage point (a press on B's half reaches A where it would be on
/// A's), keys and frame times go to both, and the frame is both stages composed under a band naming what
/// differs. Each side keeps its own HUD and trace lines (`"side": "a"` / `"b"`); the comparison records the
/// window's events once, so a replay drives both again. B is the side that is tuned: the inspector (key I,
/// `--inspector`) opens beside B and the export (key E, `--export`) writes B's parameters.
package final class CompareLab: HostedLab {
    /// Stage A: the scene as the command line gives it.
    package let a: Lab
    /// Stage B: A changed by the spec.
    package let b: Lab
    /// Where the stages are in the window.
    package private(set) var layout: CompareLayout
    private let labels: CompareLabels
    private var recorder: LineWriter?
    private let clock: Clock
    private let startTime: Double
    /// A (0) and B (1, with its inspector) side by side under the labels, each side's last frame kept so a frame
    /// copies only what changed on each side.
    private var compositor = StageCompositor(stages: 2)
    /// Whether the press in progress began on B's inspector panel: it, its moves and release are B's alone.
    private var pressInPanel = false
    /// See `HostedLab.onTitleChange`.
    package var onTitleChange: ((String) -> Void)?
    /// Called when B's inspector opens or closes: the window grows or shrinks by the panel.
    package var onWindowSizeRequest: ((Size) -> Void)?

    /// Both labs for `configuration` (which has a `compare` spec), sharing its trace; the recording is written here.
    init(configuration: LabConfiguration, clock: Clock, outputs: LabOutputs) throws {
        self.clock = clock
        startTime = clock.now
        layout = CompareLayout(stage: configuration.size)
        let shared = LabOutputs(sharingTraceOf: outputs)
        a = try Lab(configuration: CompareLab.side("a", of: configuration), clock: clock, outputs: shared)
        b = try Lab(configuration: CompareLab.side("b", of: configuration), clock: clock, outputs: shared)
        b.configReload = CompareLab.configReloadOfB(configuration)
        recorder = outputs.recording
        labels = CompareLabels(CompareDifference(a: a, b: b))
        labels.layOut(layout, width: layout.stageBX + b.windowSize.width)
        for lab in [a, b] { lab.onTitleChange = { [unowned self] _ in onTitleChange?(title) } }
        b.onWindowSizeRequest = { [unowned self] _ in onWindowSizeRequest?(windowSize) }
    }

    /// One side's configuration: A's as given (its `--config` reloaded as a solo lab's is) without what only the
    /// comparison or B owns (the inspector, the export); B's scene and values from the spec, the spec's values
    /// kept over A's config file when it is read again (as `--set` is).
    static func side(_ side: String, of configuration: LabConfiguration) -> LabConfiguration {
        var own = configuration
        own.compare = nil
        own.traceSide = side
        guard side == "b", let spec = configuration.compare else {
            own.exportPath = nil
            own.showsInspector = false
            return own
        }
        own.plotPath = nil
        own.sceneKind = spec.sceneKind
        own.parameterOverrides = spec.parameterOverrides
        own.setOverrides = CompareLab.keptOverB(configuration, spec)
        if let file = spec.sceneFile {
            // B's own scene file, watched and reloaded by B alone.
            own.useSceneFile(file, starts: true)
            own.sceneFilePath = file.file.path
        }
        return own
    }

    /// The values B keeps over what it reads again (its `setOverrides`): a spec file's are read again themselves;
    /// B's own scene file keeps the spec's values over its own; A's scene keeps A's `--set` and the spec's over A's
    /// config file; another scene from its defaults reads nothing again.
    private static func keptOverB(
        _ configuration: LabConfiguration, _ spec: CompareSpec
    ) -> [(String, ParameterValue)] {
        if spec.file != nil { return [] }
        if spec.sceneFile != nil { return spec.given }
        return spec.sceneKind.name == configuration.sceneKind.name ? configuration.setOverrides + spec.given : []
    }

    /// What B reads again when a file changes: its spec file over A's launch values; else, running A's scene, A's
    /// config file under A's `--set` and the spec's values; nothing for another scene from its defaults.
    static func configReloadOfB(_ configuration: LabConfiguration) -> ConfigReload? {
        guard let spec = configuration.compare else { return nil }
        if let file = spec.file {
            return ConfigReload(path: file, setOverrides: [], base: spec.inherited)
        }
        guard spec.sceneKind.name == configuration.sceneKind.name, spec.sceneFile == nil,
            let path = configuration.configPath
        else { return nil }
        return ConfigReload(path: path, setOverrides: configuration.setOverrides + spec.given)
    }

    /// Both stages, the divider, the band, and B's inspector when shown.
    package var windowSize: Size {
        Size(width: layout.stageBX + b.windowSize.width, height: layout.windowSize.height)
    }

    /// "ModalLab — interactor vs sheet".
    package var title: String {
        "ModalLab — \(a.kind.name) vs \(b.kind.name)"
    }

    /// Seconds since the comparison started, on its clock.
    package var elapsed: Double { clock.now - startTime }

    // MARK: Input

    /// Records `event` as the window got it, then hands it to both stages at the same stage point; a press on
    /// B's inspector, and the keys of the inspector and the export, to B alone.
    package func handle(_ event: InputEvent) {
        recorder?.write(Recording.line(t: elapsed, event: event))
        switch event {
        case .keyDown(.character("i"), _), .keyDown(.character("e"), _): return b.handle(event)
        case .resize(let size): return resize(to: size)
        case .pointerDown(let p, _): pressInPanel = isOnPanel(p)
        default: break
        }
        let routed = route(event)
        if !pressInPanel, !isScrollOnPanel(event) { a.handle(routed) }
        b.handle(routed)
        if case .pointerUp = event { pressInPanel = false }
        updateLabels()
    }

    /// `event` with its point moved onto the stages' own points.
    private func route(_ event: InputEvent) -> InputEvent {
        switch event {
        case .pointerDown(let p, let t): return .pointerDown(layout.stagePoint(p), time: t)
        case .pointerMove(let p, let t): return .pointerMove(layout.stagePoint(p), time: t)
        case .pointerUp(let p, let t): return .pointerUp(layout.stagePoint(p), time: t)
        case .scroll(let delta, let p, let t, let precise):
            return .scroll(delta: delta, at: layout.stagePoint(p), time: t, precise: precise)
        case let .pinch(phase, scale, p, t):
            return .pinch(phase, scale: scale, center: layout.stagePoint(p), time: t)
        default: return event
        }
    }

    /// Whether `p` (window points) is on B's inspector panel.
    private func isOnPanel(_ p: Point) -> Bool {
        b.showsInspector && p.x >= layout.stageBX + layout.stage.width
    }

    private func isScrollOnPanel(_ event: InputEvent) -> Bool {
        if case .scroll(_, let p, _, _) = event { return isOnPanel(p) }
        return false
    }

    /// The window is `size`: with B's inspector shown the stages keep their size and B's panel takes the rest (or
    /// it is B's own request coming back); without it the stages share what the band and divider leave.
    private func resize(to size: Size) {
        if !b.showsInspector { layout = CompareLayout(window: size) }
        let stage = Size(
            width: max(1, size.width - layout.stageBX), height: max(1, size.height - CompareLayout.labelHeight))
        if a.window.bounds.size != layout.stage { a.handle(.resize(layout.stage)) }
        b.handle(.resize(b.showsInspector ? stage : layout.stage))
        labels.layOut(layout, width: windowSize.width)
    }

    /// The band follows what B runs with (tuned in the inspector, another scene on key 1-9).
    private func updateLabels() {
        labels.show(CompareDifference(a: a, b: b))
    }

    // MARK: Frames

    /// See `HostedLab.isAnimating`.
    package var isAnimating: Bool { a.isAnimating || b.isAnimating }
    /// See `HostedLab.needsDisplay`.
    package var needsDisplay: Bool { a.needsDisplay || b.needsDisplay || labels.window.needsDisplay }
    /// The earlier of the two sides' (see `HostedLab.nextFrameTime`).
    package var nextFrameTime: Double? { earlier(a.nextFrameTime, b.nextFrameTime) }
    /// Both sides settled.
    package var isSettled: Bool { a.isSettled && b.isSettled }
    /// Either side asked to quit (both got the Q or the close).
    package var wantsQuit: Bool { a.wantsQuit || b.wantsQuit }
    /// B's end-of-run export failed.
    package var exportFailure: LabError? { b.exportFailure }
    /// Only the returned region is known: the frame is composed from three windows.
    package var lastRenderRegions: [PixelRect] { [] }
    /// A's `--config` and B's spec file, when they are files.
    package var configWatchPaths: [String] { CompareLab.unique(a.configWatchPaths + b.configWatchPaths) }
    /// Side A.
    package var primary: Lab { a }

    /// Advances both stages to the frame time.
    package func advance(to frameTime: Double) {
        a.advance(to: frameTime)
        b.advance(to: frameTime)
        updateLabels()
    }

    /// Draws each side into its own pixels and copies what changed into the window's frame beside the other.
    @discardableResult
    package func render(into bitmap: inout Bitmap, scale: Double) -> PixelRect? {
        let stageHeight = Int((layout.stage.height * scale).rounded())
        let widthA = Int((layout.stage.width * scale).rounded()), widthB = Int((b.windowSize.width * scale).rounded())
        let top = max(0, bitmap.height - stageHeight), bx = max(0, bitmap.width - widthB)
        let damageA = compositor.render(0, width: widthA, height: stageHeight) { a.render(into: &$0, scale: scale) }
        let damageB = compositor.render(1, width: widthB, height: stageHeight) { b.render(into: &$0, scale: scale) }
        return compositor.compose(
            into: &bitmap, at: [(0, top), (bx, top)], damage: [damageA, damageB], redraw: labels.window.needsDisplay
        ) { frame in
            frame.fill(Color(white: 0.35))
            labels.render(into: &frame, scale: scale)
        }
    }

    /// See `HostedLab.didPresent`: both stages write their `frame` line.
    package func didPresent(_ frame: FrameReport) {
        for lab in [a, b] { lab.didPresent(frame) }
    }

    /// See `HostedLab.didShow`: both stages write their `shown` line.
    package func didShow(_ frame: FrameShown) {
        for lab in [a, b] { lab.didShow(frame) }
    }

    /// Each side reads its own config file again shortly (one that did not change leaves its side as it is).
    package func configFileChanged() {
        a.configFileChanged()
        b.configFileChanged()
    }

    /// Both sides' scene files and their images.
    package var sceneFileWatchPaths: [String] { CompareLab.unique(a.sceneFileWatchPaths + b.sceneFileWatchPaths) }
    /// Both sides' reloads: the host watches anew when either side's file names other images.
    package var sceneFileReloads: Int { a.sceneFileReloads + b.sceneFileReloads }

    /// Each side reads its scene file again shortly, keeping its last good scene when it does not load.
    package func sceneFileChanged() {
        a.sceneFileChanged()
        b.sceneFileChanged()
    }

    /// `paths` in order, each once.
    private static func unique(_ paths: [String]) -> [String] {
        var seen: Set<String> = []
        return paths.filter { seen.insert($0).inserted }
    }

    /// Ends both stages (B writes `--export`) and closes the recording.
    package func finish() {
        // Both stages write to one trace, which the first to finish closes.
        a.publishPendingSettled()
        b.publishPendingSettled()
        a.finish()
        b.finish()
        recorder?.close()
    }
}
