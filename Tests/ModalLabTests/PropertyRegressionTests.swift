import XCTest
import ModalKit
@testable import ModalLab
@testable import ModalLabCore

/// Failures the random sessions of `LabPropertyTests` found, each kept as a named test.
final class PropertyRegressionTests: XCTestCase {
    /// Free-drag (the first few hundred seeds crashed on it): a press lands on Modal One while a flick slides it away; the slide's completion
    /// dismisses it, freeing its controller, while the window still tracks the press. The next move began the
    /// pan and ran the freed controller's handler: a crash. A view leaving the window now ends the presses on it.
    func testAPressOnACardDismissedUnderThePointerEndsWithTheCard() throws {
        let d = try HeadlessLab(pinnedScene: SceneKind(FreeDragScene.self))
        var states: [GestureRecognizer.State] = []
        let trace = d.lab.window.onGestureEvent
        d.lab.window.onGestureEvent = {
            trace?($0); states.append($0.state)
        }
        d.drag(from: Point(x: 187, y: 300), by: Point(x: 0, y: 200), over: 0.05)
        XCTAssertEqual(d.lab.scene.status.phase, .finishing, "a flick: Modal One slides away")
        d.send(.pointerDown(Point(x: 187, y: 600), time: d.clock.now))
        d.settle()
        XCTAssertEqual(d.topName, "presenting", "the slide ended in a dismissal")
        states.removeAll()
        d.send(.pointerMove(Point(x: 187, y: 640), time: d.clock.now + 0.02))
        d.send(.pointerUp(Point(x: 187, y: 640), time: d.clock.now + 0.03))
        XCTAssertFalse(states.contains(.began), "no gesture begins on a view that left the window")
        XCTAssertEqual(d.topName, "presenting")
    }
}
