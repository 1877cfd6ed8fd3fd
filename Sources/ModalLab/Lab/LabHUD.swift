import ModalKit

/// The HUD's state: its view, its lines as formatted and as shown, when they may change, and the frame timings it
/// shows. A subscriber of the lab's events for the timings; its live lines are read from the scene once a frame,
/// when `update` runs, and input marks them stale (`Lab.handle`). The other events change nothing the next frame's
/// `update` would not see, so they ask for no frame of their own (a frame asked at each rest would wake an idle
/// lab once more for nothing).
final class LabHUD: LabEventSubscriber {
    /// The HUD's view, on top of the window.
    let view: HUDView
    /// The lines as formatted this frame and as shown.
    private(set) var text = HUDText()
    private var schedule = HUDSchedule()
    /// The scene's own lines, written into bytes kept from frame to frame.
    private var sceneLines = SceneHUDLines()
    private var lastFrame = (renderMs: 0.0, presentMs: 0.0)
    /// The timings the HUD shows, refreshed four times a second so they can be read (and the line is not
    /// redrawn every frame).
    private var shownFrame = (renderMs: 0.0, presentMs: 0.0, at: -1.0)

    init(size: Size, isShown: Bool) {
        view = HUDView(frame: Rect(origin: .zero, size: size))
        view.isHidden = !isShown
    }

    /// Shows or hides the HUD (key H); shown again, it starts a fresh schedule.
    func toggle() {
        view.isHidden.toggle()
        schedule = HUDSchedule()
    }

    /// Whether the shown HUD's lines need a frame.
    var wantsFrame: Bool { !view.isHidden && schedule.wantsFrame }

    /// Something the HUD reports may have changed (input); the next frame looks.
    func markStale() { schedule.markStale() }

    /// A frame's timings.
    func take(_ event: LabEvent) {
        if case .frame(let e) = event { lastFrame = (e.renderMs, e.presentMs) }
    }

    /// The HUD's last line when it is not the frame timings: a reload's error or a notice, and its colour.
    struct Message {
        var text: String
        var color: Color
    }

    /// Called once a frame (and when a scene is shown), never per input event. The lines are formatted into
    /// reused bytes; a label is given a new `String` only when its line changed and may be shown.
    func update(scene: any Scene, pan: PanGestureRecognizer?, slow: Bool, message: Message?, now: Double) {
        guard !view.isHidden else { return }
        let info = scene.sceneInfo, phase = scene.phase, progress = scene.progress
        let willDismiss = writeLiveLines(scene, info, phase: phase, progress: progress, pan: pan, slow: slow)
        let decision = HUDSchedule.Decision(
            scene: info.name, phase: phase.rawValue, slow: slow, showsDrag: pan != nil, willDismiss: willDismiss)
        let changed = text.changed(HUDText.live) || text.changed(HUDText.scene)
        if schedule.shows(changed: changed, decision: decision, at: now) {
            text.show(HUDText.live, in: view)
            text.show(HUDText.scene, in: view)
            view.setSceneLineCount(sceneLines.count)
        }
        if now - shownFrame.at >= 0.25 { shownFrame = (lastFrame.renderMs, lastFrame.presentMs, now) }
        writeLastLine(message)
        text.show(HUDText.last, in: view)
        view.placePanel(atTop: scene.prefersHUDAtTop)
        view.update(thresholdY: progress == nil ? nil : scene.thresholdLineY, title: scene.markerTitle)
    }

    /// The HUD's last line: a reload's error or an export's result when there is one (it is what the user is
    /// waiting for), else the frame timings.
    private func writeLastLine(_ message: Message?) {
        let i = HUDText.last.lowerBound
        if let message { return text.set(i, message.text, color: message.color) }
        text.begin(i, color: Color(white: 0.8))
        text.lines[i].append("render ")
        text.lines[i].append(shownFrame.renderMs, digits: 2)
        text.lines[i].append(" ms · present ")
        text.lines[i].append(shownFrame.presentMs, digits: 2)
        text.lines[i].append(" ms")
    }

    /// The HUD's lines but the last: the scene and phase, the drag, the rule or the scene's summary, and the
    /// scene's own lines. Returns the rule's verdict, nil when no rule is shown.
    private func writeLiveLines(
        _ scene: any Scene, _ info: SceneInfo, phase: Phase, progress: Double?, pan: PanGestureRecognizer?,
        slow: Bool
    ) -> Bool? {
        text.begin(0)
        text.lines[0].append(string: info.name)
        text.lines[0].append(" · ")
        text.lines[0].append(string: phase.rawValue)
        if slow { text.lines[0].append(" · slow ×10") }
        writeDragLine(progress: progress, pan: pan)
        writeSceneLines(scene)
        text.begin(2)
        if progress != nil, let willDismiss = scene.writeRule(into: &text.lines[2]) {
            text.colors[2] = willDismiss ? Color(rgb: 0x30D158) : Color(rgb: 0xFF9F0A)
            return willDismiss
        }
        text.set(2, info.summary, color: Color(white: 0.8))
        return nil
    }

    private func writeDragLine(progress: Double?, pan: PanGestureRecognizer?) {
        text.begin(1)
        text.lines[1].append("progress ")
        text.lines[1].append(progress ?? .nan, digits: 2)
        guard let pan else { return }
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

    /// The scene's own lines, from the scene; the rows it did not write are emptied.
    private func writeSceneLines(_ scene: any Scene) {
        sceneLines.reset()
        scene.writeHUDLines(into: &sceneLines)
        for (k, i) in HUDText.scene.enumerated() {
            text.begin(i, color: sceneLines.colors[k])
            if k < sceneLines.count { text.lines[i].append(sceneLines.lines[k]) }
        }
    }
}
