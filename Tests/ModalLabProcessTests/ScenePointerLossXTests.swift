import ModalKitTestSupport
import ModalLabDriver
import Foundation
import Testing

/// Losing the keyboard focus in the middle of a drag cancels it, as a system interruption cancels a UIKit pan.
@Suite final class ScenePointerLossXTests: LabXTestCase {
    @Test func testFocusLostMidDragCancelsEvenPastTheThreshold() throws {
        let lab = try launch("interactor")
        let mark = lab.trace.mark
        // 300 pt is past the 30% rule: a release here would finish.
        lab.drag(from: LabXTestCase.dragStart, by: (0, 300), steps: 30, every: 20, release: false)
        #expect(lab.trace.waitFor(from: mark) { $0.type == "gesture" && $0.string("state") == "changed" } != nil)
        // Another client takes the focus away, as a window manager does when another window is activated.
        lab.client.takeFocusAway()
        let rest = lab.expectRest(from: mark)
        lab.client.restoreFocus()
        lab.release()
        assertRest(rest, top: "modal", lab, from: mark)
        let states = lab.trace.events(from: mark, type: "gesture").compactMap { $0.string("state") }
        #expect(states.last == "cancelled", "\(states)")
        #expect(transitions(lab, from: mark) == ["began dismiss interactive", "cancel", "completed cancelled"])
    }
}
