import ModalKitTestSupport
import ModalLabDriver
import Foundation
import Testing

/// The pannable scene under Xvfb. Rule: on release, close when translation.y > 50% of the 667-pt height
/// (333.5 pt) or velocity.y > 1500 pt/s; otherwise spring back to y = 0.
@Suite final class ScenePannableXTests: LabXTestCase {
    @Test func testSlowDragInsideHalfTheHeightGoesBack() throws {
        let lab = try launch("pannable")
        let mark = lab.trace.mark
        // 250 pt is 37% of the height, at 500 pt/s.
        assertRest(slowDrag(lab, dy: 250), top: "modal", lab, from: mark)
        #expect(transitions(lab, from: mark) == [], "the card moves by hand, not by a transition")
    }

    @Test func testSlowDragPastHalfTheHeightDismisses() throws {
        let lab = try launch("pannable")
        let mark = lab.trace.mark
        // 400 pt is 60% of the height.
        assertRest(slowDrag(lab, dy: 400, from: (187, 200)), top: "presenting", lab, from: mark)
    }

    @Test func testShortFastFlickDismisses() throws {
        let lab = try launch("pannable")
        let mark = lab.trace.mark
        // 120 pt is far inside half the height: only the speed can close it.
        assertRest(flick(lab), top: "presenting", lab, from: mark)
        let velocity = lab.trace.events(from: mark, type: "gesture").last?.numbers("velocity")?[1] ?? 0
        print("pannable flick: release velocity \(velocity) pt/s (nominal 3000)")
        #expect(velocity > 1500)
    }

    @Test func testShortSlowDragDoesNotDismiss() throws {
        let lab = try launch("pannable")
        let mark = lab.trace.mark
        lab.drag(from: Self.dragStart, by: (0, 80), steps: 20, every: 20)
        assertRest(lab.expectRest(from: mark), top: "modal", lab, from: mark)
    }

    @Test func testEscapeDismissesAndSpacePresentsAgain() throws {
        try assertEscapeThenSpace("pannable", modal: "modal")
    }

    @Test func testRestAndHeldDragMatchGoldens() throws {
        // The card follows the pointer one to one.
        try assertGoldens("pannable", heldCardY: 150)
    }
}
