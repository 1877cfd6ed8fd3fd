import ModalKit
import ModalKitTestSupport
import XCTest

@testable import ModalLab
@testable import ModalLabCore

/// A trace's `settled` line follows the frame that showed the rest, as a window's host writes them (advance, draw,
/// present, every frame): a reader taking the frame before `settled` as the resting one sees the rest, not the
/// last moving frame. It used to come first: the rest was noted while advancing, before the frame was drawn.
final class SettledOrderTests: XCTestCase {
    private let files = TemporaryFiles()

    override func tearDown() {
        files.removeAll()
        super.tearDown()
    }

    /// Drives `harness` as the X host does at 2x and at the lab's slow animations (key S, ×10, the slow run the
    /// order was seen in): each frame advanced, drawn and presented.
    private func run(_ harness: HeadlessLab, frames: Int) {
        var bitmap = Bitmap(width: 750, height: 1334)
        for _ in 0 ..< frames {
            harness.step()
            harness.lab.render(into: &bitmap, scale: 2)
            harness.lab.didPresent(
                FrameReport(
                    frameTime: harness.clock.now, renderSeconds: 0.004, presentSeconds: 0.001,
                    presentedAt: harness.clock.now))
        }
    }

    func testSettledFollowsTheFrameThatShowsTheRest() throws {
        let trace = files.path("trace.jsonl")
        let harness = try HeadlessLab(pinnedScene: SceneKind(InteractorScene.self), tracePath: trace)
        harness.key(.character("s"))
        run(harness, frames: 2)
        harness.press(at: Point(x: 187, y: 300))
        for i in 1 ... 15 {
            run(harness, frames: 1)
            harness.move(to: Point(x: 187, y: 300 + Double(i) * 16))
        }
        harness.release()
        run(harness, frames: 600)
        XCTAssertTrue(harness.isSettled)
        harness.lab.finish()
        let lines = try jsonLines(trace)
        let settled = lines.indices.filter { lines[$0]["type"] as? String == "settled" }
        XCTAssertEqual(settled.count, 2, "the first rest and the one after the drag")
        // The scene's own first rest is published as it is shown, before any frame: nothing moved before it.
        let firstFrame = try XCTUnwrap(lines.firstIndex { $0["type"] as? String == "frame" })
        XCTAssertLessThan(settled[0], firstFrame)
        for index in settled.dropFirst() {
            let t = try XCTUnwrap(lines[index]["t"] as? Double)
            let before = try XCTUnwrap(
                lines[..<index].last { $0["type"] as? String == "frame" }, "a frame came before `settled` at \(t)")
            // The first frame drawn at or after the rest: the one drawn at it.
            let first = try XCTUnwrap(
                lines.first { $0["type"] as? String == "frame" && ($0["t"] as? Double ?? -1) >= t - 1e-9 })
            XCTAssertEqual(before["t"] as? Double, first["t"] as? Double, "the frame before `settled` at \(t)")
            // Nothing moves after the rest until the next press: every later frame shows what that frame showed.
            let shown = before["card"] as? [Double]
            for line in lines[(index + 1)...].prefix(while: { $0["type"] as? String != "gesture" })
            where line["type"] as? String == "frame" {
                XCTAssertEqual(line["card"] as? [Double], shown, "a frame after `settled` at \(t) moved")
            }
        }
    }
}
