import ModalKitBase
import XCTest

@testable import ModalKitMotion

/// The zoom transition's motion against the native figures (ANCHORS "The zoom transition"), each within 1%: the
/// pan's shrink and fall, the release rule, the springs on a 60 Hz manual clock, the look of the flight.
final class ZoomMotionTests: XCTestCase {
    private let dismissal = ZoomDismissal()
    /// The page the native figures were read on (402×874).
    private let page = Rect(x: 0, y: 0, width: 402, height: 874)
    private let frame = 1 / 60.0

    private func assertWithinOnePercent(
        _ value: Double, _ expected: Double, _ message: String = "", file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(
            value / expected, 1, accuracy: 0.01, "\(value) vs \(expected) \(message)", file: file, line: line)
    }

    func testThePanShrinksAsNativeAtThreeHeights() {
        for (fraction, native) in [(0.3, 0.812), (0.5, 0.678), (0.8, 0.545)] {
            let travel = dismissal.travel(forDrag: fraction * page.height, height: page.height)
            assertWithinOnePercent(dismissal.scale(forTravel: travel), native, "at \(fraction) of the height")
        }
    }

    func testTheShrinkIsLinearToTheKneeThenBandedTowardTheFloor() {
        XCTAssertEqual(dismissal.scale(forTravel: 0.4), 1 - 0.67 * 0.4, accuracy: 1e-12)
        XCTAssertEqual(dismissal.scale(forTravel: 0.52), 1 - 0.67 * 0.52, accuracy: 1e-12)
        XCTAssertLessThan(dismissal.scale(forTravel: 0.6), 1 - 0.67 * 0.52)
        XCTAssertGreaterThan(dismissal.scale(forTravel: 0.6), 1 - 0.67 * 0.6)
        XCTAssertGreaterThan(dismissal.scale(forTravel: 100), 0.37)
        XCTAssertLessThan(dismissal.scale(forTravel: 100), 0.38)
        XCTAssertEqual(dismissal.travel(forDrag: 10, height: 874), 0, "inside the slop nothing moves")
    }

    func testTheGrabbedPointFallsToNineTenthsOfTheFingerAtHalfHeight() {
        assertWithinOnePercent(dismissal.fall(forTravel: 0.5) / 0.5, 0.89)
        XCTAssertEqual(dismissal.fall(forTravel: 0.1) / 0.1, 1, accuracy: 0.005, "nothing to speak of at first")
    }

    func testTheShrinkPivotsOnTheGrabbedPointCarriedByTheFall() {
        let grab = Point(x: 100, y: 300), travel = 0.15
        let rect = dismissal.frame(resting: page, travel: travel, anchor: grab)
        let fx = (grab.x - page.minX) / page.width, fy = (grab.y - page.minY) / page.height
        XCTAssertEqual(rect.minX + fx * rect.width, grab.x, accuracy: 1e-9)
        XCTAssertEqual(
            rect.minY + fy * rect.height, grab.y + dismissal.fall(forTravel: travel) * page.height, accuracy: 1e-9)
        XCTAssertEqual(rect.width, page.width * dismissal.scale(forTravel: travel), accuracy: 1e-9)
        let low = dismissal.frame(resting: page, travel: 0.4, anchor: Point(x: 200, y: 860))
        XCTAssertGreaterThanOrEqual(low.maxY, page.maxY - 1e-9, "the bottom never rises above its resting line")
    }

    func testSidewaysTheCardFollowsAtFiftySixPercentBandedToNineTenthsOfTheWidth() {
        XCTAssertEqual(dismissal.crossAxisOffset(1, width: 402), 0.56, accuracy: 0.01)
        XCTAssertLessThan(dismissal.crossAxisOffset(1e6, width: 402), 0.9 * 402)
        XCTAssertGreaterThan(dismissal.crossAxisOffset(1e6, width: 402), 0.89 * 402)
        XCTAssertEqual(dismissal.crossAxisOffset(-100, width: 402), -dismissal.crossAxisOffset(100, width: 402))
        // Native: 49 pt for a 100 pt sweep, 85 for 195 (swift_transitions, crossAxisGain).
        XCTAssertEqual(dismissal.crossAxisOffset(100, width: 402), 49, accuracy: 2)
        XCTAssertEqual(dismissal.crossAxisOffset(195, width: 402), 85, accuracy: 2)
    }

    func testTheReleaseProjectsTheScale120MillisecondsAgainstEachGesturesThreshold() {
        let rule = ZoomReleaseRule()
        let pan = rule.decide(scale: 0.87, rate: -1 / 6, gesture: .pan)
        XCTAssertEqual(pan.projectedScale, 0.85, accuracy: 1e-9)
        XCTAssertTrue(pan.dismisses)
        XCTAssertFalse(rule.decide(scale: 0.91, rate: 0, gesture: .pan).dismisses)
        XCTAssertTrue(rule.decide(scale: 0.90, rate: 0, gesture: .pan).dismisses)
        XCTAssertTrue(rule.decide(scale: 0.80, rate: 0, gesture: .pan).dismisses)
        XCTAssertFalse(rule.decide(scale: 0.80, rate: 1, gesture: .pan).dismisses, "moving back up: 0.92")
        XCTAssertFalse(rule.decide(scale: 0.715, rate: 0, gesture: .edgeSwipe).dismisses)
        XCTAssertTrue(rule.decide(scale: 0.678, rate: 0, gesture: .edgeSwipe).dismisses)
        XCTAssertTrue(rule.decide(scale: 0.80, rate: -1, gesture: .edgeSwipe).dismisses, "0.80 − 0.12 = 0.68")
        XCTAssertFalse(rule.decide(scale: 0.796, rate: 0, gesture: .swipe).dismisses)
        XCTAssertTrue(rule.decide(scale: 0.779, rate: 0, gesture: .swipe).dismisses)
        XCTAssertFalse(rule.decide(scale: 0.515, rate: -5, gesture: .pinch).dismisses, "a pinch is not projected")
        XCTAssertTrue(rule.decide(scale: 0.494, rate: 5, gesture: .pinch).dismisses)
    }

    /// The first 60 Hz frame from which the stepper stays within 2% of its target, and its largest value.
    private func settle(_ spring: Spring) -> (time: Double, peak: Double) {
        var stepper = ZoomStepper(value: 0, time: 0, spring: spring)
        stepper.aim(at: 1, spring: spring)
        var settled: Double?, peak = 0.0
        for i in 1 ... 120 {
            stepper.advance(to: Double(i) * frame)
            peak = max(peak, stepper.value)
            if abs(1 - stepper.value) <= 0.02 { settled = settled ?? stepper.time } else { settled = nil }
        }
        return (settled ?? .infinity, peak)
    }

    func testTheCancelIsNinetyEightPercentBackWithin230MillisecondsPlusOrMinus20() {
        let springs = ZoomSprings()
        XCTAssertEqual(springs.cancel.stiffness, 484)
        XCTAssertEqual(springs.cancel.damping, 39.6)
        let (time, peak) = settle(springs.cancel)
        XCTAssertEqual(time, 0.23, accuracy: 0.02)
        XCTAssertLessThan(peak, 1.005, "ζ 0.9 barely overshoots")
    }

    func testTheLandingReachesNinetyEightPercentIn230To270MillisecondsAndOvershootsTwoToFourPercent() {
        let landing = ZoomSprings().landing
        var stepper = ZoomStepper(value: 0, time: 0, spring: landing)
        stepper.aim(at: 1, spring: landing)
        var reached: Double?, peak = 0.0
        for i in 1 ... 120 {
            stepper.advance(to: Double(i) * frame)
            if stepper.value >= 0.98, reached == nil { reached = stepper.time }
            peak = max(peak, stepper.value)
        }
        let time = try? XCTUnwrap(reached)
        XCTAssertGreaterThanOrEqual(time ?? 0, 0.23)
        XCTAssertLessThanOrEqual(time ?? 1, 0.27)
        XCTAssertGreaterThanOrEqual(peak - 1, 0.02)
        XCTAssertLessThanOrEqual(peak - 1, 0.04)
    }

    func testAFasterReleaseLandsSoonerExceptAPan() {
        let springs = ZoomSprings()
        XCTAssertEqual(springs.quickening(speed: 2, gesture: .pinch), 1.6, accuracy: 1e-12)
        XCTAssertEqual(springs.quickening(speed: 10, gesture: .edgeSwipe), 1.9, accuracy: 1e-12, "capped at 3")
        XCTAssertEqual(springs.quickening(speed: 2, gesture: .pan), 1)
        XCTAssertEqual(springs.quickening(speed: 0, gesture: .pinch), 1)
        let quick = springs.landing(speed: 2, gesture: .pinch)
        XCTAssertEqual((quick.stiffness / quick.mass).squareRoot(), 15 * 1.6, accuracy: 1e-9)
        XCTAssertEqual(quick.dampingRatio, springs.landing.dampingRatio, accuracy: 1e-12)
        XCTAssertEqual(settle(quick).time, settle(springs.landing).time / 1.6, accuracy: 2 * frame)
    }

    func testTheFlightAndTheCoveredPagesReturnAreCriticallyDamped() {
        let springs = ZoomSprings()
        XCTAssertEqual(springs.flight.stiffness, 361, accuracy: 1e-9)
        XCTAssertEqual(springs.flight.dampingRatio, 1, accuracy: 1e-12)
        XCTAssertEqual(springs.coveredReturn.stiffness, 225, accuracy: 1e-9)
        XCTAssertEqual(springs.coveredReturn.dampingRatio, 1, accuracy: 1e-12)
        XCTAssertLessThanOrEqual(settle(springs.flight).peak, 1 + 1e-9)
    }

    func testDimCoveredScaleCornersAndCrossFadeAreStraightLinesInTheProgress() {
        let look = ZoomLook()
        XCTAssertEqual(look.dim(progress: 1), 0.15, accuracy: 1e-12)
        XCTAssertEqual(look.dim(progress: 0.5), 0.075, accuracy: 1e-12)
        XCTAssertEqual(look.coveredPageScale(progress: 1), 0.914, accuracy: 1e-12)
        XCTAssertEqual(look.coveredPageScale(progress: 0.5), 0.957, accuracy: 1e-12)
        XCTAssertEqual(look.cornerRadius(progress: 0.25, source: 13, display: 55), 23.5, accuracy: 1e-12)
        XCTAssertEqual(look.cornerRadius(progress: 1.03, source: 13, display: 55), 55)
        XCTAssertEqual(look.sourceOpacity(progress: 0), 1)
        XCTAssertEqual(look.sourceOpacity(progress: 0.275), 0.5, accuracy: 1e-12)
        XCTAssertEqual(look.sourceOpacity(progress: 0.55), 0)
        let cell = Rect(x: 20, y: 100, width: 100, height: 100)
        XCTAssertEqual(ZoomLook.frame(progress: 0, source: cell, page: page), cell)
        XCTAssertEqual(ZoomLook.frame(progress: 1, source: cell, page: page), page)
        let mid = ZoomLook.frame(progress: 0.4, source: cell, page: page)
        XCTAssertEqual(ZoomLook.progress(of: mid, source: cell, page: page), 0.4, accuracy: 1e-12)
    }

    func testAStepperAimedAgainKeepsItsPlaceAndSpeed() {
        let springs = ZoomSprings()
        var stepper = ZoomStepper(value: 0, time: 0, spring: springs.flight)
        stepper.aim(at: 1, spring: springs.flight)
        stepper.advance(to: 0.05)
        let (value, velocity) = (stepper.value, stepper.velocity)
        stepper.aim(at: 0, spring: springs.landing)
        XCTAssertEqual(stepper.value, value)
        stepper.advance(to: 0.05)
        XCTAssertEqual(stepper.value, value, accuracy: 1e-12, "no jump when aimed again")
        XCTAssertEqual(stepper.velocity, velocity, accuracy: 1e-9)
        stepper.advance(to: 0.04)
        XCTAssertEqual(stepper.time, 0.05, "time never runs backwards")
        stepper.advance(to: 2)
        XCTAssertTrue(stepper.hasConverged())
    }
}
