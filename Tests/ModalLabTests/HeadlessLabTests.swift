import XCTest
import ModalKit
@testable import ModalLab
@testable import ModalLabCore

/// The harness's own promises: frames of a fixed length, and one meaning of "settled".
final class HeadlessLabTests: XCTestCase {
    func testStepsAreWholeFramesOnTheLabsClock() throws {
        let harness = try HeadlessLab(pinnedScene: SceneKind(InteractorScene.self))
        harness.steps(3)
        XCTAssertEqual(harness.clock.now, 3 / 60.0, accuracy: 1e-12)
        var seen: [Double] = []
        harness.step { seen.append($0) }
        XCTAssertEqual(seen, [harness.clock.now], "the hook sees the frame's own time")
    }

    func testAHeldDragIsSettledAndAReleasedOneIsNotUntilItsTransitionEnds() throws {
        let harness = try HeadlessLab(pinnedScene: SceneKind(InteractorScene.self))
        harness.drag(from: Point(x: 187, y: 300), by: Point(x: 0, y: 250), over: 0.5, release: false)
        XCTAssertNotNil(harness.lab.window.activeTransition)
        XCTAssertTrue(
            harness.settle(limit: HUDSchedule.numbersInterval + harness.frameInterval), "the HUD's last numbers")
        XCTAssertTrue(harness.isSettled, "a drag held still changes nothing until the pointer moves")
        harness.release()
        XCTAssertFalse(harness.isSettled)
        XCTAssertFalse(harness.settle(limit: 0.1), "the 0.6 s finish is still running after 0.1 s")
        XCTAssertTrue(harness.settle())
        XCTAssertNil(harness.lab.window.activeTransition)
        XCTAssertEqual(harness.topName, "presenting")
    }

    /// Settling waits for the frame the lab asked for later: the HUD shows the drag's last numbers, as a window
    /// would (the host wakes at `nextFrameTime`), not the ones of the last refresh.
    func testSettlingShowsTheHUDsLastNumbers() throws {
        let harness = try HeadlessLab(pinnedScene: SceneKind(InteractorScene.self))
        let start = Point(x: 187, y: 300)
        harness.press(at: start)
        var y = 0.0
        repeat {
            y += 3
            harness.move(to: start + Point(x: 0, y: y))
            harness.step()
        } while harness.lab.nextFrameTime == nil && y < 90
        XCTAssertNotNil(harness.lab.nextFrameTime, "the last move's numbers wait for their turn")
        XCTAssertFalse(harness.isSettled)
        XCTAssertTrue(harness.settle())
        let hud = harness.lab.window.subviews.first { $0.accessibilityIdentifier == "hud" }
        let lines = hud?.subviews.first { $0 is HUDPanel }?.subviews.compactMap { ($0 as? Label)?.text } ?? []
        XCTAssertTrue(lines.contains { $0.contains("drag 0, \(Int(y)) ") }, "\(lines)")
    }
}
