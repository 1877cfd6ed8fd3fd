import ModalKit

/// The lab without a window system: the window's view tree with the current scene, the HUD, the trace and the
/// recorder, driven by input events and frame times. The X11 host, the headless renderer and the tests all drive
/// this one object.
public final class Lab {
    public let window: Window
    public private(set) var scene: Scene
    /// Runs the current scene's animations; each scene gets a fresh one, so nothing of a scene left mid-transition
    /// can reach into the next.
    public private(set) var driver: AnimationDriver
    private let clock: Clock
    private let startTime: Double
    private let configuration: LabConfiguration
    private let hud: HUDView
    private var trace: Trace?
    private var recorder: LineWriter?
    private var wasAtRest = false
    private var lastPointer: Point?
    private var lastFrame: (renderMs: Double, presentMs: Double) = (0, 0)
    /// The timings the HUD shows, refreshed four times a second so they can be read (and the line is not
    /// redrawn every frame).
    private var shownFrame: (renderMs: Double, presentMs: Double, at: Double) = (0, 0, -1)
    /// The HUD's live lines as shown, and when they may change.
    private var hudLines: [HUDLine] = []
    private var hudSchedule = HUDSchedule()
    /// Slow animations (key S): every duration ×10.
    private var slowAnimations: Bool
    /// Set by Q or a close request; the host leaves its loop.
    public private(set) var wantsQuit = false
    /// Called when the title should change (the scene changed).
    public var onTitleChange: ((String) -> Void)?

    /// A lab writing its trace and recording to `outputs`, or to files it opens from the configuration.
    convenience init(configuration: LabConfiguration, clock: Clock, outputs: LabOutputs?) throws {
        try self.init(configuration: configuration, clock: clock, writers: try outputs ?? LabOutputs(configuration))
    }

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
        hud = HUDView(frame: Rect(origin: .zero, size: configuration.size))
        hud.isHidden = !configuration.showsHUD
        scene = try Lab.makeScene(configuration.sceneType, configuration: configuration)
        trace = LivePlot.trace(writer: writers.trace, configuration: configuration)
        recorder = writers.recording
        installObservers()
        show(scene)
    }

    /// The window title for the current scene.
    public var title: String { "ModalLab — \(type(of: scene).info.name)" }

    /// Seconds since the lab started, on its clock.
    public var elapsed: Double { clock.now - startTime }

    // MARK: Scenes

    private static func makeScene(_ type: Scene.Type, configuration: LabConfiguration) throws -> Scene {
        var parameters = SceneParameters(specs: type.info.parameters)
        if type == configuration.sceneType {
            for (name, value) in configuration.parameterOverrides { try parameters.set(name, value) }
        }
        return type.init(parameters: parameters)
    }

    private func show(_ scene: Scene) {
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
        let rule = ReleaseRule(scene, configuration)
        let parameters: SceneParameters = scene.root.parameters
        trace?.scene(t: elapsed, name: type(of: scene).info.name, parameters: parameters, rule: rule)
        onTitleChange?(title)
        wasAtRest = false
        updateHUD()
        noteRest()
    }

    /// Switches to the scene at `index` in `SceneCatalog.all` (keys 1–6), with its default parameters.
    public func switchScene(to index: Int) {
        guard SceneCatalog.all.indices.contains(index), let next = try? Lab.makeScene(SceneCatalog.all[index], configuration: configuration)
        else { return }
        show(next)
    }

    /// Rebuilds the current scene from scratch (key R).
    public func resetScene() {
        guard let fresh = try? Lab.makeScene(type(of: scene), configuration: configuration) else { return }
        show(fresh)
    }

    // MARK: Input

    /// Handles one input event, in order, as it arrives.
    public func handle(_ event: InputEvent) {
        recorder?.write(Recording.line(t: elapsed, event: event))
        switch event {
        case .pointerDown(let p, _), .pointerMove(let p, _), .pointerUp(let p, _):
            lastPointer = p
            window.handlePointer(event)
            keepHUDOnTop()
        case .scroll(_, let p, _, _):
            lastPointer = p
            window.handlePointer(event)
        case .keyDown(let key, _): handleKey(key)
        case .resize(let size):
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
        switch key {
        case .escape:
            // Mid-drag, Escape cancels the drag; otherwise it dismisses the top modal with its own animation (the
            // sheet asks first, as a user-initiated dismissal).
            if !window.cancelTracking(), !scene.handleKey(.escape), let top = window.topViewController, top !== scene.root {
                top.dismiss(animated: true)
            }
        case .space, .returnKey:
            if scene.root.presentedViewController == nil { scene.presentAgain() }
        case .character(let c):
            switch c {
            case "1", "2", "3", "4", "5", "6": c.wholeNumberValue.map { switchScene(to: $0 - 1) }
            case "h":
                hud.isHidden.toggle()
                hudSchedule = HUDSchedule()
            case "s":
                slowAnimations.toggle()
                driver.slowAnimationFactor = slowAnimations ? 10 : 1
            case "r": resetScene()
            case "q": wantsQuit = true
            default: break
            }
        default: _ = scene.handleKey(key)
        }
        keepHUDOnTop()
    }

    /// New transition containers go on top of the window; the HUD stays above them.
    private func keepHUDOnTop() {
        if window.subviews.last !== hud { window.bringSubviewToFront(hud) }
    }

    // MARK: Frames

    /// True while anything moves: the display link stays on.
    public var isAnimating: Bool { driver.isAnimating }

    /// True when something changed since the last frame (on the HUD too).
    public var needsDisplay: Bool { window.needsDisplay || (!hud.isHidden && hudSchedule.wantsFrame) }

    /// Advances every animation to the frame time (seconds on the lab's clock).
    public func advance(to frameTime: Double) {
        driver.tick(at: frameTime)
        keepHUDOnTop()
        updateHUD()
        noteRest()
    }

    /// Draws the frame.
    @discardableResult
    public func render(into bitmap: inout Bitmap, scale: Double) -> PixelRect? {
        let damage = window.render(into: &bitmap, scale: scale)
        // A full-screen modal took the presenting view out of the window; have its pixels ready for the moment a
        // dismissal brings it back, rather than drawing it in the first frame of the drag.
        scene.root.view.prepareLayer(scale: scale)
        return damage
    }

    /// Records a presented frame: timings for the HUD and a trace line.
    public func didPresent(renderSeconds: Double, presentSeconds: Double, presentedAt: Double?) {
        lastFrame = (renderSeconds * 1000, presentSeconds * 1000)
        trace?.frame(t: elapsed, phase: scene.phase, progress: scene.progress, card: topCardFrame,
                     renderMs: lastFrame.renderMs, presentMs: lastFrame.presentMs, pointer: lastPointer,
                     presentedAt: presentedAt, detent: scene.traceDetent)
    }

    /// The top-most modal's view as shown (window points), nil when only the presenting screen is up.
    public var topCardFrame: Rect? {
        guard let top = window.topViewController, top !== scene.root else { return nil }
        let f = top.view.presentedFrame
        let origin = top.view.superview?.convertToWindow(f.origin) ?? f.origin
        return Rect(origin: origin, size: f.size)
    }

    /// Ends the lab: flushes and closes the trace and the recording.
    public func finish() {
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
                trace?.transition(t: elapsed, event: "completed", kind: kind, interactive: interactive, cancelled: cancelled)
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
        let atRest = !driver.isAnimating && window.activeTransition == nil && !window.isTrackingGesture
            && scene.phase != .interactive
        if atRest && !wasAtRest, let top = window.topViewController {
            trace?.settled(t: elapsed, top: scene.traceName(for: top))
        }
        wasAtRest = atRest
    }

    /// Every event but a hover: nothing the HUD shows follows a pointer that drags nothing, and a frame asked for
    /// it would wake the lab for nothing.
    private func mayChangeHUD(_ event: InputEvent) -> Bool {
        if case .pointerMove = event { return window.isTrackingGesture }
        return true
    }

    /// Called once a frame (and when a scene is shown), never per input event.
    private func updateHUD() {
        guard !hud.isHidden else { return }
        let info = type(of: scene).info, pan = activePan
        let rule = scene.progress == nil ? nil : scene.rule()
        let lines = liveHUDLines(info, pan: pan, rule: rule)
        let decision = HUDSchedule.Decision(scene: info.name, phase: scene.phase.rawValue,
                                            slow: driver.slowAnimationFactor != 1, showsDrag: pan != nil,
                                            willDismiss: rule?.willDismiss)
        if hudSchedule.shows(changed: lines != hudLines, decision: decision, at: clock.now) { hudLines = lines }
        if clock.now - shownFrame.at >= 0.25 { shownFrame = (lastFrame.renderMs, lastFrame.presentMs, clock.now) }
        let timings = HUDLine(text: "render \(fmt(shownFrame.renderMs)) ms · present \(fmt(shownFrame.presentMs)) ms",
                              color: Color(white: 0.8))
        hud.update(lines: hudLines + [timings], thresholdY: scene.progress == nil ? nil : scene.thresholdLineY,
                   title: scene.markerTitle)
    }

    /// The HUD's lines but the timings: the scene and phase, the drag, and the rule or the scene's summary.
    private func liveHUDLines(_ info: SceneInfo, pan: PanGestureRecognizer?, rule: RuleReadout?) -> [HUDLine] {
        var lines = [HUDLine(text: "\(info.name) · \(scene.phase.rawValue)\(driver.slowAnimationFactor != 1 ? " · slow ×10" : "")")]
        let progress = scene.progress.map { fmt($0) } ?? "-"
        if let pan {
            let t = pan.translation(in: pan.view), v = pan.velocity(in: pan.view)
            lines.append(HUDLine(text: "progress \(progress) · drag \(fmt(t.x, 0)), \(fmt(t.y, 0)) · v \(fmt(v.x, 0)), \(fmt(v.y, 0)) pt/s"))
        } else {
            lines.append(HUDLine(text: "progress \(progress)"))
        }
        if let rule {
            lines.append(HUDLine(text: rule.text, color: rule.willDismiss ? Color(rgb: 0x30D158) : Color(rgb: 0xFF9F0A)))
        } else {
            lines.append(HUDLine(text: info.summary, color: Color(white: 0.8)))
        }
        return lines
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
