import XCTest
import ModalKitBase
import ModalKitMotion
@testable import ModalKitUI

/// Dragging, releasing, decelerating, the rubber band and the spring back, against their closed forms.
final class ScrollViewMotionTests: XCTestCase {
    private let start = Point(x: 187, y: 600)

    func testReleaseDeceleratesAlongTheClosedFormForSeveralVelocitiesAndBothRates() {
        for rate in [ScrollView.DecelerationRate.normal, .fast] {
            for speed in [300.0, 1500, 4000] {
                let f = ScrollFixture()
                f.scrollView.decelerationRate = rate
                f.scrollView.contentOffset = Point(x: 0, y: 5000)
                f.drag(from: start, velocity: Point(x: 0, y: -speed), frames: 8)
                let released = f.offsetY, releasedAt = f.env.clock.now
                let closed = Deceleration(rate: rate.rawValue, initialVelocity: speed)
                let context = "rate \(rate.rawValue), \(speed) pt/s"
                XCTAssertEqual(
                    f.willEndVelocity?.y ?? 0, speed / 1000, accuracy: speed / 1000 * 0.01,
                    "UIKit reports points per millisecond: \(context)")
                XCTAssertEqual(f.naturalTarget?.y ?? 0, released + closed.totalDistance, accuracy: 1e-6, context)
                XCTAssertEqual(f.didEndDraggingDecelerate, true, context)
                f.env.run(for: 0.25)
                XCTAssertEqual(
                    f.offsetY, released + closed.distance(at: f.env.clock.now - releasedAt),
                    accuracy: speed * 0.01 * 0.1, "mid-way on the closed form: \(context)")
                f.env.settle(limit: 20)
                XCTAssertEqual(f.offsetY, released + closed.totalDistance, accuracy: 0.5, "comes to rest: \(context)")
                let k = abs(1000 * log(rate.rawValue))
                let expected = closed.duration(untilSpeedBelow: ScrollAxisMotion.restDistance * k)
                XCTAssertEqual(
                    (f.didEndDeceleratingAt ?? 0) - releasedAt, expected,
                    accuracy: UITestEnvironment.frameInterval + 1e-9, "duration: \(context)")
                XCTAssertFalse(f.scrollView.isDecelerating)
                XCTAssertFalse(f.env.driver.isAnimating, "at rest the display can sleep: \(context)")
            }
        }
    }

    func testTheDelegateMayMoveTheTargetAndTheContentStopsThere() {
        let f = ScrollFixture()
        f.scrollView.contentOffset = Point(x: 0, y: 1000)
        f.replaceTarget = Point(x: 0, y: 1440)
        f.drag(from: start, velocity: Point(x: 0, y: -2000), frames: 8)
        f.env.settle(limit: 20)
        XCTAssertEqual(f.offsetY, 1440, accuracy: 0.5)
    }

    func testDecelerationIntoAnEdgeHandsOverToTheSpringWithoutAJump() {
        let f = ScrollFixture(contentHeight: 2200)
        let bottom = 2200 - 667.0
        f.scrollView.contentOffset = Point(x: 0, y: bottom - 400)
        f.drag(from: start, velocity: Point(x: 0, y: -3000), frames: 6)
        let released = f.offsetY
        let shown = [released] + f.offsets(for: 3)
        XCTAssertGreaterThan(shown.max() ?? 0, bottom + 5, "the content bounces past the edge")
        XCTAssertEqual(shown.last ?? 0, bottom, accuracy: 1e-9, "and rests on it")
        // No jump: no frame moves further than the release speed allows (the motion only slows down).
        let steps = zip(shown, shown.dropFirst()).map { abs($1 - $0) }
        XCTAssertLessThanOrEqual(steps.max() ?? 0, 3000 * UITestEnvironment.frameInterval * 1.01)
        XCTAssertEqual(f.didEndDeceleratingAt != nil, true)
    }

    func testTheEdgeHandOverIsContinuousInPositionAndVelocity() {
        let motion = ScrollAxisMotion(position: 900, velocity: 2500, range: 0 ... 1000, rate: 0.998, bounces: true)
        let te = Deceleration(rate: 0.998, initialVelocity: 2500).time(toTravel: 100)
        XCTAssertEqual(motion.position(at: te - 1e-7), 1000, accuracy: 1e-3)
        XCTAssertEqual(motion.position(at: te + 1e-7), 1000, accuracy: 1e-3)
        XCTAssertEqual(motion.velocity(at: te - 1e-7), motion.velocity(at: te + 1e-7), accuracy: 0.01)
        XCTAssertGreaterThan(motion.velocity(at: te), 1000)
        XCTAssertEqual(motion.position(at: motion.duration), 1000)
    }

    func testWithoutBouncesTheContentStopsAtTheEdge() {
        let f = ScrollFixture(contentHeight: 2200)
        f.scrollView.bounces = false
        f.scrollView.contentOffset = Point(x: 0, y: 1200)
        f.drag(from: start, velocity: Point(x: 0, y: -3000), frames: 6)
        let shown = f.offsets(for: 3)
        XCTAssertLessThanOrEqual(shown.max() ?? 0, 1533 + 1e-9)
        XCTAssertEqual(shown.last ?? 0, 1533, accuracy: 1e-9)
    }

    func testPullingPastTheTopFollowsTheRubberBandAndSpringsBack() {
        let f = ScrollFixture(contentHeight: 2200)
        f.drag(from: Point(x: 187, y: 100), velocity: Point(x: 0, y: 1200), frames: 10, release: false)
        let pulled = 1200 * 10 * UITestEnvironment.frameInterval
        XCTAssertEqual(f.offsetY, -RubberBand(coefficient: 0.55, dimension: 667).offset(for: pulled), accuracy: 1e-9)
        // Hold still past the tracker's rest gap, then let go: nothing carries, the spring brings it back.
        f.env.run(for: 0.1)
        f.pointer(.pointerUp(Point(x: 187, y: 100 + pulled), time: f.env.clock.now))
        XCTAssertTrue(f.scrollView.isDecelerating)
        let shown = f.offsets(for: 2)
        XCTAssertEqual(shown.last ?? 1, 0, accuracy: 1e-9)
        XCTAssertLessThanOrEqual(shown.max() ?? 1, 0, "critically damped: it never overshoots the top")
        for (a, b) in zip(shown, shown.dropFirst()) { XCTAssertGreaterThanOrEqual(b, a, "monotonic") }
    }

    func testGrabbingStretchedContentKeepsItUnderThePointer() {
        let f = ScrollFixture(contentHeight: 2200)
        f.drag(from: Point(x: 187, y: 100), velocity: Point(x: 0, y: 1200), frames: 10)
        f.env.run(for: 0.05)
        let shown = f.offsetY
        XCTAssertLessThan(shown, 0)
        f.pointer(.pointerDown(Point(x: 187, y: 300), time: f.env.clock.now))
        f.env.run(for: 0.2)
        XCTAssertEqual(f.offsetY, shown, "a press stops the spring where it is shown")
        f.drag(from: Point(x: 187, y: 300), velocity: Point(x: 0, y: 60), frames: 12, release: false)
        XCTAssertLessThan(f.offsetY, shown, "pulling further stretches further, from where it was, no jump")
    }

    func testAPressStopsADeceleratingScrollViewWhereItIsShown() {
        let f = ScrollFixture()
        f.scrollView.contentOffset = Point(x: 0, y: 1000)
        f.drag(from: start, velocity: Point(x: 0, y: -2500), frames: 8)
        f.env.run(for: 0.2)
        XCTAssertTrue(f.scrollView.isDecelerating)
        let shown = f.offsetY
        f.pointer(.pointerDown(Point(x: 100, y: 300), time: f.env.clock.now))
        XCTAssertFalse(f.scrollView.isDecelerating)
        f.env.run(for: 0.5)
        XCTAssertEqual(f.offsetY, shown)
        f.pointer(.pointerUp(Point(x: 100, y: 300), time: f.env.clock.now))
        f.env.run(for: 0.5)
        XCTAssertEqual(f.offsetY, shown, "a tap that stopped it leaves it there")
    }

    func testSetContentOffsetAnimatedEasesThereInAThirdOfASecond() {
        let f = ScrollFixture(contentHeight: 2200)
        f.scrollView.setContentOffset(Point(x: 0, y: 400), animated: true)
        f.env.run(for: 0.15)
        XCTAssertEqual(f.offsetY, 200, accuracy: 1e-6, "ease-in-out is half way at half time")
        f.env.run(for: 0.15)
        XCTAssertEqual(f.offsetY, 400)
        XCTAssertFalse(f.scrollView.isDecelerating)
        f.scrollView.contentOffset = Point(x: 0, y: 100)
        XCTAssertEqual(f.offsetY, 100, "unanimated: at once")
        XCTAssertGreaterThan(f.scrollCount, 10, "the delegate heard every frame")
    }

    func testScrollingDisabledIgnoresDragsAndWheels() {
        let f = ScrollFixture()
        f.scrollView.isScrollEnabled = false
        f.drag(from: start, velocity: Point(x: 0, y: -2000), frames: 8)
        f.wheel(48, precise: false)
        f.env.run(for: 1)
        XCTAssertEqual(f.scrollView.contentOffset, .zero)
    }

    func testContentThatFitsDoesNotMoveUnlessItAlwaysBounces() {
        let f = ScrollFixture(contentHeight: 300)
        f.drag(from: start, velocity: Point(x: 0, y: -1000), frames: 8)
        f.env.run(for: 1)
        XCTAssertEqual(f.scrollView.contentOffset, .zero)
        f.scrollView.alwaysBounceVertical = true
        f.drag(from: start, velocity: Point(x: 0, y: -1000), frames: 8, release: false)
        XCTAssertGreaterThan(f.offsetY, 0, "stretches past the bottom edge")
    }
}
