import ModalKitPixels
import ModalKitTestSupport
import ModalLabDriver
import Foundation
import Testing

/// The sheet's list under Xvfb with real XTest input: wheel clicks (buttons 4 and 5) through XInput 2 and through
/// core events, one drag that raises the sheet and then scrolls the list, a drag down at large that takes the sheet
/// away, and the list's goldens. Window 375 × 667 points: medium at 333.5, large at 30; the list starts 60 points
/// below the sheet's top.
@Suite final class SceneSheetScrollXTests: LabXTestCase {
    static let medium = 333.5, large = 30.0
    private var session: LabSession?

    deinit {
        session = nil
    }

    /// `--scene sheet --no-hud` plus `options`, at its first frame, the pointer over the window.
    private func launchSheet(_ options: [String] = [], sourceLocation: SourceLocation = #_sourceLocation) throws
        -> LabSession
    {
        let lab = try LabSession(
            display: try display(), pinnedArguments: ["--scene", "sheet", "--no-hud"] + options,
            windowTimeout: 10)
        session = lab
        let first = lab.trace.waitFor(from: 0, timeout: 10) { $0.type == "frame" }
        _ = try #require(first, "no frame in the trace: \(lab.process.standardError)", sourceLocation: sourceLocation)
        lab.move(to: (187, 627))
        return lab
    }

    private func toLarge(_ lab: LabSession, sourceLocation: SourceLocation = #_sourceLocation) {
        let up = lab.trace.mark
        lab.key(.up)
        let rest = lab.expectRest(from: up, sourceLocation: sourceLocation)
        expectClose(rest.lastFrame?.card?[1] ?? .nan, Self.large, within: 0.011, sourceLocation: sourceLocation)
    }

    private func offset(_ event: LabTraceEvent?) -> Double { event?.numbers("content_offset")?[1] ?? .nan }

    /// Clicks `button` (4: up, 5: down) `count` times, 40 ms apart, with the pointer at `p`.
    private func wheel(_ lab: LabSession, button: UInt32, count: Int, at p: LabXPoint) {
        lab.move(to: p)
        for _ in 0 ..< count {
            lab.client.setButton(button, down: true, delayMilliseconds: 40)
            lab.client.setButton(button, down: false)
        }
    }

    private func assertWheelScrollsTheList(_ options: [String], sourceLocation: SourceLocation = #_sourceLocation)
        throws
    {
        let lab = try launchSheet(options, sourceLocation: sourceLocation)
        toLarge(lab, sourceLocation: sourceLocation)
        let mark = lab.trace.mark
        wheel(lab, button: 5, count: 3, at: (187, 400))
        let down = lab.expectRest(from: mark, sourceLocation: sourceLocation)
        expectClose(
            offset(down.lastFrame), 3 * 48, within: 0.011, Comment(rawValue: lab.summary(from: mark)),
            sourceLocation: sourceLocation)
        expectClose(
            down.lastFrame?.card?[1] ?? .nan, Self.large, within: 0.011, "at large the sheet stays",
            sourceLocation: sourceLocation)
        let back = lab.trace.mark
        wheel(lab, button: 4, count: 2, at: (187, 400))
        let up = lab.expectRest(from: back, sourceLocation: sourceLocation)
        expectClose(
            offset(up.lastFrame), 48, within: 0.011, Comment(rawValue: lab.summary(from: back)),
            sourceLocation: sourceLocation)
    }

    @Test func testWheelClicksScrollTheListThroughXInput2() throws { try assertWheelScrollsTheList([]) }

    @Test func testWheelClicksScrollTheListThroughCoreEvents() throws {
        try assertWheelScrollsTheList(["--no-xinput2"])
    }

    /// Issue 20: three real wheel clicks toward the top, 40 ms apart, at large with the list at its top used to
    /// drag the sheet 48 points a click and fling it away. Now the first lowers it one detent on its spring, the
    /// others find it moving: it goes one way and rests at medium.
    @Test func testWheelClicksTowardTheTopAtLargeStepTheSheetToMediumAndNeverDismissIt() throws {
        let lab = try launchSheet()
        toLarge(lab)
        let mark = lab.trace.mark
        wheel(lab, button: 4, count: 3, at: (187, 400))
        let rest = lab.expectRest(from: mark)
        #expect(rest.top == "sheet", Comment(rawValue: lab.summary(from: mark)))
        expectClose(
            rest.lastFrame?.card?[1] ?? .nan, Self.medium, within: 0.011, Comment(rawValue: lab.summary(from: mark)))
        let ys = lab.trace.events(from: mark, type: "frame").compactMap { $0.card?[1] }
        // Frames a loaded machine drops make any per-frame distance meaningless here; the direction is not.
        #expect(zip(ys, ys.dropFirst()).allSatisfy { $1 - $0 >= -0.01 }, "down only: \(ys.map { Int($0) })")
    }

    /// Pressed on the list at medium and dragged 450 points up without letting go: the sheet rises the 303.5
    /// points to large, the list scrolls the other 146.5, and in every frame the two travels add up to the
    /// pointer's.
    @Test func testADragOnTheListAtMediumRaisesTheSheetToLargeThenScrollsTheListInOneGesture() throws {
        let lab = try launchSheet()
        let mark = lab.trace.mark
        let start: LabXPoint = (187, 600)
        let end = lab.drag(from: start, by: (0, -450), steps: 30, every: 16, release: false)
        let held = lab.trace.waitFor(from: mark) { $0.type == "frame" && $0.pointer == [end.x, end.y] }
        expectClose(held?.card?[1] ?? .nan, Self.large, within: 0.011, Comment(rawValue: lab.summary(from: mark)))
        expectClose(offset(held), 450 - (Self.medium - Self.large), within: 0.011)
        var sheetFrames = 0, listFrames = 0
        for frame in lab.trace.events(from: mark, type: "frame") {
            guard let pointer = frame.pointer, let card = frame.card, abs(pointer[1] - start.y) > 10 else { continue }
            expectClose(
                (card[1] - Self.medium) - offset(frame), pointer[1] - start.y, within: 0.5,
                "sheet travel + list travel = pointer travel at pointer \(pointer[1])")
            if card[1] > Self.large + 1 { sheetFrames += 1 }
            if offset(frame) > 1 { listFrames += 1 }
        }
        #expect(sheetFrames > 0, "frames checked while the sheet rose")
        #expect(listFrames > 0, "frames checked while the list scrolled")
        usleep(100_000) // held still: the release carries no velocity
        let release = lab.trace.mark
        lab.release()
        let rest = lab.expectRest(from: release)
        expectClose(rest.lastFrame?.card?[1] ?? .nan, Self.large, within: 0.011)
        expectClose(offset(rest.lastFrame), 146.5, within: 0.011)
    }

    /// At large with the list at its top, a quick drag down on the list moves the sheet with the pointer (the list
    /// stays at its top) and the release takes it away.
    @Test func testAtLargeWithTheListAtItsTopADragDownMovesTheSheetAndDismissesIt() throws {
        let lab = try launchSheet()
        toLarge(lab)
        let mark = lab.trace.mark
        let start: LabXPoint = (187, 200)
        lab.drag(from: start, by: (0, 200), steps: 8, every: 8)
        let rest = lab.expectRest(from: mark)
        #expect(rest.top == "presenting", Comment(rawValue: lab.summary(from: mark)))
        let dragged = lab.trace.events(from: mark, type: "frame").filter { $0.string("phase") == "interactive" }
        #expect(!dragged.isEmpty)
        for frame in dragged {
            guard let pointer = frame.pointer, let card = frame.card else { continue }
            #expect(offset(frame) == 0, "the list stays at its top")
            expectClose(card[1] - Self.large, pointer[1] - start.y, within: 0.5, "the sheet follows the pointer")
        }
    }

    /// Slowed ×10, a flick up on the list starts the settle toward large; a press on the list stops the sheet where
    /// it was last shown (nothing drawn while held), and the drag that follows moves the sheet from there 1:1.
    @Test func testAPressOnTheListDuringTheSettleHoldsTheSheetAndTheDragMovesIt() throws {
        let lab = try launchSheet()
        lab.key(.character("s"))
        let mark = lab.trace.mark
        lab.drag(from: (187, 450), by: (0, -60), steps: 3, every: 8)
        let settling = lab.trace.waitFor(from: mark) { $0.type == "frame" && $0.string("phase") == "settling" }
        let settlingY = try #require(settling?.card?[1], Comment(rawValue: lab.summary(from: mark)))
        // Seen moving before the press: at the vertical blank a slow debug frame waits for its blank before the
        // next one is drawn, so a press at once could stop the sheet on the first settling frame.
        _ = lab.trace.waitFor(from: (settling?.index ?? mark) + 1) {
            $0.type == "frame" && $0.string("phase") == "settling"
        }
        let press: LabXPoint = (187, (settlingY + 150).rounded())
        lab.move(to: press)
        let pressed = lab.trace.mark
        lab.client.setButton(down: true)
        defer { lab.release() }
        // H redraws (the HUD) after the press: the held frame shows the sheet where the frame before it did.
        lab.key(.character("h"))
        let held = try #require(heldFrame(lab, after: pressed), "the sheet kept moving: \(lab.summary(from: mark))")
        let last = try #require(lab.trace.events(from: mark, type: "frame").last { $0.index < held.index })
        #expect(last.card?[1] ?? .nan < settlingY - 0.1, "it was moving when pressed")
        #expect(held.card == last.card, "nothing moves under the press")
        let drag = lab.trace.mark
        lab.move(to: (press.x, press.y - 10), delayMilliseconds: 16)
        lab.move(to: (press.x, press.y - 20), delayMilliseconds: 16)
        let dragged = lab.trace.waitFor(from: drag) { $0.type == "frame" && $0.pointer == [press.x, press.y - 20] }
        expectClose(
            dragged?.card?[1] ?? .nan, (last.card?[1] ?? .nan) - 20, within: 0.011,
            "0 pt at the grab, then 1:1: \(lab.summary(from: drag))")
        #expect(offset(dragged) == 0, "the sheet, below large, takes the drag")
        lab.release()
        #expect(lab.expectRest(from: drag).top == "sheet")
    }

    // MARK: Goldens

    /// Mid-scroll at large: the list dragged 200 points up and held, its indicator showing.
    @Test func testGoldenMidScrollWithTheIndicator() throws {
        let lab = try launchSheet()
        toLarge(lab)
        let mark = lab.trace.mark
        let end = lab.drag(from: (187, 500), by: (0, -200), steps: 20, every: 16, release: false)
        let held = lab.trace.waitFor(from: mark) { $0.type == "frame" && $0.pointer == [end.x, end.y] }
        expectClose(offset(held), 200, within: 0.011, Comment(rawValue: lab.summary(from: mark)))
        if let shot = lab.expectStableCapture() { expectMatchesGolden(shot, named: "lab-sheet-list-midscroll") }
        lab.release()
    }
}
