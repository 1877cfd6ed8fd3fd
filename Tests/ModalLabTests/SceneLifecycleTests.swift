import XCTest
import ModalKit
@testable import ModalLab
@testable import ModalLabCore

/// Switching, resetting and resizing while something moves, and grabbing a card in flight.
final class SceneLifecycleTests: XCTestCase {
    private let middle = Point(x: 187, y: 300)

    /// Key 2 mid-drag: the new scene starts with its modal up and nothing of the old scene comes back.
    func testSwitchingSceneMidDragStartsTheNewSceneWithItsModal() throws {
        let d = try HeadlessLab(pinnedScene: SceneKind(InteractorScene.self))
        d.drag(from: middle, by: Point(x: 0, y: 150), over: 0.5, release: false)
        d.key(.character("2"))
        XCTAssertTrue(d.lab.scene is FreeDragScene)
        XCTAssertEqual(d.topName, "modal-one", "free-drag starts with Modal One presented")
        d.settle()
        XCTAssertEqual(d.topName, "modal-one")
        XCTAssertFalse(
            d.lab.window.subviews.contains { container in
                container.subviews.contains { $0.accessibilityIdentifier == "modal" }
            }, "the old scene's modal must not come back into the window")
    }

    /// R during the Close button's 0.6 s dismissal: a fresh scene, one presenting view.
    func testResetDuringADismissalStartsWithTheModal() throws {
        let d = try HeadlessLab(pinnedScene: SceneKind(InteractorScene.self))
        d.tap(Point(x: 40, y: 46))
        d.steps(5)
        d.key(.character("r"))
        XCTAssertEqual(d.topName, "modal", "a reset scene starts with its modal presented")
        d.settle()
        XCTAssertEqual(d.topName, "modal")
        XCTAssertEqual(
            d.lab.window.subviews.filter { $0.accessibilityIdentifier == "presenting" }.count, 0,
            ".fullScreen: the presenting view is out of the window, once")
        d.key(.escape)
        d.settle()
        XCTAssertEqual(d.lab.window.subviews.filter { $0.accessibilityIdentifier == "presenting" }.count, 1)
    }

    /// After the window is resized, a full-screen modal still fills it, and the rule measures the new height.
    func testResizeKeepsTheModalFullScreen() throws {
        for scene in SceneCatalog.all {
            let d = try HeadlessLab(pinnedScene: scene)
            d.send(.resize(Size(width: 800, height: 600)))
            d.step()
            let card = try XCTUnwrap(d.card, scene.info.name)
            // The sheet stays at its medium detent, half the new height, reaching 20 points below the window.
            let expected =
                scene.name == SheetScene.info.name
                ? Rect(x: 0, y: 300, width: 800, height: 620)
                : Rect(x: 0, y: 0, width: 800, height: 600)
            XCTAssertEqual(card, expected, "\(scene.info.name): modal fills the resized window")
            d.key(.escape)
            d.settle()
            XCTAssertEqual(d.lab.scene.root.view.frame, Rect(x: 0, y: 0, width: 800, height: 600), scene.info.name)
        }
    }

    /// Pannable: release below half (0.2 s back to the top) and press the card again three frames later. The seed
    /// animates without `.allowUserInteraction`, so, as on iOS, the moving card takes no press: it never jumps to
    /// the pointer and glides back to the top.
    func testPressingTheCardWhileItReturnsDoesNotGrabIt() throws {
        let d = try HeadlessLab(pinnedScene: SceneKind(PannableScene.self))
        d.drag(from: middle, by: Point(x: 0, y: 300), over: 1)
        d.steps(3)
        let grab = Point(x: 187, y: 300 + (try XCTUnwrap(d.card).minY))
        d.send(.pointerDown(grab, time: d.clock.now))
        d.step()
        let before = try XCTUnwrap(d.card).minY
        XCTAssertGreaterThan(before, 150, "still on its way back up")
        d.send(.pointerMove(grab + Point(x: 0, y: 11), time: d.clock.now))
        XCTAssertEqual(try XCTUnwrap(d.card).minY, before, "the press moves nothing")
        d.steps(20)
        XCTAssertEqual(try XCTUnwrap(d.card).minY, 0, accuracy: 1e-6, "the animation plays out")
    }
}
