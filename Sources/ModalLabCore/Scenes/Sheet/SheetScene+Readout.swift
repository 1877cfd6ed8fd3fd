import ModalKit

extension SheetScene {
    /// The policy the sheet decides with, over the track of the sheet on screen, read live: its line and marker
    /// follow the drag (with the pointer's velocity), then the last release.
    public var rule: some SceneRule {
        SheetRule(
            policy: SheetScene.releasePolicy(parameters), track: sheet?.track, sheet: sheet, pan: activePan,
            height: root.view.bounds.height)
    }

    /// The sheet below large fills the lower part: the HUD goes over the dimmed list above it. At large the top
    /// is the sheet's own header (grabber, title), and with no sheet the list's title: the HUD stays at the bottom.
    /// It follows the detent, not the drag, so it does not jump while the sheet moves.
    public var prefersHUDAtTop: Bool {
        guard let sheet else { return false }
        return sheet.effectiveDetentIdentifier != .large
    }

    /// The pan dragging the sheet: its own, or the list's when a drag on the list moves it. Read each time the
    /// rule is, for the HUD every frame, so it builds no arrays.
    private var activePan: PanGestureRecognizer? {
        var first: PanGestureRecognizer?
        for recognizer in root.presentedViewController?.view.gestureRecognizers ?? [] {
            guard let pan = recognizer as? PanGestureRecognizer else { continue }
            if pan.isActive { return pan }
            first = first ?? pan
        }
        if let listPan = list?.panGestureRecognizer, listPan.isActive || first == nil { return listPan }
        return first
    }
}

extension SheetRule {
    /// The rule's verdict for the HUD: live while dragging (with the pointer's velocity), then the last release's.
    func writeReadout(into text: inout TextBuffer) -> Bool? {
        guard let readout = line() else { return nil }
        text.append(string: readout.text)
        return readout.willDismiss
    }

    /// The rule's line and verdict, as `writeReadout` writes them.
    private func line() -> RuleReadout? {
        guard let sheet else { return nil }
        let detent = sheet.effectiveDetentIdentifier.rawValue
        if sheet.phase == .dragging, let pan {
            let v = pan.velocity(in: nil).y
            let decision = sheet.releasePolicy.decide(position: sheet.position, velocity: v, on: sheet.track)
            return line("\(detent) · v \(fmt(v, 0)) pt/s", decision, sheet)
        }
        if sheet.phase != .idle, let last = sheet.lastRelease {
            return line("\(detent) · released at \(fmt(last.velocity, 0)) pt/s", last.decision, sheet)
        }
        return RuleReadout(text: "at \(detent) · \(sheet.releasePolicy.rule.rawValue) rule", willDismiss: false)
    }

    private func line(_ prefix: String, _ decision: SheetReleaseDecision, _ sheet: SheetPresentationController)
        -> RuleReadout
    {
        let verdict: String
        switch decision.target {
        case .dismiss: verdict = "to dismissal"
        case .detent(let p):
            let name = sheet.resolvedDetents.first { abs($0.position - p) < 1e-6 }?.identifier.rawValue ?? "?"
            verdict = decision.wantsDismissal ? "to dismissal, blocked: back to \(name)" : "to \(name)"
        }
        let verb = sheet.releasePolicy.rule == .projection ? "projects" : "goes"
        return RuleReadout(text: "\(prefix): \(verb) \(verdict)", willDismiss: decision.target == .dismiss)
    }

    /// The projected (or judged) position of the drag or the last release.
    var marker: RuleMarker? {
        guard let sheet, sheet.phase != .idle else { return nil }
        if sheet.phase == .dragging, let pan {
            let v = pan.velocity(in: nil).y
            return projection(
                sheet.releasePolicy.decide(position: sheet.position, velocity: v, on: sheet.track).judgedPosition)
        }
        return sheet.lastRelease.map { projection($0.decision.judgedPosition) }
    }

    private func projection(_ y: Double) -> RuleMarker {
        RuleMarker(y: min(max(y, 1), height - 1), title: "projection")
    }
}
