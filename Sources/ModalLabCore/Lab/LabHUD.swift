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

    /// How many frames formatted the live lines (for the tests: only those that may show them do).
    private(set) var liveLinesWritten = 0
    /// The numbers the drag line was last formatted from.
    private var formattedNumbers: DragNumbers?
    /// What the last line was last written from.
    private var lastLineSource: LastLineSource?

    /// Shows or hides the HUD (key H); shown again, it starts a fresh schedule.
    func toggle() {
        view.isHidden.toggle()
        schedule = HUDSchedule()
    }

    /// Whether the shown HUD's lines need a frame.
    var wantsFrame: Bool { !view.isHidden && schedule.wantsFrame }

    /// When the shown HUD's held-back numbers are due; nil when none wait.
    var nextFrameTime: Double? { view.isHidden ? nil : schedule.nextRefreshTime }

    /// Something the HUD reports may have changed (input); the next frame looks.
    func markStale() { schedule.markStale() }

    /// A frame's timings.
    func take(_ event: LabEvent) {
        if case .frame(let e) = event { lastFrame = (e.renderMs, e.presentMs) }
    }

    /// The HUD's last line when it is not the frame timings: a reload's error or a notice, and its colour.
    struct Message: Equatable {
        var text: String
        var color: Color
    }

    /// Called once a frame (and when a scene is shown), never per input event. The rule line is written every
    /// frame (its verdict is part of the decision, shown the frame it flips); the other live lines only when the
    /// decision changed or their raw numbers changed and are due, into reused bytes: between two refreshes of a
    /// drag's numbers, and at rest, the raw numbers tell whether a refresh waits. A label is given a new `String`
    /// only when its line changed and is shown.
    func update(
        scene: any Scene, info: SceneInfo, pan: PanGestureRecognizer?, slow: Bool, message: Message?, now: Double
    ) {
        guard !view.isHidden else { return }
        let status = scene.status, phase = status.phase, progress = status.progress
        let willDismiss = writeRuleLine(scene, info, progress: progress)
        let decision = HUDSchedule.Decision(
            scene: info.name, phase: phase.rawValue, slow: slow, showsDrag: pan != nil, willDismiss: willDismiss)
        let numbers = DragNumbers(progress: progress, pan: pan)
        // A scene's own lines follow figures only it knows: formatted every frame, as before.
        let numbersDue = numbers != formattedNumbers && schedule.mayShow(decision, at: now)
        if schedule.isNew(decision) || numbersDue || sceneLines.count > 0 {
            writeLiveLines(scene, info.name, phase: phase, numbers: numbers, slow: slow)
        }
        showLiveLines(decision, numbersChanged: numbers != formattedNumbers, at: now)
        if now - shownFrame.at >= 0.25 { shownFrame = (lastFrame.renderMs, lastFrame.presentMs, now) }
        writeLastLine(message)
        view.placePanel(atTop: scene.readouts?.prefersHUDAtTop ?? false)
        let marker = progress == nil ? nil : scene.ruleMarker
        view.update(thresholdY: marker?.y, title: marker?.title ?? "threshold")
    }

    /// Puts the live and scene lines that changed on the HUD when the schedule lets them; `numbersChanged`:
    /// the drag line was not formatted from the current numbers (then they are held back).
    private func showLiveLines(_ decision: HUDSchedule.Decision, numbersChanged: Bool, at now: Double) {
        let changed = numbersChanged || text.changed(HUDText.live) || text.changed(HUDText.scene)
        guard schedule.shows(changed: changed, decision: decision, at: now) else { return }
        text.show(HUDText.live, in: view)
        text.show(HUDText.scene, in: view)
        view.setSceneLineCount(sceneLines.count)
    }

    /// The HUD's last line: a reload's error or an export's result when there is one (it is what the user is
    /// waiting for), else the frame timings; written again only when what it shows changed.
    private func writeLastLine(_ message: Message?) {
        let source = LastLineSource(message: message, timingsAt: message == nil ? shownFrame.at : nil)
        guard source != lastLineSource else { return }
        lastLineSource = source
        let i = HUDText.last.lowerBound
        defer { text.show(HUDText.last, in: view) }
        if let message { return text.set(i, message.text, color: message.color) }
        text.begin(i, color: Color(white: 0.8))
        text.lines[i].append("render ")
        text.lines[i].append(shownFrame.renderMs, digits: 2)
        text.lines[i].append(" ms · present ")
        text.lines[i].append(shownFrame.presentMs, digits: 2)
        text.lines[i].append(" ms")
    }

    /// The rule line, or the scene's summary when no rule is shown; returns the rule's verdict, nil without one.
    private func writeRuleLine(_ scene: any Scene, _ info: SceneInfo, progress: Double?) -> Bool? {
        text.begin(2)
        if progress != nil, let willDismiss = scene.writeRuleReadout(into: &text.lines[2]) {
            text.colors[2] = willDismiss ? Color(rgb: 0x30D158) : Color(rgb: 0xFF9F0A)
            return willDismiss
        }
        text.set(2, info.summary, color: Color(white: 0.8))
        return nil
    }

    /// The live lines but the rule: the scene and phase, the drag, and the scene's own lines.
    private func writeLiveLines(_ scene: any Scene, _ name: String, phase: Phase, numbers: DragNumbers, slow: Bool) {
        text.begin(0)
        text.lines[0].append(string: name)
        text.lines[0].append(" · ")
        text.lines[0].append(string: phase.rawValue)
        if slow { text.lines[0].append(" · slow ×10") }
        writeDragLine(numbers)
        formattedNumbers = numbers
        liveLinesWritten += 1
        writeSceneLines(scene)
    }

    private func writeDragLine(_ numbers: DragNumbers) {
        text.begin(1)
        text.lines[1].append("progress ")
        text.lines[1].append(numbers.progress ?? .nan, digits: 2)
        guard let t = numbers.translation, let v = numbers.velocity else { return }
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
        scene.readouts?.writeHUDLines(into: &sceneLines)
        for (k, i) in HUDText.scene.enumerated() {
            text.begin(i, color: sceneLines.colors[k])
            if k < sceneLines.count { text.lines[i].append(sceneLines.lines[k]) }
        }
    }
}

/// What the drag line shows, unformatted: comparing them tells whether the line would change, for the price of
/// five numbers rather than of formatting them.
private struct DragNumbers: Equatable {
    var progress: Double?
    var translation: Point?
    var velocity: Point?

    init(progress: Double?, pan: PanGestureRecognizer?) {
        self.progress = progress
        translation = pan.map { $0.translation(in: $0.view) }
        velocity = pan.map { $0.velocity(in: $0.view) }
    }

    /// Bit for bit, so a number that is not a number (shown as "-") equals itself and asks for no refresh.
    static func == (a: DragNumbers, b: DragNumbers) -> Bool {
        same(a.progress, b.progress) && same(a.translation?.x, b.translation?.x)
            && same(a.translation?.y, b.translation?.y) && same(a.velocity?.x, b.velocity?.x)
            && same(a.velocity?.y, b.velocity?.y)
    }

    private static func same(_ a: Double?, _ b: Double?) -> Bool { a?.bitPattern == b?.bitPattern }
}

/// What the HUD's last line was written from: a message, or the frame timings taken at a time.
private struct LastLineSource: Equatable {
    var message: LabHUD.Message?
    var timingsAt: Double?
}
