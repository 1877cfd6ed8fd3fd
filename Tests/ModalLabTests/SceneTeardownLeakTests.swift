import XCTest
import ModalKit
@testable import ModalLab
@testable import ModalLabCore

/// A scene switched away (keys 1–5) or reset (R) in the middle of something is freed whole: its views, their
/// cached pixels and its animators. Counted as live objects, not as memory, so the check is exact.
final class SceneTeardownLeakTests: XCTestCase {
    private let middle = Point(x: 187, y: 300)

    /// Visits every scene at rest, then comes back to the first: the level every later check returns to.
    private func warmedUp() throws -> (HeadlessLab, LiveObjects) {
        let d = try HeadlessLab(pinnedScene: SceneCatalog.all[0])
        for index in SceneCatalog.all.indices { d.lab.switchScene(to: index); d.settleAndRender() }
        d.lab.switchScene(to: 0)
        d.settleAndRender()
        return (d, LiveObjects.now)
    }

    private func assertBackToWarmLevel(
        _ d: HeadlessLab, _ warm: LiveObjects, _ what: String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        d.lab.switchScene(to: 0)
        d.settleAndRender()
        XCTAssertEqual(LiveObjects.now, warm, "after \(what)", file: file, line: line)
    }

    /// Escape starts each scene's dismissal; a scene switch abandons it three frames in.
    func testSwitchingSceneDuringADismissalFreesTheOldScene() throws {
        let (d, warm) = try warmedUp()
        for _ in 0 ..< 3 {
            for index in SceneCatalog.all.indices {
                d.lab.switchScene(to: index)
                d.render()
                d.key(.escape)
                d.steps(3)
                d.render()
            }
        }
        assertBackToWarmLevel(d, warm, "switching scenes mid-dismissal")
    }

    /// A drag held down (an interactive transition or a card following the pointer) when R rebuilds the scene.
    func testResettingMidDragFreesTheOldScene() throws {
        let (d, warm) = try warmedUp()
        for index in SceneCatalog.all.indices {
            d.lab.switchScene(to: index)
            for _ in 0 ..< 3 {
                d.drag(from: middle, by: Point(x: 0, y: 150), over: 0.2, release: false)
                d.render()
                d.key(.character("r"))
                d.send(.pointerUp(middle + Point(x: 0, y: 150), time: d.clock.now))
            }
        }
        assertBackToWarmLevel(d, warm, "resetting mid-drag")
    }

    /// Released drags that animate on their own (a finish, a cancel, a card sliding back) when the scene changes.
    func testSwitchingSceneWhileAReleaseAnimatesFreesTheOldScene() throws {
        let (d, warm) = try warmedUp()
        for index in SceneCatalog.all.indices {
            for distance in [60.0, 400.0] {
                d.lab.switchScene(to: index)
                d.drag(from: middle, by: Point(x: 0, y: distance), over: 0.2)
                d.steps(2)
                d.render()
                d.lab.switchScene(to: (index + 1) % SceneCatalog.all.count)
            }
        }
        assertBackToWarmLevel(d, warm, "switching scenes while a release animates")
    }
}
