import XCTest
import ModalKitBase
import ModalKitMotion
@testable import ModalKitUI

/// State sequences of pan and tap recognizers fed with pointer events, as the window delivers them.
final class GestureTests: XCTestCase {
    private var env: UITestEnvironment!
    private var root: ViewController!
    private var pan: PanGestureRecognizer!
    private var button: Button!
    private var panStates: [GestureRecognizer.State] = []
    private var taps = 0

    override func setUp() {
        root = ViewController()
        env = UITestEnvironment(root: root)
        pan = PanGestureRecognizer()
        pan.addTarget { [unowned self] in panStates.append($0.state) }
        root.view.addGestureRecognizer(pan)
        button = Button(title: "Close", frame: Rect(x: 100, y: 100, width: 100, height: 44))
        button.addAction { [unowned self] in taps += 1 }
        root.view.addSubview(button)
    }

    private func send(_ events: [InputEvent]) { events.forEach { env.window.handlePointer($0) } }

    /// A straight drag from `from`, moving `dy` points in `steps` moves one frame apart (60 Hz).
    private func drag(from: Point, dy: Double, steps: Int, t0: Double = 1, release: Bool = true) -> Double {
        var t = t0
        send([.pointerDown(from, time: t)])
        for i in 1 ... steps {
            t += 1.0 / 60
            send([.pointerMove(Point(x: from.x, y: from.y + dy * Double(i) / Double(steps)), time: t)])
        }
        if release { send([.pointerUp(Point(x: from.x, y: from.y + dy), time: t)]) }
        return t
    }

    func testADragBeginsPastTheSlopThenChangesAndEnds() {
        send([.pointerDown(Point(x: 50, y: 300), time: 1)])
        send([.pointerMove(Point(x: 50, y: 305), time: 1.01)])
        XCTAssertEqual(pan.state, .possible, "5 points is inside the 10-point slop")
        send([.pointerMove(Point(x: 50, y: 312), time: 1.02)])
        XCTAssertEqual(pan.state, .began)
        XCTAssertEqual(pan.translation(in: root.view), Point(x: 0, y: 12), "translation counts from the press")
        send([.pointerMove(Point(x: 60, y: 340), time: 1.03), .pointerUp(Point(x: 60, y: 340), time: 1.04)])
        XCTAssertEqual(panStates, [.began, .changed, .ended])
        XCTAssertEqual(pan.translation(in: root.view), Point(x: 10, y: 40))
    }

    func testVelocityComesFromTheTimestamps() {
        _ = drag(from: Point(x: 50, y: 200), dy: 100, steps: 10)
        // 10 points per 1/60 s = 600 points per second.
        XCTAssertEqual(pan.velocity(in: root.view).y, 600, accuracy: 6)
    }

    func testSetTranslationRebases() {
        _ = drag(from: Point(x: 50, y: 200), dy: 60, steps: 6, release: false)
        pan.setTranslation(.zero, in: root.view)
        send([.pointerMove(Point(x: 50, y: 270), time: 2)])
        XCTAssertEqual(pan.translation(in: root.view), Point(x: 0, y: 10))
    }

    func testATapOnAButton() {
        var highlights: [Bool] = []
        send([.pointerDown(Point(x: 150, y: 120), time: 1)])
        highlights.append(button.isHighlighted)
        send([.pointerMove(Point(x: 153, y: 122), time: 1.05)])
        highlights.append(button.isHighlighted)
        send([.pointerUp(Point(x: 153, y: 122), time: 1.1)])
        highlights.append(button.isHighlighted)
        XCTAssertEqual(highlights, [true, true, false])
        XCTAssertEqual(taps, 1)
        XCTAssertEqual(button.tap.state, .ended)
        XCTAssertEqual(pan.state, .failed, "a release inside the slop is no pan")
        XCTAssertEqual(panStates, [])
    }

    func testAPressOnAButtonThatBecomesADragBelongsToThePan() {
        _ = drag(from: Point(x: 150, y: 120), dy: 80, steps: 8)
        XCTAssertEqual(taps, 0)
        XCTAssertEqual(button.tap.state, .failed)
        XCTAssertFalse(button.isHighlighted)
        XCTAssertEqual(panStates.first, .began)
        XCTAssertEqual(panStates.last, .ended)
    }

    func testReleaseOutsideTheButtonIsNoTap() {
        button.frame = Rect(x: 100, y: 100, width: 10, height: 10)
        send([.pointerDown(Point(x: 105, y: 105), time: 1), .pointerUp(Point(x: 112, y: 105), time: 1.1)])
        XCTAssertEqual(taps, 0)
    }

    func testLosingThePointerCancelsADrag() {
        _ = drag(from: Point(x: 50, y: 200), dy: 60, steps: 6, release: false)
        XCTAssertTrue(env.window.cancelTracking())
        XCTAssertEqual(panStates.last, .cancelled)
        send([.pointerUp(Point(x: 50, y: 260), time: 3)])
        XCTAssertEqual(panStates.last, .cancelled, "a release after the cancel changes nothing")
    }

    func testCancellingBeforeAPanBeganFailsItQuietly() {
        send([.pointerDown(Point(x: 150, y: 120), time: 1)])
        XCTAssertFalse(env.window.cancelTracking())
        XCTAssertEqual(pan.state, .failed)
        XCTAssertEqual(button.tap.state, .failed)
        XCTAssertFalse(button.isHighlighted)
        XCTAssertEqual(panStates, [])
    }

    func testHiddenViewsAreNotHit() {
        button.isHidden = true
        send([.pointerDown(Point(x: 150, y: 120), time: 1), .pointerUp(Point(x: 150, y: 120), time: 1.1)])
        XCTAssertEqual(taps, 0)
    }
}

extension GestureTests {
    func testEveryEstimatorReadsTheSameDrag() {
        _ = drag(from: Point(x: 50, y: 200), dy: 100, steps: 10)
        let readings = pan.velocities(in: root.view)
        XCTAssertEqual(readings.map(\.estimator), VelocityEstimator.allCases)
        // A steady 600 pt/s drag: every estimator agrees.
        for reading in readings { XCTAssertEqual(reading.velocity.y, 600, accuracy: 1, reading.estimator.name) }
        pan.velocityEstimator = .lastTwo
        XCTAssertEqual(pan.velocity(in: root.view).y, 600, accuracy: 1)
    }
}
