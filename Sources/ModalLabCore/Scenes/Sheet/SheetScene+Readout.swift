import ModalKit

extension SheetScene {
    /// The rule's verdict for the HUD: live while dragging (with the pointer's velocity), then the last release's.
    public func writeRule(into text: inout TextBuffer) -> Bool? {
        guard let readout = readout() else { return nil }
        text.append(string: readout.text)
        return readout.willDismiss
    }

    /// The rule's line and verdict, as `writeRule` writes them.
    private func readout() -> RuleReadout? {
        guard let sheet else { return nil }
        let detent = sheet.effectiveDetentIdentifier.rawValue
        if sheet.phase == .dragging, let pan = activePan {
            let v = pan.velocity(in: nil).y
            let decision = sheet.releasePolicy.decide(position: sheet.position, velocity: v, on: sheet.track)
            return readout("\(detent) · v \(fmt(v, 0)) pt/s", decision, sheet)
        }
        if sheet.phase != .idle, let last = sheet.lastRelease {
            return readout("\(detent) · released at \(fmt(last.velocity, 0)) pt/s", last.decision, sheet)
        }
        return RuleReadout(text: "at \(detent) · \(sheet.releasePolicy.rule.rawValue) rule", willDismiss: false)
    }

    private func readout(_ prefix: String, _ decision: SheetReleaseDecision, _ sheet: SheetPresentationController)
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

    /// The projected (or judged) position of the drag or the last release, drawn as the HUD's marker.
    public var thresholdLineY: Double? {
        guard let sheet, sheet.phase != .idle else { return nil }
        if sheet.phase == .dragging, let pan = activePan {
            let v = pan.velocity(in: nil).y
            return clampToWindow(
                sheet.releasePolicy.decide(position: sheet.position, velocity: v, on: sheet.track).judgedPosition)
        }
        return sheet.lastRelease.map { clampToWindow($0.decision.judgedPosition) }
    }

    public var markerTitle: String { "projection" }
    /// The sheet below large fills the lower part: the HUD goes over the dimmed list above it. At large the top
    /// is the sheet's own header (grabber, title), and with no sheet the list's title: the HUD stays at the bottom.
    /// It follows the detent, not the drag, so it does not jump while the sheet moves.
    public var prefersHUDAtTop: Bool {
        guard let sheet else { return false }
        return sheet.effectiveDetentIdentifier != .large
    }

    /// The policy the sheet decides with, over the track of the sheet on screen.
    public var releaseRule: any SceneRule {
        SheetRule(policy: SheetScene.releasePolicy(parameters), track: sheet?.track)
    }

    private func clampToWindow(_ y: Double) -> Double { min(max(y, 1), root.view.bounds.height - 1) }

    /// The pan dragging the sheet: its own, or the list's when a drag on the list moves it. Read twice a frame
    /// for the HUD, so it builds no arrays.
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
