import XCTest
import ModalKit
@testable import ModalLab
@testable import ModalLabCore

/// What each seed scene does with a press while its card is animating. None of the seeds passes
/// `.allowUserInteraction`, so, as on iOS, the moving card takes no press: the press goes to whatever the model
/// puts under the pointer, nothing begins, and the animation plays on.
final class SceneTouchDuringAnimationTests: XCTestCase {
    private let middle = Point(x: 187, y: 300)

    /// Presses where the card is shown and drags 100 points down over 10 frames: no gesture may begin and the card
    /// must not follow the pointer; once everything rests, `top` is in front.
    private func assertPressIsIgnored(_ d: HeadlessLab, top: String, file: StaticString = #filePath, line: UInt = #line)
    {
        let shown = d.card?.minY ?? 0
        let press = Point(x: middle.x, y: min(shown + 100, 600))
        d.send(.pointerDown(press, time: d.clock.now))
        for i in 1 ... 10 {
            d.step()
            d.send(.pointerMove(press + Point(x: 0, y: 10 * Double(i)), time: d.clock.now))
            XCTAssertFalse(d.lab.window.isTrackingGesture, "no gesture begins on a moving card", file: file, line: line)
        }
        d.send(.pointerUp(press + Point(x: 0, y: 100), time: d.clock.now))
        d.settle()
        XCTAssertEqual(d.topName, top, file: file, line: line)
    }

    func testInteractorCancelTakesNoPress() throws {
        let d = try HeadlessLab(pinnedScene: SceneKind(InteractorScene.self))
        d.drag(from: middle, by: Point(x: 0, y: 150), over: 1)
        d.step()
        XCTAssertEqual(d.lab.scene.status.phase, .cancelling)
        assertPressIsIgnored(d, top: "modal")
        XCTAssertEqual(try XCTUnwrap(d.card).minY, 0, accuracy: 1e-9)
    }

    func testFreeDragSpringBackTakesNoPress() throws {
        let d = try HeadlessLab(pinnedScene: SceneKind(FreeDragScene.self))
        d.drag(from: middle, by: Point(x: 0, y: 200), over: 1)
        d.step()
        XCTAssertGreaterThan(try XCTUnwrap(d.card).minY, 20, "still sliding back")
        assertPressIsIgnored(d, top: "modal-one")
        XCTAssertEqual(try XCTUnwrap(d.card).minY, 0, accuracy: 1e-9)
    }

    func testPannableSlideBackTakesNoPress() throws {
        let d = try HeadlessLab(pinnedScene: SceneKind(PannableScene.self))
        d.drag(from: middle, by: Point(x: 0, y: 200), over: 1)
        d.step()
        XCTAssertGreaterThan(try XCTUnwrap(d.card).minY, 20, "still sliding back")
        assertPressIsIgnored(d, top: "modal")
        XCTAssertEqual(try XCTUnwrap(d.card).minY, 0, accuracy: 1e-9)
    }

    func testNavigationCancelTakesNoPress() throws {
        let d = try HeadlessLab(pinnedScene: SceneKind(NavigationScene.self))
        d.drag(from: middle, by: Point(x: 0, y: 150), over: 1)
        d.step()
        XCTAssertEqual(d.lab.scene.status.phase, .cancelling)
        assertPressIsIgnored(d, top: "modal")
        XCTAssertEqual(try XCTUnwrap(d.card).minY, 0, accuracy: 1e-9)
    }

    func testSpringPresentationTakesNoPress() throws {
        let d = try HeadlessLab(pinnedScene: SceneKind(SpringScene.self))
        d.key(.escape)
        d.settle()
        d.key(.space)
        d.steps(6)
        XCTAssertEqual(d.lab.scene.status.phase, .presenting)
        assertPressIsIgnored(d, top: "modal")
        XCTAssertEqual(try XCTUnwrap(d.card).minY, 0, accuracy: 1e-6)
    }
}
