import Foundation
import XCTest
import ModalKit
import ModalKitTestSupport
@testable import ModalLab
@testable import ModalLabCore

/// The sheet's `transition` lines bracket its motion, as the interactor's do: on Escape, `began` comes before the
/// first frame that moves the sheet down and `completed` after the last.
final class SheetTransitionTraceTests: XCTestCase {
    private let files = TemporaryFiles()

    override func tearDown() {
        files.removeAll()
        super.tearDown()
    }

    /// Steps `harness` until it settles, writing a `frame` line for each step as the host does after presenting.
    private func settleWithFrames(_ harness: HeadlessLab) {
        harness.settle { harness.lab.didPresent(FrameReport(frameTime: harness.clock.now, renderSeconds: 0)) }
    }

    func testEscapeOnTheSheetBracketsItsDismissingFrames() throws {
        let path = files.path("sheet-escape.jsonl")
        let harness = try HeadlessLab(pinnedScene: SceneKind(SheetScene.self), tracePath: path)
        settleWithFrames(harness)
        let mark = try jsonLines(path).count
        harness.key(.escape)
        settleWithFrames(harness)
        XCTAssertEqual(harness.topName, "presenting")
        harness.lab.finish()
        let lines = Array(try jsonLines(path).dropFirst(mark))
        let time = { (line: [String: Any]) in line["t"] as? Double ?? .nan }
        let began = try XCTUnwrap(
            lines.first { $0["type"] as? String == "transition" && $0["event"] as? String == "began" })
        let completed = try XCTUnwrap(
            lines.first { $0["type"] as? String == "transition" && $0["event"] as? String == "completed" })
        // A frame moves the sheet when its card differs from the frame before (or the card is gone).
        let frames = lines.filter { $0["type"] as? String == "frame" }
        let moving = zip(frames.dropFirst(), frames).filter {
            "\($0.0["card"] ?? "none")" != "\($0.1["card"] ?? "none")"
        }.map(\.0)
        let first = try XCTUnwrap(moving.first, "no frame moved the sheet"), last = try XCTUnwrap(moving.last)
        XCTAssertGreaterThan(
            time(last) - time(first), 0.1,
            "the sheet springs down over several frames (about 0.16 s from medium since it no longer creeps at the bottom edge)"
        )
        XCTAssertLessThanOrEqual(time(began), time(first), "began precedes the first moving frame")
        XCTAssertGreaterThanOrEqual(time(completed), time(last), "completed follows the last moving frame")
    }
}
