import ModalKit

/// The lab without a window system: the window's view tree with the current scene, the HUD, the trace and the
/// recorder, driven by input events and frame times. The X11 host, the headless renderer and the tests all drive
/// this one object. A coordinator: what happens is published once as a `LabEvent` to its subscribers (the trace
/// writer, the live plot, the inspector, the HUD), which keep their own state.
public final class Lab {
    /// The stage: the window whose root is the scene's root view controller, with the HUD on top.
    public let window: Window
    /// The scene on the stage.
    public private(set) var scene: any Scene
    /// What the scene on the stage is: its name and parameters, its exports.
    public private(set) var kind: SceneKind
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
    /// The HUD: its view, lines and schedule (also the stream's HUD subscriber).
    let hud: LabHUD
    /// `--device`: the status bar, home indicator and display corners over every scene, under the HUD.
    let chrome: DeviceChromeView?
    /// Everything the lab publishes goes to these subscribers, once each, in order.
    var events = LabEventStream()
    /// `--record`: every input event, written before it is handled.
    private let recorder: LineWriter?
    /// The panel beside the stage, while shown (`--inspector`, key I).
    var inspector: Inspector?
    /// The window's size and the sizes asked of the host.
    var sizes: WindowSizeRequests
    /// Reads `--config` again when it changes.
    var configReload: ConfigReload?
    /// Reads `--scene-file` and its images again when they change.
    var sceneFileReload: SceneFileReload?
    /// How many times the scene file was read again and loaded (the host then watches the images it names now).
    public internal(set) var sceneFileReloads = 0
    /// A notice, a reload's error, the end-of-run export.
    var notices = LabNotices()
    /// Whether everything was at rest at the last look (a `settled` event is published on the way to rest).
    private var wasAtRest = false
    /// The `settled` event of a rest reached while advancing or handling input, published after the frame that
    /// shows it (see `noteRest`).
    private var pendingSettled: LabEvent?
    /// The pointer's last position, for frame events.
    private var lastPointer: Point?
    /// Slow animations (key S): every duration ×10.
    private var slowAnimations: Bool
    /// The whole window in points: the stage, and the inspector beside it when shown.
    public internal(set) var windowSize: Size {
        get { sizes.windowSize }
        set { sizes.windowSize = newValue }
    }
    /// Called when the lab wants another window size (the inspector shown or hidden); the host resizes.
    public var onWindowSizeRequest: ((Size) -> Void)? {
        get { sizes.onRequest }
        set { sizes.onRequest = newValue }
    }
    /// A line for the HUD about what the lab did (an export), until the next press or key.
    public var notice: String? { notices.notice }
    /// `--export FILE`, if given.
    var exportDestination: String? { configuration.exportPath }
    /// The end-of-run export (`--export`) could not be written: the lab ends with exit 1 and this line.
    public var exportFailure: LabError? { notices.exportFailure }
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
        chrome = configuration.device.map(DeviceChromeView.init(device:))
        if let device = configuration.device {
            window.screenSafeAreaInsets = device.safeAreaInsets
            window.displayCornerRadius = device.displayCornerRadius
        }
        sizes = WindowSizeRequests(configuration.size)
        hud = LabHUD(size: configuration.size, isShown: configuration.showsHUD)
        if let device = configuration.device { hud.view.screenInsets = device.safeAreaInsets }
        kind = configuration.sceneKind
        parameters = try Lab.startingParameters(kind, configuration: configuration)
        scene = kind.makeScene(parameters)
        events.trace = writers.trace.map {
            let trace = Trace(writer: $0)
            trace.side = configuration.traceSide
            return trace
        }
        events.plot = LivePlot.subscriber(configuration)
        events.hud = hud
        recorder = writers.recording
        configReload = configuration.configPath.map {
            ConfigReload(path: $0, setOverrides: configuration.setOverrides)
        }
        configReload?.system = configuration.system
        sceneFileReload = configuration.sceneFilePath.map {
            SceneFileReload(path: $0, loaded: configuration.sceneFile, scenes: configuration.scenes)
        }
        installObservers()
        show(kind, scene)
        if configuration.showsInspector { openInspector() }
    }

    /// The window title for the current scene.
    public var title: String { "ModalLab — \(kind.name)" }

    /// Seconds since the lab started, on its clock.
    public var elapsed: Double { clock.now - startTime }

    // MARK: Scenes

    /// The seed's defaults, then (for the scene the lab was started with) `--config` and `--set`.
    static func startingParameters(_ kind: SceneKind, configuration: LabConfiguration) throws -> SceneParameters {
        var parameters = SceneParameters(specs: kind.info.allParameters, system: configuration.system)
        if kind.name == configuration.sceneKind.name {
            for (name, value) in configuration.parameterOverrides { try parameters.set(name, value) }
        }
        return parameters
    }

    /// What `type` runs with when shown: its tuned values, else its starting ones, with the lab-wide values kept.
    private func parameters(for kind: SceneKind) -> SceneParameters? {
        guard let own = tuned[kind.name] ?? (try? Lab.startingParameters(kind, configuration: configuration))
        else { return nil }
        return own.keepingLabValues(of: parameters)
    }

    /// Drops what `kind` was tuned to, so it next starts from the command line's values (a reloaded config).
    func forget(_ kind: SceneKind) { tuned[kind.name] = nil }

    /// Rebuilds the current scene at rest, modal up, with `parameters` (the inspector, a reloaded config); they
    /// apply from the next gesture or animation.
    public func apply(_ parameters: SceneParameters) { run(kind, parameters) }

    /// Shows `kind` at rest, modal up, with `parameters`, which it keeps when shown again.
    func run(_ kind: SceneKind, _ parameters: SceneParameters) {
        tuned[kind.name] = parameters
        self.parameters = parameters
        show(kind, kind.makeScene(parameters))
    }

    private func show(_ kind: SceneKind, _ scene: any Scene) {
        // The old scene's drag, animations and transition are abandoned, not finished: their completions would put
        // the old views back into the window. The drag is cancelled first, so what that starts runs on the old driver.
        window.cancelTracking()
        publishPendingSettled()
        driver = AnimationDriver(clock: clock)
        driver.slowAnimationFactor = slowAnimations ? 10 : 1
        driver.reducedMotion = configuration.reducedMotion
        window.animationDriver = driver
        driver.tick(at: clock.now)
        window.abandonActiveTransition()
        self.scene = scene
        self.kind = kind
        window.subviews.forEach { $0.removeFromSuperview() }
        // A scene whose screen is the root of a navigation stack (the zoom's push) puts the stack in the window.
        window.rootViewController = scene.root.navigationController ?? scene.root
        if let chrome { window.addSubview(chrome) }
        window.addSubview(hud.view)
        scene.observe { [unowned self] event in
            switch event {
            case .detentChanged(let identifier): events.publish(.detent(t: elapsed, identifier: identifier))
            case .dismissAttempt: events.publish(.dismissAttempt(t: elapsed))
            }
        }
        scene.present(animated: false)
        keepHUDOnTop()
        events.publish(.scene(sceneShown))
        inspector?.view.show(scene: kind.name, parameters: parameters)
        onTitleChange?(title)
        wasAtRest = false
        updateHUD()
        noteRest()
        // A scene shown at rest is published so at once: nothing moved before it.
        publishPendingSettled()
    }

    /// The scene on the stage as a `scene` event at the current time.
    var sceneShown: LabEvent.SceneShown {
        LabEvent.SceneShown(t: elapsed, name: kind.name, parameters: parameters, rule: ReleaseRule(scene))
    }

    /// Switches to the scene at `index` in the lab's scenes (keys 1–9): with its defaults (the launched scene
    /// with the command line's values), or what it was tuned to; the lab-wide parameters stay as they are.
    public func switchScene(to index: Int) {
        guard configuration.scenes.indices.contains(index) else { return }
        let kind = configuration.scenes[index]
        guard let next = parameters(for: kind) else { return }
        parameters = next
        show(kind, kind.makeScene(next))
    }

    /// Rebuilds the current scene from scratch with the parameters it runs with (key R).
    public func resetScene() {
        show(kind, kind.makeScene(parameters))
    }

    // MARK: Input

    /// Handles one input event, in order, as it arrives.
    public func handle(_ event: InputEvent) {
        // A rest reached before this input comes before what the input does, drawn or not.
        publishPendingSettled()
        recorder?.write(Recording.line(t: elapsed, event: event))
        if let inspector, let panelEvent = inspector.panelEvent(event, stageWidth: window.bounds.width) {
            if case .pointerDown = event { notices.notice = nil }
            inspector.window.handlePointer(panelEvent)
            applyPendingParameters()
            updateHUD()
            return
        }
        switch event {
        case .pointerDown(let p, _):
            lastPointer = p
            notices.notice = nil
            useEstimator()
            window.handlePointer(event)
            keepHUDOnTop()
        case .pointerMove(let p, _), .pointerUp(let p, _):
            lastPointer = p
            window.handlePointer(event)
            keepHUDOnTop()
        case .scroll(_, let p, _, _), .pinch(_, _, let p, _):
            lastPointer = p
            window.handlePointer(event)
        case .keyDown(let key, _): handleKey(key)
        // The server answering the lab's own size request (key I), the latest or a stale one: nothing to do.
        case .resize(let size) where sizes.isAnswer(size): break
        case .resize(let size) where inspector != nil:
            inspector.map { resizeBesideStage($0, to: size) }
        case .resize(let size):
            windowSize = size
            window.resize(to: size)
            hud.view.frame = Rect(origin: .zero, size: size)
            hud.view.layoutSubviews()
        case .close: wantsQuit = true
        case .pointerLost: window.cancelTracking()
        }
        if mayChangeHUD(event) { hud.markStale() }
        noteRest()
    }

    private func handleKey(_ key: Key) {
        notices.notice = nil
        switch key {
        case .escape:
            // Mid-drag, Escape cancels the drag; otherwise it dismisses the top modal with its own animation (the
            // sheet asks first, as a user-initiated dismissal).
            if !window.cancelTracking(), !scene.handleKey(.escape), let top = window.topViewController,
                top !== scene.root
            {
                if let navigation = top.navigationController, navigation.viewControllers.count > 1 {
                    navigation.popViewController(animated: true)
                } else {
                    top.dismiss(animated: true)
                }
            }
        case .space, .returnKey:
            if scene.root.presentedViewController == nil { scene.present(animated: true) }
        case .character(let c):
            switch c {
            case "1", "2", "3", "4", "5", "6", "7", "8", "9": c.wholeNumberValue.map { switchScene(to: $0 - 1) }
            case "h": hud.toggle()
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

    /// New transition containers go on top of the window; the device's chrome and the HUD stay above them.
    private func keepHUDOnTop() {
        guard window.subviews.last !== hud.view || (chrome != nil && window.subviews.dropLast().last !== chrome)
        else { return }
        if let chrome { window.bringSubviewToFront(chrome) }
        window.bringSubviewToFront(hud.view)
    }

    // MARK: Frames

    /// True while anything moves: the display link stays on.
    public var isAnimating: Bool {
        driver.isAnimating || inspector?.window.animationDriver.isAnimating == true
    }

    /// When the lab wants a frame although nothing moves (lab clock seconds, the frame times' clock): the HUD's
    /// held-back numbers, a reload waiting for the file to settle; nil for none. Asked through `isAnimating`
    /// they drew every tick until due, frames that changed nothing.
    public var nextFrameTime: Double? {
        // Asked at every wake-up of the host's loop: no array, nothing allocated.
        // A rest whose `settled` waits for the frame that shows it asks for that frame now.
        earlier(
            pendingSettled == nil ? nil : clock.now,
            earlier(hud.nextFrameTime, earlier(configReload?.timer.dueAt, sceneFileReload?.timer.dueAt)))
    }

    /// True when something changed since the last frame (on the HUD and the inspector too).
    public var needsDisplay: Bool {
        window.needsDisplay || inspector?.window.needsDisplay == true || hud.wantsFrame
    }

    /// Advances every animation to the frame time (seconds on the lab's clock).
    public func advance(to frameTime: Double) {
        // A rest no frame was presented for (nothing changed on screen): the frame before already showed it.
        publishPendingSettled()
        driver.tick(at: frameTime)
        inspector?.window.animationDriver.tick(at: frameTime)
        reloadConfigIfDue(at: frameTime)
        reloadSceneFileIfDue(at: frameTime)
        keepHUDOnTop()
        updateStatusBar()
        updateHUD()
        noteRest()
    }

    /// The phone's status bar turns light over a sheet pulled past halfway to full height, as iOS's does over the
    /// dimmed, receding screen behind.
    private func updateStatusBar() {
        guard let chrome else { return }
        let sheet = window.topViewController?.sheetPresentationController
        chrome.statusBar.tintColor = (sheet?.expansionFraction ?? 0) > 0.5 ? .white : .black
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

    /// Records a presented frame, as the host reported it: a `frame` event (timings for the HUD, a trace line). Its
    /// `index` is the host's number for the frame, by which a later `shown` event names it.
    public func didPresent(_ frame: FrameReport) {
        let status = scene.status
        events.publish(
            .frame(
                LabEvent.FrameShown(
                    t: elapsed, scene: scene, phase: status.phase, progress: status.progress, card: topCardFrame,
                    pointer: lastPointer, report: frame)))
        publishPendingSettled()
    }

    /// Records that the server showed a frame at a vertical blank, as the host reported it: a `shown` event.
    public func didShow(_ frame: FrameShown) {
        events.publish(.shown(t: elapsed, frame))
    }

    /// The top-most modal's view as shown (window points), nil when only the presenting screen is up.
    public var topCardFrame: Rect? {
        guard let top = window.topViewController, top !== scene.root else { return nil }
        if let floating = top.sheetPresentationController?.floatingCardFrame { return floating }
        // A zoomed page shows through its card, which clips it: the card is what is on screen.
        if let zoom = top.zoomTransitionController, zoom.isInstalled { return zoom.cardFrame }
        let f = top.view.presentedFrame
        let origin = top.view.superview?.convertToWindow(f.origin) ?? f.origin
        return Rect(origin: origin, size: f.size)
    }

    /// Ends the lab: writes the `--export` files, flushes and closes the trace and the recording.
    public func finish() {
        publishPendingSettled()
        if !notices.finished, let path = configuration.exportPath {
            do { try ParameterExport.write(parameters, kind: kind, to: path) } catch {
                notices.exportFailure = error as? LabError ?? .io("\(error)")
            }
        }
        notices.finished = true
        events.close()
        recorder?.close()
    }

    // MARK: Observers

    private func installObservers() {
        window.onTransitionEvent = { [unowned self] context, event in
            events.publish(
                .transition(
                    t: elapsed, event: event, kind: context.kind.rawValue, interactive: context.isInteractive))
        }
        window.onGestureEvent = { [unowned self] recognizer in
            guard let pan = recognizer as? PanGestureRecognizer else { return }
            events.publish(.gesture(LabEvent.GestureChange(t: elapsed, pan: pan)))
        }
    }

    /// Notes `settled` each time everything comes to rest, to be published after the next frame presented (the
    /// lab asks for it through `nextFrameTime`), or before the next input, or at the start of the next advance
    /// when no frame was presented, so a trace's `settled` follows the frame that showed the rest. Published here,
    /// while advancing, it came before that frame's `frame` line.
    private func noteRest() {
        // A sheet held still by a press (not yet a drag) is not at rest either.
        let atRest =
            !driver.isAnimating && window.activeTransition == nil && !window.isTrackingGesture
            && scene.status.phase != .interactive
        if atRest && !wasAtRest, let top = window.topViewController {
            publishPendingSettled()
            pendingSettled = .settled(t: elapsed, top: scene.traceName(for: top))
        }
        wasAtRest = atRest
    }

    /// Publishes the `settled` event held for a frame (see `noteRest`) now.
    func publishPendingSettled() {
        guard let event = pendingSettled else { return }
        pendingSettled = nil
        events.publish(event)
    }

    /// Shows `text` in the HUD until the next press or key.
    func show(notice text: String) {
        notices.notice = text
        updateHUD()
    }

    /// Every event but a hover: nothing the HUD shows follows a pointer that drags nothing, and a frame asked for
    /// it would wake the lab for nothing.
    private func mayChangeHUD(_ event: InputEvent) -> Bool {
        if case .pointerMove = event { return window.isTrackingGesture }
        return true
    }

    /// Called once a frame (and when a scene is shown), never per input event: the HUD reads the scene.
    private func updateHUD() {
        hud.update(
            scene: scene, info: kind.info, pan: activePan, slow: driver.slowAnimationFactor != 1,
            message: notices.hudMessage,
            now: clock.now)
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
