import ModalKit

/// The lab without a window system: the window's view tree with the current scene, the HUD, the trace and the
/// recorder, driven by input events and frame times. The X11 host, the headless renderer and the tests all drive
/// this one object.
public final class Lab {
    /// The stage: the window whose root is the scene's root view controller, with the HUD on top.
    public let window: Window
    /// The scene on the stage.
    public private(set) var scene: any Scene
    /// The values the current scene runs with (its own and the lab-wide ones).
    public private(set) var parameters: SceneParameters
    /// Parameters changed while the lab runs (inspector, live config), by scene name: a scene shown again keeps them.
    private var tuned: [String: SceneParameters] = [:]
    /// Runs the current scene's animations; each scene gets a fresh one, so nothing of a scene left mid-transition
    /// can reach into the next.
    public private(set) var driver: AnimationDriver
    let clock: Clock
    private let startTime: Double
    var configuration: LabConfiguration
    private let hud: HUDView
    var trace: Trace?
    /// The panel beside the stage, while shown (`--inspector`, key I).
    var inspector: Inspector?
    /// What the panel changed, applied once the event that changed it is handled.
    var pendingParameters: SceneParameters?
    /// The whole window in points: the stage, and the inspector beside it when shown.
    public internal(set) var windowSize: Size
    /// Called when the lab wants another window size (the inspector shown or hidden); the host resizes.
    public var onWindowSizeRequest: ((Size) -> Void)?
    /// The sizes asked for whose resize has not come back yet, oldest first (see `isAnswerToSizeRequest`).
    var requestedSizes: [Size] = []
    /// Reads `--config` again when it changes.
    var configReload: ConfigReload?
    /// The one-line error of the last config reload that failed, shown in the HUD and the inspector until one works.
    var configMessage: String?
    /// Where a problem the lab keeps running through is written in full, once (a failed reload): stderr, as the
    /// lab's other lines; the HUD and the inspector show only what fits.
    var problemLog: (String) -> Void = { LabMain.fail($0) }
    private var recorder: LineWriter?
    private var wasAtRest = false
    private var lastPointer: Point?
    private var lastFrame: (renderMs: Double, presentMs: Double) = (0, 0)
    /// The timings the HUD shows, refreshed four times a second so they can be read (and the line is not
    /// redrawn every frame).
    private var shownFrame: (renderMs: Double, presentMs: Double, at: Double) = (0, 0, -1)
    /// The HUD's lines as formatted this frame and as shown, and when the live ones may change.
    private(set) var hudText = HUDText()
    private var hudSchedule = HUDSchedule()
    /// Slow animations (key S): every duration ×10.
    private var slowAnimations: Bool
    /// A line for the HUD about what the lab did (an export), until the next press or key.
    public private(set) var notice: String?
    /// `--export FILE`, if given.
    var exportDestination: String? { configuration.exportPath }
    /// The end-of-run export (`--export`) could not be written: the lab ends with exit 1 and this line.
    public private(set) var exportFailure: LabError?
    private var finished = false
    /// Set by Q or a close request; the host leaves its loop.
    public private(set) var wantsQuit = false
    /// Called when the title should change (the scene changed).
    public var onTitleChange: ((String) -> Void)?

    /// A lab writing its trace and recording to `outputs`, or to files it opens from the configuration.
    convenience init(configuration: LabConfiguration, clock: Clock, outputs: LabOutputs?) throws {
        try self.init(configuration: configuration, clock: clock, writers: try outputs ?? LabOutputs(configuration))
    }

    /// A lab for `configuration` on `clock`, writing the trace and recording the configuration names.
    public convenience init(configuration: LabConfiguration, clock: Clock) throws {
        try self.init(configuration: configuration, clock: clock, outputs: nil)
    }

    private init(configuration: LabConfiguration, clock: Clock, writers: LabOutputs) throws {
        self.configuration = configuration
        self.clock = clock
        slowAnimations = configuration.slowAnimations
        startTime = clock.now
        driver = AnimationDriver(clock: clock)
        window = Window(size: configuration.size)
        windowSize = configuration.size
        hud = HUDView(frame: Rect(origin: .zero, size: configuration.size))
        hud.isHidden = !configuration.showsHUD
        parameters = try Lab.startingParameters(configuration.sceneType, configuration: configuration)
        scene = configuration.sceneType.init(parameters: parameters)
        trace = LivePlot.trace(writer: writers.trace, configuration: configuration)
        recorder = writers.recording
        configReload = configuration.configPath.map {
            ConfigReload(path: $0, sceneType: configuration.sceneType, setOverrides: configuration.setOverrides)
        }
        installObservers()
        show(scene)
        if configuration.showsInspector { openInspector() }
    }

    /// The window title for the current scene.
    public var title: String { "ModalLab — \(type(of: scene).info.name)" }

    /// Seconds since the lab started, on its clock.
    public var elapsed: Double { clock.now - startTime }

    // MARK: Scenes

    /// The seed's defaults, then (for the scene the lab was started with) `--config` and `--set`.
    static func startingParameters(_ type: any Scene.Type, configuration: LabConfiguration) throws -> SceneParameters {
        var parameters = SceneParameters(specs: type.info.allParameters)
        if type == configuration.sceneType {
            for (name, value) in configuration.parameterOverrides { try parameters.set(name, value) }
        }
        return parameters
    }

    /// What `type` runs with when shown: its tuned values, else its starting ones, with the lab-wide values kept.
    private func parameters(for type: any Scene.Type) -> SceneParameters? {
        guard let own = tuned[type.info.name] ?? (try? Lab.startingParameters(type, configuration: configuration))
        else { return nil }
        return own.keepingLabValues(of: parameters)
    }

    /// Drops what `type` was tuned to, so it next starts from the command line's values (a reloaded config).
    func forget(_ type: any Scene.Type) { tuned[type.info.name] = nil }

    /// Rebuilds the current scene at rest, modal up, with `parameters` (the inspector, a reloaded config); they
    /// apply from the next gesture or animation.
    public func apply(_ parameters: SceneParameters) {
        tuned[type(of: scene).info.name] = parameters
        self.parameters = parameters
        show(type(of: scene).init(parameters: parameters))
    }

    private func show(_ scene: any Scene) {
        // The old scene's drag, animations and transition are abandoned, not finished: their completions would put
        // the old views back into the window. The drag is cancelled first, so what that starts runs on the old driver.
        window.cancelTracking()
        driver = AnimationDriver(clock: clock)
        driver.slowAnimationFactor = slowAnimations ? 10 : 1
        driver.reducedMotion = configuration.reducedMotion
        window.animationDriver = driver
        driver.tick(at: clock.now)
        window.abandonActiveTransition()
        self.scene = scene
        window.subviews.forEach { $0.removeFromSuperview() }
        window.rootViewController = scene.root
        window.addSubview(hud)
        scene.observe { [unowned self] event in
            switch event {
            case .detentChanged(let identifier): trace?.detent(t: elapsed, identifier: identifier)
            case .dismissAttempt: trace?.dismissAttempt(t: elapsed)
            }
        }
        scene.presentInitially()
        window.bringSubviewToFront(hud)
        let rule = ReleaseRule(scene)
        trace?.scene(t: elapsed, name: type(of: scene).info.name, parameters: parameters, rule: rule)
        inspector?.view.show(scene: type(of: scene).info.name, parameters: parameters)
        onTitleChange?(title)
        wasAtRest = false
        updateHUD()
        noteRest()
    }

    /// Switches to the scene at `index` in the lab's scenes (keys 1–9): with its defaults (the launched scene
    /// with the command line's values), or what it was tuned to; the lab-wide parameters stay as they are.
    public func switchScene(to index: Int) {
        guard configuration.scenes.indices.contains(index) else { return }
        let type = configuration.scenes[index]
        guard let next = parameters(for: type) else { return }
        parameters = next
        show(type.init(parameters: next))
    }

    /// Rebuilds the current scene from scratch with the parameters it runs with (key R).
    public func resetScene() {
        show(type(of: scene).init(parameters: parameters))
    }

    // MARK: Input

    /// Handles one input event, in order, as it arrives.
    public func handle(_ event: InputEvent) {
        recorder?.write(Recording.line(t: elapsed, event: event))
        if let inspector, let panelEvent = inspector.panelEvent(event, stageWidth: window.bounds.width) {
            if case .pointerDown = event { notice = nil }
            inspector.window.handlePointer(panelEvent)
            applyPendingParameters()
            updateHUD()
            return
        }
        switch event {
        case .pointerDown(let p, _):
            lastPointer = p
            notice = nil
            useEstimator()
            window.handlePointer(event)
            keepHUDOnTop()
        case .pointerMove(let p, _), .pointerUp(let p, _):
            lastPointer = p
            window.handlePointer(event)
            keepHUDOnTop()
        case .scroll(_, let p, _, _):
            lastPointer = p
            window.handlePointer(event)
        case .keyDown(let key, _): handleKey(key)
        // The server answering the lab's own size request (key I), the latest or a stale one: nothing to do.
        case .resize(let size) where isAnswerToSizeRequest(size): break
        case .resize(let size) where inspector != nil:
            inspector.map { resizeBesideStage($0, to: size) }
        case .resize(let size):
            windowSize = size
            window.resize(to: size)
            hud.frame = Rect(origin: .zero, size: size)
            hud.layoutSubviews()
        case .close: wantsQuit = true
        case .pointerLost: window.cancelTracking()
        }
        if mayChangeHUD(event) { hudSchedule.markStale() }
        noteRest()
    }

    private func handleKey(_ key: Key) {
        notice = nil
        switch key {
        case .escape:
            // Mid-drag, Escape cancels the drag; otherwise it dismisses the top modal with its own animation (the
            // sheet asks first, as a user-initiated dismissal).
            if !window.cancelTracking(), !scene.handleKey(.escape), let top = window.topViewController,
                top !== scene.root
            {
                top.dismiss(animated: true)
            }
        case .space, .returnKey:
            if scene.root.presentedViewController == nil { scene.presentAgain() }
        case .character(let c):
            switch c {
            case "1", "2", "3", "4", "5", "6", "7", "8", "9": c.wholeNumberValue.map { switchScene(to: $0 - 1) }
            case "h":
                hud.isHidden.toggle()
                hudSchedule = HUDSchedule()
            case "s":
                slowAnimations.toggle()
                driver.slowAnimationFactor = slowAnimations ? 10 : 1
            case "r": resetScene()
            case "e": exportParameters()
            case "i": toggleInspector()
            case "q": wantsQuit = true
            default: break
            }
        default: _ = scene.handleKey(key)
        }
        keepHUDOnTop()
    }

    /// Every pan recognizer in the window reads its velocity with the scene's estimator; set at each press,
    /// before the recognizers see it, so recognizers a scene adds later (a sheet's, a scroll view's) follow too.
    private func useEstimator() {
        let estimator = parameters.velocityEstimator
        func visit(_ view: View) {
            for case let pan as PanGestureRecognizer in view.gestureRecognizers { pan.velocityEstimator = estimator }
            view.subviews.forEach(visit)
        }
        visit(window)
    }

    /// New transition containers go on top of the window; the HUD stays above them.
    private func keepHUDOnTop() {
        if window.subviews.last !== hud { window.bringSubviewToFront(hud) }
    }

    // MARK: Frames

    /// True while anything moves: the display link stays on.
    public var isAnimating: Bool {
        driver.isAnimating || inspector?.window.animationDriver.isAnimating == true || configReload?.isPending == true
    }

    /// True when something changed since the last frame (on the HUD and the inspector too).
    public var needsDisplay: Bool {
        window.needsDisplay || inspector?.window.needsDisplay == true || (!hud.isHidden && hudSchedule.wantsFrame)
    }

    /// Advances every animation to the frame time (seconds on the lab's clock).
    public func advance(to frameTime: Double) {
        driver.tick(at: frameTime)
        inspector?.window.animationDriver.tick(at: frameTime)
        reloadConfigIfDue(at: frameTime)
        keepHUDOnTop()
        updateHUD()
        noteRest()
    }

    /// Draws the frame.
    @discardableResult
    public func render(into bitmap: inout Bitmap, scale: Double) -> PixelRect? {
        if let inspector { return renderWithInspector(inspector, into: &bitmap, scale: scale) }
        let damage = window.render(into: &bitmap, scale: scale)
        // A full-screen modal took the presenting view out of the window; have its pixels ready for the moment a
        // dismissal brings it back, rather than drawing it in the first frame of the drag.
        scene.root.view.prepareLayer(scale: scale)
        return damage
    }

    /// The separate rectangles the last `render` changed, inside the region it returned; empty with the inspector
    /// shown (its frame is composed from two windows, and the returned region is what changed).
    public var lastRenderRegions: [PixelRect] { inspector == nil ? window.lastDamageRegions : [] }

    /// Records a presented frame: timings for the HUD and a trace line. `index` is the host's number for the
    /// frame, by which a later `shown` line names it.
    public func didPresent(renderSeconds: Double, presentSeconds: Double, presentedAt: Double?, index: Int? = nil) {
        lastFrame = (renderSeconds * 1000, presentSeconds * 1000)
        trace?.frame(
            t: elapsed, phase: scene.phase, progress: scene.progress, card: topCardFrame,
            renderMs: lastFrame.renderMs, presentMs: lastFrame.presentMs, pointer: lastPointer,
            presentedAt: presentedAt, index: index, sceneFields: scene.writeTraceFields)
    }

    /// Records that the server showed frame `index` at vertical blank `msc`, at `shownAt` (CLOCK_MONOTONIC
    /// seconds), `missed` blanks late, with the host drawing `lead` seconds before a blank: a `shown` trace line.
    public func didShow(index: Int, msc: UInt64, shownAt: Double, missed: Int, lead: Double = 0) {
        trace?.shown(t: elapsed, index: index, msc: msc, shownAt: shownAt, missed: missed, lead: lead)
    }

    /// The top-most modal's view as shown (window points), nil when only the presenting screen is up.
    public var topCardFrame: Rect? {
        guard let top = window.topViewController, top !== scene.root else { return nil }
        let f = top.view.presentedFrame
        let origin = top.view.superview?.convertToWindow(f.origin) ?? f.origin
        return Rect(origin: origin, size: f.size)
    }

    /// Ends the lab: writes the `--export` files, flushes and closes the trace and the recording.
    public func finish() {
        if !finished, let path = configuration.exportPath {
            do { try ParameterExport.write(parameters, scene: type(of: scene), to: path) } catch {
                exportFailure = error as? LabError ?? .io("\(error)")
            }
        }
        finished = true
        trace?.close()
        recorder?.close()
    }

    // MARK: Observers

    private func installObservers() {
        window.onTransitionEvent = { [unowned self] context, event in
            let kind = context.kind.rawValue, interactive = context.isInteractive
            switch event {
            case .began: trace?.transition(t: elapsed, event: "began", kind: kind, interactive: interactive)
            case .finish: trace?.transition(t: elapsed, event: "finish", kind: kind, interactive: interactive)
            case .cancel: trace?.transition(t: elapsed, event: "cancel", kind: kind, interactive: interactive)
            case .pause: trace?.transition(t: elapsed, event: "pause", kind: kind, interactive: interactive)
            case .completed(let cancelled):
                trace?.transition(
                    t: elapsed, event: "completed", kind: kind, interactive: interactive, cancelled: cancelled)
            case .abandoned: trace?.transition(t: elapsed, event: "abandoned", kind: kind, interactive: interactive)
            }
        }
        window.onGestureEvent = { [unowned self] recognizer in
            guard let pan = recognizer as? PanGestureRecognizer else { return }
            trace?.gesture(t: elapsed, pan: pan)
        }
    }

    /// Writes `settled` each time everything comes to rest.
    private func noteRest() {
        // A sheet held still by a press (not yet a drag) is not at rest either.
        let atRest =
            !driver.isAnimating && window.activeTransition == nil && !window.isTrackingGesture
            && scene.phase != .interactive
        if atRest && !wasAtRest, let top = window.topViewController {
            trace?.settled(t: elapsed, top: scene.traceName(for: top))
        }
        wasAtRest = atRest
    }

    /// Shows `text` in the HUD until the next press or key.
    func show(notice text: String) {
        notice = text
        updateHUD()
    }

    /// Every event but a hover: nothing the HUD shows follows a pointer that drags nothing, and a frame asked for
    /// it would wake the lab for nothing.
    private func mayChangeHUD(_ event: InputEvent) -> Bool {
        if case .pointerMove = event { return window.isTrackingGesture }
        return true
    }

    /// Called once a frame (and when a scene is shown), never per input event. The lines are formatted into
    /// reused bytes; a label is given a new `String` only when its line changed and may be shown.
    private func updateHUD() {
        guard !hud.isHidden else { return }
        let info = type(of: scene).info, pan = activePan, phase = scene.phase, progress = scene.progress
        let willDismiss = writeLiveHUDLines(into: &hudText, info, phase: phase, progress: progress, pan: pan)
        let decision = HUDSchedule.Decision(
            scene: info.name, phase: phase.rawValue,
            slow: driver.slowAnimationFactor != 1, showsDrag: pan != nil,
            willDismiss: willDismiss)
        if hudSchedule.shows(changed: hudText.changed(HUDText.live), decision: decision, at: clock.now) {
            hudText.show(HUDText.live, in: hud)
        }
        if clock.now - shownFrame.at >= 0.25 { shownFrame = (lastFrame.renderMs, lastFrame.presentMs, clock.now) }
        writeLastHUDLine(into: &hudText)
        hudText.show(HUDText.last, in: hud)
        hud.placePanel(atTop: scene.prefersHUDAtTop)
        hud.update(thresholdY: progress == nil ? nil : scene.thresholdLineY, title: scene.markerTitle)
    }

    /// The HUD's last line: a reload's error or an export's result when there is one (it is what the user is
    /// waiting for), else the frame timings.
    private func writeLastHUDLine(into text: inout HUDText) {
        let i = HUDText.last.lowerBound
        if let configMessage { return text.set(i, configMessage, color: Color(rgb: 0xFF453A)) }
        if let notice { return text.set(i, notice, color: Color(rgb: 0x64D2FF)) }
        text.begin(i, color: Color(white: 0.8))
        text.lines[i].append("render ")
        text.lines[i].append(shownFrame.renderMs, digits: 2)
        text.lines[i].append(" ms · present ")
        text.lines[i].append(shownFrame.presentMs, digits: 2)
        text.lines[i].append(" ms")
    }

    /// The HUD's lines but the timings: the scene and phase, the drag, and the rule or the scene's summary.
    /// Returns the rule's verdict, nil when no rule is shown.
    private func writeLiveHUDLines(
        into text: inout HUDText, _ info: SceneInfo, phase: Phase, progress: Double?,
        pan: PanGestureRecognizer?
    ) -> Bool? {
        text.begin(0)
        text.lines[0].append(string: info.name)
        text.lines[0].append(" · ")
        text.lines[0].append(string: phase.rawValue)
        if driver.slowAnimationFactor != 1 { text.lines[0].append(" · slow ×10") }
        text.begin(1)
        text.lines[1].append("progress ")
        text.lines[1].append(progress ?? .nan, digits: 2)
        if let pan {
            let t = pan.translation(in: pan.view), v = pan.velocity(in: pan.view)
            text.lines[1].append(" · drag ")
            text.lines[1].append(t.x, digits: 0)
            text.lines[1].append(", ")
            text.lines[1].append(t.y, digits: 0)
            text.lines[1].append(" · v ")
            text.lines[1].append(v.x, digits: 0)
            text.lines[1].append(", ")
            text.lines[1].append(v.y, digits: 0)
            text.lines[1].append(" pt/s")
        }
        text.begin(2)
        if progress != nil, let willDismiss = scene.writeRule(into: &text.lines[2]) {
            text.colors[2] = willDismiss ? Color(rgb: 0x30D158) : Color(rgb: 0xFF9F0A)
            return willDismiss
        }
        text.set(2, info.summary, color: Color(white: 0.8))
        return nil
    }

    /// The pan recognizer of the top modal (on its view or a descendant), the one the HUD reports on.
    private var activePan: PanGestureRecognizer? {
        func search(_ view: View) -> PanGestureRecognizer? {
            view.gestureRecognizers.lazy.compactMap { $0 as? PanGestureRecognizer }.first
                ?? view.subviews.lazy.compactMap(search).first
        }
        return window.topViewController.flatMap { search($0.view) }
    }
}
