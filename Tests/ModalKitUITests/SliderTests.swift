import XCTest
import ModalKitBase
import ModalKitMotion
@testable import ModalKitUI

/// A slider driven by pointer events as the window delivers them: taps, drags, states and odd values.
final class SliderTests: XCTestCase {
    private var env: UITestEnvironment!
    private var root: ViewController!
    private var slider: Slider!
    private var changes: [Double] = []
    private var events: [String] = []
    /// The slider spans window x 20...320; its track (thumb centre) runs from x 34 to 306: 272 points.
    private let trackStart = 34.0, trackWidth = 272.0, midY = 115.0

    override func setUp() {
        root = ViewController()
        env = UITestEnvironment(root: root)
        slider = Slider(frame: Rect(x: 20, y: 100, width: 300, height: 30))
        slider.minimumValue = 0
        slider.maximumValue = 100
        slider.addAction(for: .valueChanged) { [unowned self] in changes.append(slider.value) }
        slider.addAction(for: .touchDown) { [unowned self] in events.append("down") }
        slider.addAction(for: .touchUpInside) { [unowned self] in events.append("up-inside") }
        slider.addAction(for: .touchUpOutside) { [unowned self] in events.append("up-outside") }
        slider.addAction(for: .touchCancel) { [unowned self] in events.append("cancel") }
        root.view.addSubview(slider)
    }

    private func send(_ events: [InputEvent]) { events.forEach { env.window.handlePointer($0) } }
    private func x(for value: Double) -> Double { trackStart + value / 100 * trackWidth }

    func testATapOnTheTrackJumpsThere() {
        send([.pointerDown(Point(x: x(for: 75), y: midY), time: 1)])
        XCTAssertTrue(slider.isHighlighted)
        XCTAssertEqual(slider.value, 75, accuracy: 1e-9)
        send([.pointerUp(Point(x: x(for: 75), y: midY), time: 1.1)])
        XCTAssertFalse(slider.isHighlighted)
        XCTAssertEqual(changes.count, 1)
        XCTAssertEqual(changes.first ?? -1, 75, accuracy: 1e-9)
        XCTAssertEqual(events, ["down", "up-inside"])
    }

    func testDraggingTheThumbKeepsWhereItWasGrabbed() {
        slider.value = 50
        // Grab 6 points right of the thumb's centre: nothing jumps.
        send([.pointerDown(Point(x: x(for: 50) + 6, y: midY), time: 1)])
        XCTAssertEqual(slider.value, 50)
        XCTAssertEqual(changes, [])
        send([.pointerMove(Point(x: x(for: 75) + 6, y: midY + 3), time: 1.02)])
        XCTAssertEqual(slider.value, 75, accuracy: 1e-9)
        send([.pointerMove(Point(x: x(for: 60) + 6, y: midY + 40), time: 1.04)])
        XCTAssertEqual(slider.value, 60, accuracy: 1e-9, "vertical movement does not matter")
        send([.pointerUp(Point(x: x(for: 60) + 6, y: midY + 40), time: 1.06)])
        XCTAssertEqual(changes.count, 2, "one valueChanged per change while continuous")
    }

    func testADragPastTheEndsClampsToTheRange() {
        send([
            .pointerDown(Point(x: x(for: 50), y: midY), time: 1),
            .pointerMove(Point(x: 900, y: midY), time: 1.02)
        ])
        XCTAssertEqual(slider.value, 100)
        send([.pointerMove(Point(x: -900, y: midY), time: 1.04), .pointerUp(Point(x: -900, y: midY), time: 1.05)])
        XCTAssertEqual(slider.value, 0)
        XCTAssertEqual(events, ["down", "up-outside"], "far beyond the control is outside")
    }

    func testHighlightFollowsThePressInsideTheSlop() {
        var states: [Bool] = []
        send([.pointerDown(Point(x: x(for: 0), y: midY), time: 1)])
        states.append(slider.isHighlighted)
        send([.pointerMove(Point(x: x(for: 10), y: midY + 60), time: 1.02)])
        states.append(slider.isHighlighted)
        send([.pointerMove(Point(x: x(for: 10), y: midY + 200), time: 1.04)])
        states.append(slider.isHighlighted)
        send([.pointerMove(Point(x: x(for: 20), y: midY), time: 1.06)])
        states.append(slider.isHighlighted)
        send([.pointerUp(Point(x: x(for: 20), y: midY), time: 1.08)])
        states.append(slider.isHighlighted)
        XCTAssertEqual(states, [true, true, false, true, false])
        XCTAssertFalse(slider.isTracking)
    }

    func testANonContinuousSliderReportsOnceAtTheEnd() {
        slider.isContinuous = false
        send([.pointerDown(Point(x: x(for: 0), y: midY), time: 1)])
        for step in 1 ... 5 {
            send([.pointerMove(Point(x: x(for: Double(step) * 10), y: midY), time: 1 + Double(step) / 60)])
        }
        XCTAssertEqual(changes, [])
        send([.pointerUp(Point(x: x(for: 50), y: midY), time: 1.2)])
        XCTAssertEqual(changes.count, 1)
        XCTAssertEqual(changes.first ?? -1, 50, accuracy: 1e-9)
    }

    func testADragOnASliderIsNotTheCardsPan() {
        let pan = PanGestureRecognizer()
        root.view.addGestureRecognizer(pan)
        send([.pointerDown(Point(x: x(for: 0), y: midY), time: 1)])
        for step in 1 ... 6 {
            send([
                .pointerMove(
                    Point(x: x(for: Double(step) * 10), y: midY + Double(step) * 5), time: 1 + Double(step) / 60)
            ])
        }
        XCTAssertEqual(pan.state, .failed, "the slider claimed the press on its first move")
        XCTAssertEqual(slider.value, 60, accuracy: 1e-9)
        send([.pointerUp(Point(x: x(for: 60), y: midY + 30), time: 1.2)])
    }

    func testCancellingAPressEndsTheHighlight() {
        send([
            .pointerDown(Point(x: x(for: 0), y: midY), time: 1), .pointerMove(Point(x: x(for: 30), y: midY), time: 1.02)
        ])
        XCTAssertTrue(env.window.cancelTracking())
        XCTAssertFalse(slider.isHighlighted)
        XCTAssertFalse(slider.isTracking)
        XCTAssertEqual(events, ["down", "cancel"])
        XCTAssertEqual(slider.value, 30, accuracy: 1e-9, "the value stays where the drag left it")
    }

    func testADisabledSliderIgnoresPresses() {
        slider.isEnabled = false
        send([
            .pointerDown(Point(x: x(for: 80), y: midY), time: 1), .pointerUp(Point(x: x(for: 80), y: midY), time: 1.1)
        ])
        XCTAssertEqual(slider.value, 0)
        XCTAssertEqual(events, [])
        XCTAssertFalse(slider.isHighlighted)
    }

    func testDisablingMidDragCancelsIt() {
        send([
            .pointerDown(Point(x: x(for: 0), y: midY), time: 1), .pointerMove(Point(x: x(for: 30), y: midY), time: 1.02)
        ])
        slider.isEnabled = false
        XCTAssertFalse(slider.isHighlighted)
        send([
            .pointerMove(Point(x: x(for: 80), y: midY), time: 1.04),
            .pointerUp(Point(x: x(for: 80), y: midY), time: 1.06)
        ])
        XCTAssertEqual(slider.value, 30, accuracy: 1e-9, "moves after the cancel change nothing")
        XCTAssertEqual(events, ["down", "cancel"])
    }

    func testValuesAreClampedAndNaNIgnored() {
        slider.value = 150
        XCTAssertEqual(slider.value, 100)
        slider.value = -.infinity
        XCTAssertEqual(slider.value, 0)
        slider.value = 40
        slider.value = .nan
        XCTAssertEqual(slider.value, 40)
        slider.maximumValue = .nan
        slider.minimumValue = -.infinity
        XCTAssertEqual(slider.maximumValue, 100)
        XCTAssertEqual(slider.minimumValue, 0)
        slider.minimumValue = 200
        XCTAssertEqual(slider.maximumValue, 200, "raising the minimum past the maximum raises it too")
        XCTAssertEqual(slider.value, 200)
        slider.maximumValue = -5
        XCTAssertEqual(slider.minimumValue, -5)
        XCTAssertEqual(slider.value, -5)
        XCTAssertEqual(changes, [], "values set from code send no event")
    }

    func testAHugeRangeStillPlacesTheThumb() {
        slider.minimumValue = -1e308
        slider.maximumValue = 1e308
        slider.value = 0
        XCTAssertEqual(slider.thumbRect.midX, trackStart - 20 + trackWidth / 2, accuracy: 1e-6, "0 is the middle")
        send([
            .pointerDown(Point(x: x(for: 100), y: midY), time: 1), .pointerUp(Point(x: x(for: 100), y: midY), time: 1.1)
        ])
        XCTAssertEqual(slider.value, 1e308)
        XCTAssertTrue(slider.thumbRect.midX.isFinite)
    }

    func testAnEmptyRangeHoldsItsOneValue() {
        slider.maximumValue = 0
        send([
            .pointerDown(Point(x: x(for: 70), y: midY), time: 1), .pointerUp(Point(x: x(for: 70), y: midY), time: 1.1)
        ])
        XCTAssertEqual(slider.value, 0)
        XCTAssertEqual(changes, [])
    }
}
