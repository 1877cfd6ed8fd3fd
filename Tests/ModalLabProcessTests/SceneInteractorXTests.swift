import ModalKitPixels
import ModalKitTestSupport
import ModalLabDriver
import Foundation
import Testing

/// The interactor scene under Xvfb, driven through the X server; decisions read from the trace.
/// Rule: a drag finishes past 30% of the 667-pt height (200.1 pt); the Close button dismisses in 0.6 s.
@Suite final class SceneInteractorXTests: LabXTestCase {
    @Test func testSlowDragInsideTheThresholdCancels() throws {
        // 120 pt is 18% of the height.
        try assertPercentDrivenDrag("interactor", dy: 120, finishes: false)
    }

    @Test func testDragPastThirtyPercentDismisses() throws {
        // 260 pt is 39% of the height.
        try assertPercentDrivenDrag("interactor", dy: 260, finishes: true)
    }

    @Test func testCloseDismissesWithoutADragAndSpacePresentsAgain() throws {
        let lab = try launch("interactor")
        let mark = lab.trace.mark
        // The Close button is at (8, 24) 70x44 points on the modal.
        lab.click(at: (43, 46))
        assertRest(lab.expectRest(from: mark), top: "presenting", lab, from: mark)
        #expect(transitions(lab, from: mark) == ["began dismiss", "completed done"])
        let again = lab.trace.mark
        lab.key(.space)
        assertRest(lab.expectRest(from: again), top: "modal", lab, from: again)
    }

    @Test func testEscapeDismissesAndSpacePresentsAgain() throws {
        try assertEscapeThenSpace("interactor", modal: "modal")
    }

    @Test func testEscapeMidDragCancelsEvenPastTheThreshold() throws {
        let lab = try launch("interactor")
        let mark = lab.trace.mark
        let end = lab.drag(from: Self.dragStart, by: (0, 260), steps: 26, every: 20, release: false)
        #expect(lab.trace.waitFor(from: mark) { $0.type == "frame" && $0.pointer == [end.x, end.y] } != nil)
        lab.key(.escape)
        assertRest(lab.expectRest(from: mark), top: "modal", lab, from: mark)
        lab.release()
        #expect(lab.trace.events(from: mark, type: "gesture").last?.string("state") == "cancelled")
        #expect(transitions(lab, from: mark) == ["began dismiss interactive", "cancel", "completed cancelled"])
    }

    /// The HUD (kept out of the goldens) colors its rule line green when a release would dismiss, orange when not.
    @Test func testHUDRuleLineTurnsGreenPastTheThreshold() throws {
        let lab = try launch("interactor", hud: true)
        let mark = lab.trace.mark
        let below = lab.drag(from: Self.dragStart, by: (0, 120), steps: 12, every: 20, release: false)
        #expect(lab.trace.waitFor(from: mark) { $0.type == "frame" && $0.pointer == [below.x, below.y] } != nil)
        let orange = try #require(lab.expectStableCapture())
        let more = lab.trace.mark
        for i in 1 ... 14 { lab.move(to: (below.x, below.y + 10 * Double(i)), delayMilliseconds: 20) }
        #expect(lab.trace.waitFor(from: more) { $0.type == "frame" && $0.pointer == [below.x, below.y + 140] } != nil)
        let green = try #require(lab.expectStableCapture())
        lab.release()
        // Glyph cores are drawn at full coverage, so the rule's exact colors appear in the panel at the bottom (a few
        // pixels: Inter's strokes are thin at the HUD's size; none of the other color is the check that matters).
        let willFinish: UInt32 = 0xFF30_D158, willCancel: UInt32 = 0xFFFF_9F0A
        print(
            "HUD rule pixels: held at +120 pt \(hudCount(willCancel, in: orange)) orange, at +260 pt \(hudCount(willFinish, in: green)) green"
        )
        #expect(hudCount(willFinish, in: orange) == 0)
        #expect(hudCount(willCancel, in: orange) > 3)
        #expect(hudCount(willFinish, in: green) > 3)
        #expect(hudCount(willCancel, in: green) == 0)
    }

    /// Pixels of exactly `color` in the HUD panel's band: 4 lines of 16 pt and 12 pt of padding, 8 pt from the bottom.
    private func hudCount(_ color: UInt32, in shot: Bitmap) -> Int {
        let top = shot.height - 8 - (4 * 16 + 12)
        return shot.pixels[(top * shot.width)...].filter { $0 == color }.count
    }

    @Test func testRestAndHeldDragMatchGoldens() throws {
        // Scrubbing the ease-in-out animator at 150 / 667 shows the curve's value there, not the pointer's travel.
        try assertGoldens("interactor", heldCardY: 667 * LabXEaseInOut.value(at: 150.0 / 667))
    }
}
