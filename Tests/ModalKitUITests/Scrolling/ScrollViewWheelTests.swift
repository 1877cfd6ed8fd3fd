import XCTest
import ModalKitBase
import ModalKitMotion
@testable import ModalKitUI

/// Wheel clicks, touchpad deltas, the quiet time that ends a wheel gesture, and routing to the view under the pointer.
final class ScrollViewWheelTests: XCTestCase {
    func testAWheelClickGlidesItsDistanceAndClicksAccumulate() {
        let f = ScrollFixture(contentHeight: 2200)
        f.wheel(48, precise: false)
        f.env.run(for: ScrollView.wheelClickDuration / 2)
        XCTAssertGreaterThan(f.offsetY, 24, "ease-out: past half way at half time")
        XCTAssertLessThan(f.offsetY, 48)
        f.wheel(48, precise: false)
        f.env.run(for: ScrollView.wheelClickDuration)
        XCTAssertEqual(f.offsetY, 96, accuracy: 1e-9, "the second click adds to the first click's target")
    }

    func testWheelClicksStopAtTheEdges() {
        let f = ScrollFixture(contentHeight: 2200)
        f.wheel(-48, precise: false)
        f.env.run(for: 0.5)
        XCTAssertEqual(f.offsetY, 0)
        for _ in 0 ..< 40 { f.wheel(48, precise: false); f.env.run(for: 0.05) }
        f.env.run(for: 0.5)
        XCTAssertEqual(f.offsetY, 2200 - 667, accuracy: 1e-9)
    }

    func testPreciseDeltasMoveOneToOneAndStretchedContentSpringsBackAfterTheQuietTime() {
        let f = ScrollFixture(contentHeight: 2200)
        for _ in 0 ..< 10 { f.wheel(3.5, precise: true); f.env.run(for: 0.01) }
        XCTAssertEqual(f.offsetY, 35, accuracy: 1e-9)
        for _ in 0 ..< 20 { f.wheel(-5, precise: true); f.env.run(for: 0.01) }
        let band = RubberBand(coefficient: 0.55, dimension: 667)
        XCTAssertEqual(f.offsetY, -band.offset(for: 65), accuracy: 1e-9, "past the top through the rubber band")
        let stretched = f.offsetY
        f.env.run(for: ScrollGestureTracker.quietTime - 0.02)
        XCTAssertEqual(f.offsetY, stretched, "held until the gesture has been quiet for the quiet time")
        f.env.run(for: 0.05)
        XCTAssertTrue(f.scrollView.isDecelerating, "then springs back")
        f.env.settle()
        XCTAssertEqual(f.offsetY, 0)
        XCTAssertFalse(f.env.driver.isAnimating, "nothing keeps the display awake afterwards")
    }

    func testAScrollViewThatGoesAwayStopsTicking() {
        let f = ScrollFixture(contentHeight: 2200)
        var gone: ScrollView? = ScrollView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        gone?.contentSize = Size(width: 100, height: 1000)
        gone.map(f.env.window.addSubview)
        gone?.scroll(by: Point(x: 0, y: 48), precise: false, time: 0)
        XCTAssertTrue(f.env.driver.isAnimating)
        gone?.removeFromSuperview()
        gone = nil
        f.env.run(for: UITestEnvironment.frameInterval)
        XCTAssertFalse(f.env.driver.isAnimating)
    }

    func testAWheelStopsADeceleration() {
        let f = ScrollFixture()
        f.scrollView.contentOffset = Point(x: 0, y: 1000)
        f.drag(from: Point(x: 187, y: 600), velocity: Point(x: 0, y: -2000), frames: 8)
        f.env.run(for: 0.1)
        f.wheel(2, precise: true)
        let shown = f.offsetY
        f.env.run(for: 1)
        XCTAssertEqual(f.offsetY, shown)
    }

    func testScrollEventsGoToTheNearestScrollViewUnderThePointer() {
        let f = ScrollFixture(contentHeight: 2200, frame: Rect(x: 0, y: 0, width: 375, height: 300))
        let inner = ScrollView(frame: Rect(x: 20, y: 20, width: 200, height: 100))
        inner.contentSize = Size(width: 200, height: 1000)
        let row = View(frame: Rect(x: 0, y: 0, width: 200, height: 50))
        inner.addSubview(row)
        f.scrollView.addSubview(inner)
        f.wheel(10, precise: true, at: Point(x: 50, y: 50))
        XCTAssertEqual(inner.contentOffset.y, 10, "over a row of the inner list: the inner list scrolls")
        XCTAssertEqual(f.offsetY, 0)
        f.wheel(10, precise: true, at: Point(x: 300, y: 50))
        XCTAssertEqual(inner.contentOffset.y, 20, "a touchpad gesture keeps the scroll view it began on")
        XCTAssertEqual(f.offsetY, 0)
        f.env.run(for: ScrollGestureTracker.quietTime)
        f.wheel(10, precise: true, at: Point(x: 300, y: 50))
        XCTAssertEqual(f.offsetY, 10, "the next gesture goes to the scroll view under the pointer")
        XCTAssertEqual(inner.contentOffset.y, 20)
        f.env.run(for: ScrollGestureTracker.quietTime)
        let handled = f.env.window.handlePointer(
            .scroll(
                delta: Point(x: 0, y: 10), at: Point(x: 300, y: 500),
                time: f.env.clock.now, precise: true))
        XCTAssertFalse(handled, "outside every scroll view nothing scrolls")
        XCTAssertEqual(f.offsetY, 10)
    }

    func testBadDeltasAreIgnored() {
        let f = ScrollFixture(contentHeight: 2200)
        f.wheel(.nan, precise: true)
        f.wheel(.infinity, precise: false)
        f.env.run(for: 0.5)
        XCTAssertEqual(f.offsetY, 0)
    }
}

/// The headless end-of-gesture detection that stands in for the scroll phases X11 does not report.
final class ScrollGestureTrackerTests: XCTestCase {
    func testAGestureEndsAfterTheQuietTimeWithItsVelocity() {
        var tracker = ScrollGestureTracker()
        XCTAssertTrue(tracker.scroll(delta: Point(x: 0, y: 4), time: 10.00, now: 1.00))
        XCTAssertFalse(tracker.scroll(delta: Point(x: 0, y: 4), time: 10.01, now: 1.01))
        XCTAssertFalse(tracker.scroll(delta: Point(x: 0, y: 4), time: 10.02, now: 1.02))
        XCTAssertEqual(tracker.translation, Point(x: 0, y: 12))
        XCTAssertNil(tracker.update(now: 1.02 + ScrollGestureTracker.quietTime - 0.001))
        let velocity = tracker.update(now: 1.02 + ScrollGestureTracker.quietTime)
        XCTAssertEqual(velocity?.y ?? 0, 400, accuracy: 1e-6, "8 points after the first event, over 20 ms")
        XCTAssertFalse(tracker.isScrolling)
        XCTAssertTrue(tracker.scroll(delta: Point(x: 0, y: 1), time: 11, now: 2), "the next event begins anew")
    }

    func testOneEventHasNoVelocity() {
        var tracker = ScrollGestureTracker()
        tracker.scroll(delta: Point(x: 0, y: 48), time: 3, now: 0)
        XCTAssertEqual(tracker.update(now: 1), .zero)
        XCTAssertNil(tracker.update(now: 2), "ends once")
    }

    func testTheVelocityCountsOnlyTheLastWindow() {
        var tracker = ScrollGestureTracker()
        for i in 0 ... 44 { tracker.scroll(delta: Point(x: 0, y: i < 20 ? 10 : 2), time: Double(i) * 0.01, now: 0) }
        XCTAssertEqual(tracker.velocity.y, 200, accuracy: 1e-6, "2 points per 10 ms over the last 150 ms")
    }

    func testAGapOfFortyMillisecondsIsAStopTheVelocityCountsOnlyWhatFollows() {
        var tracker = ScrollGestureTracker()
        for i in 0 ... 10 { tracker.scroll(delta: Point(x: 0, y: 6), time: Double(i) * 0.01, now: 0) }
        XCTAssertEqual(tracker.velocity.y, 600, accuracy: 1e-6)
        tracker.scroll(delta: Point(x: 0, y: 1), time: 0.1 + ScrollGestureTracker.stopGap, now: 0)
        XCTAssertEqual(tracker.velocity.y, 0, "one event after the stop: no speed from before it")
        tracker.scroll(delta: Point(x: 0, y: 1), time: 0.15, now: 0)
        XCTAssertEqual(tracker.velocity.y, 100, accuracy: 1e-6, "1 point per 10 ms since the stop")
        XCTAssertTrue(tracker.isScrolling, "a pause does not end the gesture")
    }
}
