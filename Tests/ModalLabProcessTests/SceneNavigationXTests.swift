import ModalKitTestSupport
import ModalLabDriver
import Foundation
import Testing

/// The navigation scene under Xvfb. Rule: a drag on the content finishes past 30% of the navigation view's
/// 667-pt height; the bar (y < 64: 20-pt status area and 44-pt bar) has no pan; its Dismiss button closes.
@Suite final class SceneNavigationXTests: LabXTestCase {
    @Test func testSlowDragInsideTheThresholdCancels() throws {
        try assertPercentDrivenDrag("navigation", dy: 120, finishes: false)
    }

    @Test func testDragPastThirtyPercentDismisses() throws {
        try assertPercentDrivenDrag("navigation", dy: 260, finishes: true)
    }

    @Test func testDragOnTheBarDoesNothing() throws {
        let lab = try launch("navigation")
        let mark = lab.trace.mark
        // Far past the threshold, but starting on the title in the bar.
        lab.drag(from: (187, 40), by: (0, 260), steps: 26, every: 20)
        // Escape afterwards: its transition is the first thing the trace may show, and it is not interactive.
        lab.key(.escape)
        assertRest(lab.expectRest(from: mark), top: "presenting", lab, from: mark)
        #expect(lab.trace.events(from: mark, type: "gesture").count == 0, Comment(rawValue: lab.summary(from: mark)))
        #expect(transitions(lab, from: mark) == ["began dismiss", "completed done"])
    }

    @Test func testDismissBarButtonDismissesAndSpacePresentsAgain() throws {
        let lab = try launch("navigation")
        let mark = lab.trace.mark
        // The right bar button: 80x44 points, 8 from the right edge, below the 20-pt status area.
        lab.click(at: (LabXTestCase.width - 48, 42))
        assertRest(lab.expectRest(from: mark), top: "presenting", lab, from: mark)
        #expect(transitions(lab, from: mark) == ["began dismiss", "completed done"])
        let again = lab.trace.mark
        lab.key(.space)
        assertRest(lab.expectRest(from: again), top: "modal", lab, from: again)
    }

    @Test func testEscapeDismissesAndSpacePresentsAgain() throws {
        try assertEscapeThenSpace("navigation", modal: "modal")
    }

    @Test func testRestAndHeldDragMatchGoldens() throws {
        // The same rule on the navigation controller's 667-pt view.
        try assertGoldens("navigation", heldCardY: 667 * LabXEaseInOut.value(at: 150.0 / 667))
    }
}
