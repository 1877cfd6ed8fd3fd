import Foundation
import ModalKitTestSupport
import ModalLabDriver
import Testing

/// The spring scene under Xvfb. Rule: fraction = translation.y / 400 completes past 0.5 (200 pt); the
/// presentation springs with damping 0.6, so it overshoots its final frame before resting there.
@Suite final class SceneSpringXTests: LabXTestCase {
    @Test func testSlowDragInsideHalfTheDistanceCancels() throws {
        // 120 of 400 pt: fraction 0.3.
        try assertPercentDrivenDrag("spring", dy: 120, finishes: false)
    }

    @Test func testDragPastHalfTheDistanceDismisses() throws {
        // 260 of 400 pt: fraction 0.65.
        try assertPercentDrivenDrag("spring", dy: 260, finishes: true)
    }

    @Test func testPresentationOvershootsThenRestsAtTheTop() throws {
        let lab = try launch("spring")
        let mark = lab.trace.mark
        lab.key(.escape)
        #expect(lab.expectRest(from: mark).top == "presenting")
        let present = lab.trace.mark
        lab.key(.space)
        assertRest(lab.expectRest(from: present), top: "modal", lab, from: present)
        let ys = lab.trace.events(from: present, type: "frame").compactMap { $0.card?[1] }
        let highest = try #require(ys.min())
        print("spring presentation: \(ys.count) frames, highest card y \(highest) pt")
        #expect(highest < 0, "the card goes above its final frame")
        // Released from rest 667 pt below, an underdamped spring first overshoots by exp(-ζπ / √(1 - ζ²)) of that,
        // whatever its stiffness: 9.48% at ζ = 0.6, 63.2 pt. 60 fps frames sample the flat peak within 0.5 pt.
        let overshoot = 667 * exp(-0.6 * Double.pi / (1 - 0.6 * 0.6).squareRoot())
        expectClose(-highest, overshoot, within: 1.5)
        #expect(ys.last == 0)
    }

    @Test func testEscapeDismissesAndSpacePresentsAgain() throws {
        try assertEscapeThenSpace("spring", modal: "modal")
    }

    @Test func testRestAndHeldDragMatchGoldens() throws {
        // Fraction 150 / 400 of the ease-in-out slide over the 667-pt window.
        try assertGoldens("spring", heldCardY: 667 * LabXEaseInOut.value(at: 150.0 / 400))
    }
}
