import CX11
import ModalKitTestSupport
import XCTest

/// The interactor scene under Xvfb, driven through the X server; decisions read from the trace.
/// Rule: a drag finishes past 30% of the 667-pt height (200.1 pt); the Close button dismisses in 0.6 s.
final class SceneInteractorXTests: LabXTestCase {
    func testSlowDragInsideTheThresholdCancels() throws {
        let lab = try launch("interactor")
        let mark = lab.trace.mark
        // 120 pt is 18% of the height.
        assertRest(slowDrag(lab, dy: 120), top: "modal", lab, from: mark)
        XCTAssertEqual(transitions(lab, from: mark), ["began dismiss interactive", "cancel", "completed cancelled"])
    }

    func testDragPastThirtyPercentDismisses() throws {
        let lab = try launch("interactor")
        let mark = lab.trace.mark
        // 260 pt is 39% of the height.
        assertRest(slowDrag(lab, dy: 260), top: "presenting", lab, from: mark)
        XCTAssertEqual(transitions(lab, from: mark), ["began dismiss interactive", "finish", "completed done"])
    }

    func testCloseDismissesWithoutADragAndSpacePresentsAgain() throws {
        let lab = try launch("interactor")
        let mark = lab.trace.mark
        // The Close button is at (8, 24) 70x44 points on the modal.
        lab.click(at: (43, 46))
        assertRest(lab.waitForRest(from: mark), top: "presenting", lab, from: mark)
        XCTAssertEqual(transitions(lab, from: mark), ["began dismiss", "completed done"])
        let again = lab.trace.mark
        lab.key(XK_space)
        assertRest(lab.waitForRest(from: again), top: "modal", lab, from: again)
    }

    func testEscapeDismissesAndSpacePresentsAgain() throws {
        try assertEscapeThenSpace("interactor", modal: "modal")
    }

    func testRestAndHeldDragMatchGoldens() throws {
        // Scrubbing the ease-in-out animator at 150 / 667 shows the curve's value there, not the pointer's travel.
        try assertGoldens("interactor", heldCardY: 667 * LabXEaseInOut.value(at: 150.0 / 667))
    }
}
