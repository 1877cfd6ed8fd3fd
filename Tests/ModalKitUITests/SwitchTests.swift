import XCTest
import ModalKitBase
import ModalKitMotion
@testable import ModalKitUI

/// UISwitch's behaviour: a tap toggles and reports, setOn does not report, the knob slides and widens while pressed.
final class SwitchTests: XCTestCase {
    private func windowWithSwitch(isOn: Bool = false) -> (UITestEnvironment, Switch) {
        let env = UITestEnvironment()
        let control = Switch(isOn: isOn, origin: Point(x: 100, y: 100))
        env.window.addSubview(control)
        return (env, control)
    }

    private func knobFrame(_ control: Switch) -> Rect { control.subviews[0].presentedFrame }

    func testATapTogglesAndSendsTheValueChangedActionsOnce() {
        let (env, control) = windowWithSwitch()
        var changes: [Bool] = []
        control.addAction { changes.append(control.isOn) }
        env.window.handlePointer(.pointerDown(Point(x: 120, y: 115), time: 0))
        env.window.handlePointer(.pointerUp(Point(x: 120, y: 115), time: 0.05))
        XCTAssertEqual(changes, [true])
        env.window.handlePointer(.pointerDown(Point(x: 120, y: 115), time: 1))
        env.window.handlePointer(.pointerUp(Point(x: 120, y: 115), time: 1.05))
        XCTAssertEqual(changes, [true, false])
    }

    func testADragAcrossItIsNoTap() {
        let (env, control) = windowWithSwitch()
        env.window.handlePointer(.pointerDown(Point(x: 110, y: 115), time: 0))
        env.window.handlePointer(.pointerMove(Point(x: 140, y: 115), time: 0.05))
        env.window.handlePointer(.pointerUp(Point(x: 140, y: 115), time: 0.1))
        XCTAssertFalse(control.isOn)
    }

    func testSetOnSendsNoActionAndSlidesTheKnobWhenAnimated() {
        let (env, control) = windowWithSwitch()
        var sent = 0
        control.addAction { sent += 1 }
        let offX = knobFrame(control).minX
        control.setOn(true, animated: true)
        XCTAssertTrue(control.isOn)
        XCTAssertEqual(knobFrame(control).minX, offX, accuracy: 1e-9, "an animated change starts where the knob is")
        env.run(for: Switch.animationDuration / 2)
        XCTAssertGreaterThan(knobFrame(control).minX, offX)
        env.settle()
        XCTAssertEqual(knobFrame(control).maxX, 51 - 2, accuracy: 1e-9, "the knob ends 2 points from the right end")
        XCTAssertEqual(control.backgroundColor, control.onTintColor)
        control.setOn(false, animated: false)
        XCTAssertEqual(knobFrame(control).minX, offX, accuracy: 1e-9)
        XCTAssertEqual(sent, 0, "setOn never sends actions, as in UIKit")
    }

    func testTheKnobWidensWhilePressed() {
        let (env, control) = windowWithSwitch()
        env.window.handlePointer(.pointerDown(Point(x: 120, y: 115), time: 0))
        XCTAssertTrue(control.isHighlighted)
        env.settle()
        XCTAssertEqual(knobFrame(control).width, Switch.knobDiameter + Switch.pressedKnobGrowth, accuracy: 1e-9)
        env.window.cancelTracking()
        XCTAssertFalse(control.isHighlighted)
        env.settle()
        XCTAssertEqual(knobFrame(control).width, Switch.knobDiameter, accuracy: 1e-9)
    }
}
