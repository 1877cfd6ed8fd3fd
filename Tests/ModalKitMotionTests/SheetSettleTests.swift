import XCTest
@testable import ModalKitMotion

/// The sheet's settle in closed form: from rest a spring's pull, after a release the release speed for the first
/// frame, continuous in between, settled when it says.
final class SheetSettleTests: XCTestCase {
    private let response = 0.3, frame = 1 / 60.0

    func testItStartsWhereAndAsFastAsItWasLeft() {
        for (distance, velocity) in [(303.5, 0.0), (-303.5, -150), (230, 500), (63, 3000), (-600, -300), (100, -800)] {
            let settle = SheetSettle(distance: distance, velocity: velocity, response: response)
            XCTAssertEqual(settle.offset(at: 0), 0, accuracy: 1e-9)
            XCTAssertEqual(settle.velocity(at: 0), velocity, accuracy: 1e-6)
        }
    }

    func testFromRestItLeavesLikeASpringAndNeverOvershoots() {
        let settle = SheetSettle(distance: -303.5, velocity: 0, response: response)
        XCTAssertGreaterThanOrEqual(settle.offset(at: 4 * frame) / -303.5, 0.35)
        for i in 0 ... 120 { XCTAssertGreaterThanOrEqual(settle.offset(at: Double(i) * frame), -303.5 - 1e-9) }
    }

    func testAfterAReleaseTheFirstFrameRunsWithinEightyFiveToOneHundredTwentyPercentOfTheSpeed() {
        for speed in [300.0, 700, 1500, 5000] {
            for distance in [30.0, 230, 600] {
                for sign in [1.0, -1] {
                    let settle = SheetSettle(distance: sign * distance, velocity: sign * speed, response: response)
                    let ratio = settle.offset(at: frame) / frame / (sign * speed)
                    XCTAssertTrue(
                        (0.85 - 1e-9 ... 1.2 + 1e-9).contains(ratio), "\(sign * speed) pt/s, \(distance): \(ratio)")
                }
            }
        }
    }

    func testASlowReleaseKeepsTheResponsesFrequencyAndSettlesInHalfASecond() {
        // 500 pt/s from medium to large (303.5 pt): the response's own frequency runs the first frame at 1.15×.
        let settle = SheetSettle(distance: -303.5, velocity: -500, response: response)
        XCTAssertEqual(settle.settle.omega, 2 * .pi / response, accuracy: 1e-9)
        let within = (0 ... 60).first { i in
            (i ... 90).allSatisfy { abs(settle.displacement(at: Double($0) * frame)) <= 0.5 }
        }
        XCTAssertLessThanOrEqual(Double(within ?? 99) * frame, 0.5 + 1e-9)
    }

    func testSpeedBelowTheCarriedSpeedMixesInTheSpringContinuously() {
        let below = SheetSettle(distance: 200, velocity: 299.999, response: response)
        let at = SheetSettle(distance: 200, velocity: 300, response: response)
        XCTAssertEqual(below.offset(at: 0.1), at.offset(at: 0.1), accuracy: 0.01)
        XCTAssertEqual(SheetSettle(distance: 200, velocity: 150, response: response).carried, 0.5)
    }

    func testItIsSettledAfterItsSettlingDuration() {
        for (distance, velocity) in [(303.5, 0.0), (63, 3000), (230, 500), (-600, -300), (30, 5000)] {
            let settle = SheetSettle(distance: distance, velocity: velocity, response: response)
            let end = settle.settlingDuration
            XCTAssertGreaterThan(end, 0)
            for i in 0 ... 200 {
                let t = end + Double(i) * frame
                XCTAssertLessThanOrEqual(
                    abs(settle.displacement(at: t)), SmoothSettle.tolerance + 1e-9, "\(distance), \(velocity)")
            }
        }
    }
}
