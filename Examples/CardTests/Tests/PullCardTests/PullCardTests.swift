import XCTest
import ModalKit
import ModalLab
import PullCard

/// The scene driven headless on a manual clock, as the lab drives it: no X server, no sleeps, no wall clock.
final class PullCardTests: XCTestCase {
    /// The lab on a bare 375x667 screen: a test names the screen its numbers are for (the lab's default is a phone,
    /// the iPhone 17 Pro, whose status bar and size would move them).
    private func lab(_ arguments: [String] = []) throws -> HeadlessLab {
        let configuration = try LabConfiguration(
            arguments: ["--size", "375x667"] + arguments + ["--no-hud"], scenes: [SceneKind(PullCardScene.self)])
        let lab = try HeadlessLab(configuration: configuration)
        lab.settle()
        return lab
    }

    func testTheCardStartsUpAndFollowsThePull() throws {
        let lab = try self.lab()
        XCTAssertEqual(lab.card?.minY, 0, "presented at rest")
        lab.drag(from: Point(x: 180, y: 300), by: Point(x: 40, y: 100), over: 0.5, release: false)
        let y = try XCTUnwrap(lab.card?.minY)
        XCTAssertEqual(y, 100, accuracy: 1, "vertical only, under the pointer")
        XCTAssertEqual(lab.lab.scene.status.phase, .interactive)
        lab.release()
    }

    func testASlowShortPullSpringsBack() throws {
        let lab = try self.lab()
        lab.drag(from: Point(x: 180, y: 300), by: Point(x: 0, y: 150), over: 1.0)
        XCTAssertTrue(lab.settle())
        XCTAssertEqual(lab.card?.minY, 0, "back at the top")
        XCTAssertEqual(lab.topName, "modal")
    }

    func testAPullPastTheLineCloses() throws {
        let lab = try self.lab()
        lab.drag(from: Point(x: 180, y: 200), by: Point(x: 0, y: 300), over: 1.0)
        XCTAssertTrue(lab.settle())
        XCTAssertNil(lab.card, "dismissed")
    }

    func testAFlickClosesAndTheLineFollowsItsParameter() throws {
        let flick = try self.lab()
        flick.drag(from: Point(x: 180, y: 200), by: Point(x: 0, y: 120), over: 0.1)
        XCTAssertTrue(flick.settle())
        XCTAssertNil(flick.card, "1200 pt/s is faster than the 1000 pt/s flick")

        let far = try self.lab(["--set", "closeLine=0.9"])
        far.drag(from: Point(x: 180, y: 200), by: Point(x: 0, y: 300), over: 1.0)
        XCTAssertTrue(far.settle())
        XCTAssertEqual(far.card?.minY, 0, "300 pt is short of a line at 90% of 667")
    }

    func testTheInspectorsRuleIsTheScenes() throws {
        let rule = try XCTUnwrap(lab().lab.scene.rule as? PullRule)
        XCTAssertEqual(rule.distance, 0.35 * 667, accuracy: 1e-9)
        XCTAssertEqual(rule.verdict(ReleaseReading(velocity: 1001, cardTop: 0, outcome: "cancel")).text, "close")
        XCTAssertEqual(rule.verdict(ReleaseReading(velocity: 999, cardTop: 0, outcome: "cancel")).text, "distance")
    }

    func testItRendersTheCardOverTheBackground() throws {
        let lab = try self.lab()
        lab.drag(from: Point(x: 180, y: 300), by: Point(x: 0, y: 200), over: 1.0, release: false)
        let frame = lab.render()
        XCTAssertEqual(frame.width, 375)
        XCTAssertEqual(frame[180, 100], Bitmap.premultiplied(Color(rgb: 0xF2F2F7)), "above the pulled card: the background")
        XCTAssertEqual(frame[180, 600], Bitmap.premultiplied(.white), "the card")
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("pull-card-\(getpid()).png").path
        try lab.writePNG(to: path)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        XCTAssertGreaterThan(size, 1000)
    }
}
