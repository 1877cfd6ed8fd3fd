import ModalKitTestSupport
import ModalLabDriver
import Foundation
import Testing

/// What the scene tests check again and again, each step read from the trace.
extension LabXTestCase {
    /// Where drags start: the middle of the card, clear of its buttons and of a navigation bar.
    static let dragStart: LabXPoint = (187, 250)

    /// Drags straight down by `dy` points at 500 pt/s (10 pt every 20 ms, server-timed), far below every
    /// velocity rule, releases, and waits for the rest that follows.
    func slowDrag(
        _ lab: LabSession, dy: Double, from start: LabXPoint = LabXTestCase.dragStart,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> (top: String?, lastFrame: LabTraceEvent?) {
        let mark = lab.trace.mark
        lab.drag(from: start, by: (0, dy), steps: max(1, Int((dy / 10).rounded())), every: 20)
        return lab.expectRest(from: mark, sourceLocation: sourceLocation)
    }

    /// A flick: `dy` points down in 5 moves 8 ms apart, released right after the last move, so the release
    /// velocity is nominally dy / 0.040 s (120 pt: 3000 pt/s). A loaded server stretches the gaps (and its
    /// millisecond timestamps round them), so the nominal speed is twice the 1500 pt/s rules: measured 2240 to
    /// 3210 pt/s here, always on the same side of them.
    func flick(
        _ lab: LabSession, dy: Double = 120, from start: LabXPoint = LabXTestCase.dragStart,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> (top: String?, lastFrame: LabTraceEvent?) {
        let mark = lab.trace.mark
        lab.drag(from: start, by: (0, dy), steps: 5, every: 8)
        return lab.expectRest(from: mark, sourceLocation: sourceLocation)
    }

    /// The rest came with `top` in front and, when a modal is up, its card back at y == 0.
    func assertRest(
        _ rest: (top: String?, lastFrame: LabTraceEvent?), top: String, _ lab: LabSession, from mark: Int,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(rest.top == top, Comment(rawValue: lab.summary(from: mark)), sourceLocation: sourceLocation)
        guard let frame = rest.lastFrame else {
            Issue.record("no frame after the rest", sourceLocation: sourceLocation); return
        }
        if top == "presenting" {
            #expect(frame.card == nil, "no modal is up", sourceLocation: sourceLocation)
        } else {
            #expect(frame.card?[1] == 0, "the card is back at the top", sourceLocation: sourceLocation)
        }
    }

    /// The transition lines from `mark`, short: "began dismiss interactive", "cancel", "completed cancelled".
    func transitions(_ lab: LabSession, from mark: Int) -> [String] {
        lab.trace.events(from: mark, type: "transition").map { event in
            var words = [event.string("event") ?? "?"]
            if event.string("event") == "began" {
                words.append(event.string("kind") ?? "?")
                if event.bool("interactive") == true { words.append("interactive") }
            }
            if let cancelled = event.bool("cancelled") { words.append(cancelled ? "cancelled" : "done") }
            return words.joined(separator: " ")
        }
    }

    /// Escape dismisses the top modal without a drag (a non-interactive transition, or none for a pannable card
    /// dismissed by hand); Space then presents it again and it comes to rest at the top.
    /// A slow drag of `dy` points in a percent-driven scene, and the transition it must make: cancelled back to the
    /// modal, or finished to the presenting screen.
    func assertPercentDrivenDrag(
        _ scene: String, dy: Double, finishes: Bool, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let lab = try launch(scene)
        let mark = lab.trace.mark
        assertRest(
            slowDrag(lab, dy: dy), top: finishes ? "presenting" : "modal", lab, from: mark,
            sourceLocation: sourceLocation)
        #expect(
            transitions(lab, from: mark) == ["began dismiss interactive"]
                + (finishes ? ["finish", "completed done"] : ["cancel", "completed cancelled"]),
            sourceLocation: sourceLocation)
    }

    func assertEscapeThenSpace(_ scene: String, modal: String, sourceLocation: SourceLocation = #_sourceLocation)
        throws
    {
        let lab = try launch(scene, sourceLocation: sourceLocation)
        let mark = lab.trace.mark
        lab.key(.escape)
        assertRest(
            lab.expectRest(from: mark, sourceLocation: sourceLocation), top: "presenting", lab, from: mark,
            sourceLocation: sourceLocation)
        #expect(transitions(lab, from: mark) == ["began dismiss", "completed done"], sourceLocation: sourceLocation)
        #expect(lab.trace.events(from: mark, type: "gesture").count == 0, sourceLocation: sourceLocation)
        let again = lab.trace.mark
        lab.key(.space)
        assertRest(
            lab.expectRest(from: again, sourceLocation: sourceLocation), top: modal, lab, from: again,
            sourceLocation: sourceLocation)
        #expect(transitions(lab, from: again) == ["began present", "completed done"], sourceLocation: sourceLocation)
    }

    /// Screenshots read back from the server: the scene at rest, then held mid-drag 150 pt down (pressed, moved in
    /// 10-pt steps, captured once a frame shows the pointer there), against `lab-<scene>-rest.png` and
    /// `lab-<scene>-drag150.png`. The held frame must show the card's top edge at `heldCardY` points.
    func assertGoldens(_ scene: String, heldCardY: Double, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let lab = try launch(scene, sourceLocation: sourceLocation)
        if let rest = lab.expectStableCapture(sourceLocation: sourceLocation) {
            expectMatchesGolden(rest, named: "lab-\(scene)-rest", sourceLocation: sourceLocation)
        }
        let mark = lab.trace.mark
        let end = lab.drag(from: Self.dragStart, by: (0, 150), steps: 15, every: 16, release: false)
        defer { lab.release() }
        let held = lab.trace.waitFor(from: mark) { $0.type == "frame" && $0.pointer == [end.x, end.y] }
        guard let held else {
            let last = lab.trace.events(from: mark, type: "frame").last
            Issue.record(
                "no frame with the pointer at +150 pt; last frame \(last?.text ?? "none"); \(lab.summary(from: mark)); \(lab.serverSideState())",
                sourceLocation: sourceLocation);
            return
        }
        // The trace rounds to 0.01 pt.
        expectClose(
            held.card?[1] ?? .nan, heldCardY, within: 0.011, "card top while held", sourceLocation: sourceLocation)
        if let shot = lab.expectStableCapture(sourceLocation: sourceLocation) {
            expectMatchesGolden(shot, named: "lab-\(scene)-drag150", sourceLocation: sourceLocation)
        }
    }
}
