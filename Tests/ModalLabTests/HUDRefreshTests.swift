import XCTest
import ModalKit
import ModalKitPixels
@testable import ModalLab
@testable import ModalLabCore

/// The HUD refreshes once a frame at most, its numbers at a readable rate, and its rule line the frame the
/// decision flips: a drag does not re-rasterize its labels every frame.
final class HUDRefreshTests: XCTestCase {
    private let middle = Point(x: 187, y: 300)
    private let willDismiss = Color(rgb: 0x30D158), willCancel = Color(rgb: 0xFF9F0A)

    /// A second of dragging at 60 Hz, one move a frame: the numbers change every frame, the labels far less often.
    func testADragRedrawsTheHUDLabelsAtAReadableRate() throws {
        let d = try HeadlessLab(pinnedScene: SceneKind(InteractorScene.self))
        var frame = Bitmap(width: 375, height: 667)
        d.lab.render(into: &frame, scale: 1)
        let before = labelDraws(d.lab)
        d.press(at: middle)
        for i in 1 ... 60 { dragFrame(d, to: middle + Point(x: 0, y: 5 * Double(i)), into: &frame) }
        let draws = labelDraws(d.lab) - before
        print("HUD label redraws over a 60-frame drag: \(draws)")
        XCTAssertGreaterThanOrEqual(draws, 20, "the drag and rule lines still follow the drag, about 12 times a second")
        XCTAssertLessThanOrEqual(draws, 40, "not every frame (two lines × 60 frames before)")
    }

    /// The HUD formats its lines every frame into reused bytes; a line becomes a `String` only in a frame where it
    /// changed and is shown, so the frames in between (the numbers held back) make none.
    func testADragMakesAStringOnlyForALineShownChanged() throws {
        let d = try HeadlessLab(pinnedScene: SceneKind(InteractorScene.self))
        var frame = Bitmap(width: 375, height: 667)
        d.press(at: middle)
        var heldBack = 0
        for i in 1 ... 60 {
            let texts = labels(d.lab).map(\.text), made = d.lab.hud.text.stringsMade
            dragFrame(d, to: middle + Point(x: 0, y: 5 * Double(i)), into: &frame)
            let changed = zip(texts, labels(d.lab).map(\.text)).filter { $0 != $1 }.count
            XCTAssertEqual(d.lab.hud.text.stringsMade - made, changed, "frame \(i)")
            if changed == 0 { heldBack += 1 }
        }
        XCTAssertGreaterThanOrEqual(heldBack, 30, "most frames of a 60 Hz drag show no new numbers")
    }

    /// The live lines are formatted only in the frames that may show them (the numbers are due, or the decision
    /// changed), not in every frame of a drag: formatting them every frame was 7% of the lab's CPU, for numbers
    /// shown 12 times a second.
    func testADragFormatsTheLiveLinesOnlyInFramesThatMayShowThem() throws {
        let d = try HeadlessLab(pinnedScene: SceneKind(InteractorScene.self))
        var frame = Bitmap(width: 375, height: 667)
        d.settle()
        d.press(at: middle)
        let before = d.lab.hud.liveLinesWritten
        var shown = 0
        for i in 1 ... 60 {
            let texts = labels(d.lab).map(\.text)
            dragFrame(d, to: middle + Point(x: 0, y: 5 * Double(i)), into: &frame)
            if labels(d.lab).map(\.text) != texts { shown += 1 }
        }
        let written = d.lab.hud.liveLinesWritten - before
        print("live lines formatted in \(written) of 60 drag frames, shown in \(shown)")
        XCTAssertGreaterThanOrEqual(shown, 10, "the numbers still follow the drag, about 12 times a second")
        XCTAssertEqual(written, shown, "formatted only in the frames that showed them (every frame before)")
    }

    /// Dragging across the interactor's threshold one frame at a time, at speeds that cross it at different points
    /// of the numbers' schedule: the rule line's colour is the rule's verdict in every frame, so it turns green the
    /// frame a release would start to dismiss.
    func testTheRuleLineChangesColourTheFrameTheDecisionFlips() throws {
        for step in [4.0, 5, 6, 7] {
            let d = try HeadlessLab(pinnedScene: SceneKind(InteractorScene.self))
            var frame = Bitmap(width: 375, height: 667)
            d.press(at: middle)
            var seen: Set<Bool> = []
            for i in 1 ... 60 {
                dragFrame(d, to: middle + Point(x: 0, y: step * Double(i)), into: &frame)
                let verdict = try XCTUnwrap(d.lab.scene.rule.readout()).willDismiss
                XCTAssertEqual(
                    labels(d.lab)[2].textColor, verdict ? willDismiss : willCancel, "\(step) pt a frame, frame \(i)")
                seen.insert(verdict)
            }
            XCTAssertEqual(seen, [false, true], "the drag at \(step) pt a frame crosses the threshold")
        }
    }

    /// When the pointer stops, the HUD asks for the frame it takes to show the last numbers, then none.
    func testAHeldDragShowsItsLastNumbersThenStopsAskingForFrames() throws {
        let d = try HeadlessLab(pinnedScene: SceneKind(InteractorScene.self))
        var frame = Bitmap(width: 375, height: 667)
        d.press(at: middle)
        for i in 1 ... 20 { dragFrame(d, to: middle + Point(x: 0, y: 5 * Double(i)), into: &frame) }
        var frames = 0
        while d.lab.needsDisplay || d.lab.isAnimating || d.lab.nextFrameTime != nil, frames < 60 {
            d.step()
            d.lab.render(into: &frame, scale: 1)
            frames += 1
        }
        XCTAssertLessThanOrEqual(frames, Int((HUDSchedule.numbersInterval * 60).rounded(.up)) + 1)
        XCTAssertTrue(labels(d.lab)[1].text.contains("drag 0, 100"), labels(d.lab)[1].text)
    }

    /// Two moves within 1/12 s of the last refresh: their numbers wait without asking for a frame (the host
    /// sleeps: on the timer path a frame drawn for nothing would also hold the next move back to a tick), the
    /// refresh's time is asked for instead, and the first frame at it shows the newest numbers.
    func testHeldBackNumbersAskForNoFrameUntilTheRefreshIsDue() throws {
        let d = try HeadlessLab(pinnedScene: SceneKind(InteractorScene.self))
        var frame = Bitmap(width: 375, height: 667)
        d.settle()
        d.press(at: middle)
        dragFrame(d, to: middle + Point(x: 0, y: 10), into: &frame)
        dragFrame(d, to: middle + Point(x: 0, y: 20), into: &frame)
        let shownAt = d.clock.now
        XCTAssertTrue(labels(d.lab)[1].text.contains("drag 0, 20"), "the drag's start shows at once")
        dragFrame(d, to: middle + Point(x: 0, y: 30), into: &frame)
        dragFrame(d, to: middle + Point(x: 0, y: 40), into: &frame)
        XCTAssertTrue(labels(d.lab)[1].text.contains("drag 0, 20"), "held back: \(labels(d.lab)[1].text)")
        let due = try XCTUnwrap(d.lab.nextFrameTime, "the refresh's time is asked for")
        XCTAssertEqual(due, shownAt + HUDSchedule.numbersInterval, accuracy: 1e-9)
        var idle = 0, heldAt = d.clock.now
        while labels(d.lab)[1].text.contains("drag 0, 20"), idle < 10 {
            XCTAssertFalse(d.lab.needsDisplay || d.lab.isAnimating, "no frame asked at \(d.clock.now) < \(due)")
            heldAt = d.clock.now
            d.step()
            idle += 1
        }
        XCTAssertGreaterThanOrEqual(d.clock.now, due, "not before the refresh is due")
        XCTAssertLessThan(heldAt, due, "the first frame at it shows them")
        XCTAssertTrue(labels(d.lab)[1].text.contains("drag 0, 40"), labels(d.lab)[1].text)
        XCTAssertTrue(d.lab.needsDisplay, "the refresh is drawn")
        d.lab.render(into: &frame, scale: 1)
        XCTAssertNil(d.lab.nextFrameTime, "nothing else waits")
        XCTAssertFalse(d.lab.needsDisplay)
    }

    /// A lab at rest, before and after a drag, asks for no later frame: the host may sleep until input.
    func testALabAtRestAsksForNoLaterFrame() throws {
        let d = try HeadlessLab(pinnedScene: SceneKind(InteractorScene.self))
        XCTAssertTrue(d.settle())
        XCTAssertNil(d.lab.nextFrameTime, "at rest after start-up")
        d.drag(from: middle, by: Point(x: 0, y: 80), over: 0.3)
        XCTAssertTrue(d.settle())
        XCTAssertEqual(d.topName, "modal", "the short drag cancelled")
        XCTAssertNil(d.lab.nextFrameTime, "at rest after a drag")
        XCTAssertTrue(labels(d.lab)[0].text.hasSuffix("idle"), labels(d.lab)[0].text)
        let written = d.lab.hud.liveLinesWritten
        d.steps(30)
        XCTAssertEqual(d.lab.hud.liveLinesWritten, written, "frames at rest (a replay's, a window's) format nothing")
    }

    /// The last line is written again only when what it shows changes, and then shows it: a reload's error the
    /// frame it comes, the timings again once it is gone, new timings a quarter of a second after the last.
    func testTheLastLineFollowsAMessageAndTheTimings() throws {
        let d = try HeadlessLab(pinnedScene: SceneKind(InteractorScene.self))
        d.settle()
        let last = { self.labels(d.lab)[HUDText.last.lowerBound].text }
        XCTAssertEqual(last(), "render 0.00 ms · present 0.00 ms")
        d.lab.showReloadFailure("config file x: not JSON")
        d.step()
        XCTAssertEqual(last(), "reload: config file x: not JSON")
        d.lab.clearReloadFailure()
        d.step()
        XCTAssertEqual(last(), "render 0.00 ms · present 0.00 ms")
        d.lab.didPresent(FrameReport(frameTime: d.clock.now, renderSeconds: 0.00125, presentSeconds: 0.0005))
        d.steps(16)
        XCTAssertEqual(last(), "render 1.25 ms · present 0.50 ms")
    }

    /// A pointer moving over the window without dragging changes nothing on the HUD, and asks for no frame.
    func testAHoverAsksForNoFrame() throws {
        let d = try HeadlessLab(pinnedScene: SceneKind(InteractorScene.self))
        var frame = Bitmap(width: 375, height: 667)
        d.step()
        d.lab.render(into: &frame, scale: 1)
        XCTAssertFalse(d.lab.needsDisplay, "settled")
        d.move(to: middle)
        XCTAssertFalse(d.lab.needsDisplay, "a hover")
        d.send(.keyDown(.character("s"), time: d.clock.now))
        XCTAssertTrue(d.lab.needsDisplay, "slow animations show on the HUD")
    }

    /// Input first, then the frame (the host's order): the move, the frame's advance and its render.
    private func dragFrame(_ d: HeadlessLab, to point: Point, into frame: inout Bitmap) {
        d.move(to: point)
        d.step()
        d.lab.render(into: &frame, scale: 1)
    }

    private func labels(_ lab: Lab) -> [Label] {
        let hud = lab.window.subviews.first { $0.accessibilityIdentifier == "hud" }
        let panel = hud?.subviews.first { $0 is HUDPanel }
        return panel?.subviews.compactMap { $0 as? Label } ?? []
    }

    /// Redraws of the labels' pixels, whole or (a line whose digits changed) only the changed glyphs.
    private func labelDraws(_ lab: Lab) -> Int {
        labels(lab).map { $0.contentRenderCount + $0.partialRenderCount }.reduce(0, +)
    }
}
