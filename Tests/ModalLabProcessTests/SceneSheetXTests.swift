import ModalKitPixels
import ModalKitTestSupport
import ModalLabDriver
import Foundation
import Testing

/// The sheet scene under Xvfb with real XTest input. The window is 375 × 667 points: the medium detent puts the
/// sheet's top at 333.5, large at 30; a release dismisses when its projection passes 500.25.
@Suite final class SceneSheetXTests: LabXTestCase {
    static let medium = 333.5, large = 30.0
    /// On the sheet at medium, clear of its switch.
    static let onSheet: LabXPoint = (187, 450)
    /// The Block dismissal switch with the sheet at medium (blockRow at 64 in the sheet, switch 6.5 below), clear
    /// of the HUD.
    static let blockSwitch: LabXPoint = (317, 333.5 + 64 + 6.5 + 15.5)

    /// Waits for the rest and checks the sheet came to it at `y` (or is gone when `y` is nil).
    private func assertSheetRests(
        _ lab: LabSession, from mark: Int, at y: Double?, detent: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let rest = lab.expectRest(from: mark, sourceLocation: sourceLocation)
        #expect(
            rest.top == (y == nil ? "presenting" : "sheet"), Comment(rawValue: lab.summary(from: mark)),
            sourceLocation: sourceLocation)
        guard let y else { return #expect(rest.lastFrame?.card == nil, sourceLocation: sourceLocation) }
        expectClose(
            rest.lastFrame?.card?[1] ?? .nan, y, within: 0.011, Comment(rawValue: lab.summary(from: mark)),
            sourceLocation: sourceLocation)
        if let detent { #expect(rest.lastFrame?.string("detent") == detent, sourceLocation: sourceLocation) }
    }

    private func releaseVelocity(_ lab: LabSession, from mark: Int) -> Double {
        lab.trace.events(from: mark, type: "gesture").last?.numbers("velocity")?[1] ?? .nan
    }

    @Test func testAFlickUpFromMediumLandsOnLarge() throws {
        let lab = try launch("sheet")
        let mark = lab.trace.mark
        lab.drag(from: Self.onSheet, by: (0, -120), steps: 5, every: 8)
        assertSheetRests(lab, from: mark, at: Self.large, detent: "large")
        print("sheet flick up: release velocity \(releaseVelocity(lab, from: mark)) pt/s")
        #expect(lab.trace.events(from: mark, type: "detent").last?.string("identifier") == "large")
    }

    @Test func testASlowDragFromLargeToJustBelowTheMiddleLandsOnMedium() throws {
        let lab = try launch("sheet")
        let up = lab.trace.mark
        lab.key(.up)
        assertSheetRests(lab, from: up, at: Self.large, detent: "large")
        let mark = lab.trace.mark
        // From 30 to 200, past the middle of the two detents (181.75), held still before the release.
        let end = lab.drag(from: (187, 100), by: (0, 170), steps: 17, every: 20, release: false)
        _ = lab.trace.waitFor(from: mark) { $0.type == "frame" && $0.pointer == [end.x, end.y] }
        lab.release()
        assertSheetRests(lab, from: mark, at: Self.medium, detent: "medium")
    }

    @Test func testAFlickDownFromMediumDismisses() throws {
        let lab = try launch("sheet")
        let mark = lab.trace.mark
        lab.drag(from: Self.onSheet, by: (0, 120), steps: 5, every: 8)
        assertSheetRests(lab, from: mark, at: nil)
        #expect(transitions(lab, from: mark) == ["began dismiss", "completed done"])
    }

    /// A flick up starts the settle (slowed ×10 with S, so the test's press surely lands during it); a press on
    /// the moving sheet holds it where it was last shown (0 pt between the last animated frame and the first held
    /// one) under a still pointer.
    @Test func testAPressDuringTheSettleHoldsTheSheetUnderThePointer() throws {
        let lab = try launch("sheet")
        lab.key(.character("s"))
        let mark = lab.trace.mark
        lab.drag(from: Self.onSheet, by: (0, -60), steps: 3, every: 8)
        let settling = lab.trace.waitFor(from: mark) { $0.type == "frame" && $0.string("phase") == "settling" }
        let settlingY = try #require(settling?.card?[1], Comment(rawValue: lab.summary(from: mark)))
        // Press on it 20 points below its top edge and hold still, then H: the HUD redraws and nothing else may
        // change. The held frame, the first that shows the sheet where the frame before it did, is drawn once
        // the press has reached the lab, so no clock is waited on.
        let press = lab.trace.mark
        lab.move(to: (187, settlingY + 20))
        lab.client.setButton(down: true)
        defer { lab.release() }
        lab.key(.character("h"))
        let held = try #require(heldFrame(lab, after: press), "the sheet kept moving: \(lab.summary(from: mark))")
        let frames = lab.trace.events(from: mark, type: "frame").filter { $0.index < held.index }
        let last = try #require(frames.last)
        #expect(last.string("phase") == "settling", "the last frame before the hold is an animated one")
        let moving = frames.dropLast().last.map { abs(($0.card?[1] ?? 0) - (last.card?[1] ?? 0)) } ?? 0
        #expect(moving > 0.1, "it was still moving when pressed")
        #expect(held.card == last.card, "nothing moves under the press")
        #expect(lab.trace.events(from: press, type: "settled").count == 0, "held is not at rest")
        // Then 20 points up: the pan begins and the sheet moves by the whole translation from where it was shown.
        let drag = lab.trace.mark
        lab.move(to: (187, settlingY + 10), delayMilliseconds: 16)
        lab.move(to: (187, settlingY), delayMilliseconds: 16)
        let dragged = lab.trace.waitFor(from: drag) { $0.type == "frame" && $0.pointer == [187, settlingY.rounded()] }
        let draggedFrame = try #require(dragged, Comment(rawValue: lab.summary(from: drag)))
        #expect(draggedFrame.string("phase") == "interactive")
        let pressedAt = settlingY.rounded() + 20
        expectClose(
            draggedFrame.card?[1] ?? .nan, (last.card?[1] ?? .nan) - (pressedAt - settlingY.rounded()), within: 0.011,
            "0 pt at the grab: held where last shown, then 1:1")
        lab.release()
        #expect(lab.expectRest(from: drag).top == "sheet")
    }

    @Test func testABlockedFlickDownSpringsBackWithOneDismissAttempt() throws {
        let lab = try launch("sheet")
        let tap = lab.trace.mark
        lab.click(at: Self.blockSwitch)
        _ = lab.expectRest(from: tap)
        let mark = lab.trace.mark
        lab.drag(from: Self.onSheet, by: (0, 120), steps: 5, every: 8)
        assertSheetRests(lab, from: mark, at: Self.medium, detent: "medium")
        #expect(
            lab.trace.events(from: mark, type: "dismiss_attempt").count == 1, Comment(rawValue: lab.summary(from: mark))
        )
        #expect(releaseVelocity(lab, from: mark) > 1000, "a flick")
    }

    // MARK: Goldens

    /// What the window shows once a frame has the pointer at `end` (the drag held there).
    private func heldCapture(
        _ lab: LabSession, from mark: Int, end: LabXPoint, cardY: Double,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> Bitmap? {
        let held = lab.trace.waitFor(from: mark) { $0.type == "frame" && $0.pointer == [end.x, end.y] }
        expectClose(
            held?.card?[1] ?? .nan, cardY, within: 0.011, Comment(rawValue: lab.summary(from: mark)),
            sourceLocation: sourceLocation)
        let shot = lab.stableCapture()
        #expect(shot != nil, "the window never showed the same picture twice", sourceLocation: sourceLocation)
        return shot
    }

    @Test func testGoldensAtEachDetentAndHeldMidDrag() throws {
        let lab = try launch("sheet")
        if let rest = lab.stableCapture() { expectMatchesGolden(rest, named: "lab-sheet-medium") }
        let mark = lab.trace.mark
        let end = lab.drag(from: Self.onSheet, by: (0, -150), steps: 15, every: 16, release: false)
        if let held = heldCapture(lab, from: mark, end: end, cardY: Self.medium - 150) {
            expectMatchesGolden(held, named: "lab-sheet-drag-up150")
        }
        lab.release()
        _ = lab.expectRest(from: mark)
        let up = lab.trace.mark
        lab.key(.up)
        assertSheetRests(lab, from: up, at: Self.large)
        if let large = lab.stableCapture() { expectMatchesGolden(large, named: "lab-sheet-large") }
    }

    @Test func testGoldenBlockedMidPull() throws {
        let lab = try launch("sheet")
        let tap = lab.trace.mark
        lab.click(at: Self.blockSwitch)
        _ = lab.expectRest(from: tap)
        let mark = lab.trace.mark
        let end = lab.drag(from: Self.onSheet, by: (0, 150), steps: 15, every: 16, release: false)
        // 150 points past medium against a band as tall as medium: 333.5·(1 − 1/(150·0.55/333.5 + 1)).
        let banded = Self.medium + 333.5 * (1 - 1 / (150 * 0.55 / 333.5 + 1))
        if let held = heldCapture(lab, from: mark, end: end, cardY: banded) {
            expectMatchesGolden(held, named: "lab-sheet-blocked-pull150")
        }
    }
}

extension LabXTestCase {
    /// The first frame after `start` that shows the card where the frame before it did: the sheet held under a
    /// press (a redraw asked for after the press, like H's, draws it); nil if the card kept moving for 10 s.
    func heldFrame(_ lab: LabSession, after start: Int) -> LabTraceEvent? {
        var previous = lab.trace.events(from: 0, type: "frame").last { $0.index < start }
        return lab.trace.waitFor(from: start, timeout: 10) { event in
            guard event.type == "frame" else { return false }
            defer { previous = event }
            return previous?.card == event.card
        }
    }
}
