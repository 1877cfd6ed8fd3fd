import XCTest
@testable import ModalKitMotion

/// The third-order settle: leaves at the release speed with no acceleration, never overshoots, settles in time.
final class SmoothSettleTests: XCTestCase {
    private let response = 0.3

    func testItStartsWhereAndHowTheReleaseLeftIt() {
        for (distance, velocity) in [(-153.0, -446.0), (-303.5, -1500), (300, 3000), (-303.5, 500), (100, 3000)] {
            let settle = SmoothSettle(distance: distance, velocity: velocity, response: response)
            XCTAssertEqual(settle.offset(at: 0, distance: distance), 0, accuracy: 1e-9)
            XCTAssertEqual(settle.velocity(at: 0), velocity, accuracy: 1e-9)
            // Zero acceleration: the velocity's slope at 0 (a forward difference small enough that the jerk adds
            // under 0.1 pt/s²).
            let h = 1e-8
            XCTAssertEqual((settle.velocity(at: h) - velocity) / h, 0, accuracy: 0.1)
        }
    }

    private func firstFrameSpeed(_ distance: Double, _ velocity: Double) -> Double {
        SmoothSettle(distance: distance, velocity: velocity, response: response).offset(
            at: 1 / 60.0, distance: distance) * 60
    }

    func testTheFirstFrameKeepsTheReleaseSpeed() {
        for (distance, velocity) in [(-213.5, -900.0), (-303.5, -1500), (-303.5, -2500), (300, 3000)] {
            XCTAssertEqual(
                firstFrameSpeed(distance, velocity), velocity, accuracy: 0.05 * abs(velocity),
                "\(velocity) over \(distance)")
        }
    }

    func testSlowReleasesRampUpInsteadOfLurching() {
        // A release measured under Xvfb: 446 pt/s toward a detent 153 points away. The 0.3 s spring's first frame
        // would run at about 1500 pt/s; this one stays within 7% and then speeds up smoothly.
        XCTAssertEqual(firstFrameSpeed(-153, -446), -446, accuracy: 0.07 * 446)
        let spring = Spring(dampingRatio: 1, response: response)
        XCTAssertLessThan(spring.value(at: 1 / 60.0, initialVelocity: 446.0 / 153) * 153 * 60, -446 * -2.5)
        // Even 300 pt/s from 303.5 points away: the first frame within 30%, where the spring more than quadruples.
        XCTAssertLessThan(abs(firstFrameSpeed(-303.5, -300)), 300 * 1.3)
    }

    func testItNeverCrossesTheTargetAndSettlesInTime() {
        for (distance, velocity) in [(-303.5, -5000.0), (100, 3000), (-150, -2500), (303.5, 0), (-303.5, 800)] {
            let settle = SmoothSettle(distance: distance, velocity: velocity, response: response)
            let side = distance > 0 ? -1.0 : 1.0
            for t in stride(from: 0.0, through: 3, by: 0.001) {
                XCTAssertGreaterThanOrEqual(
                    settle.displacement(at: t) * side, -1e-9, "\(velocity) over \(distance) at \(t)")
            }
            let end = settle.settlingDuration
            XCTAssertLessThan(end, 1.2)
            for t in stride(from: end, through: end + 2, by: 0.01) {
                XCTAssertLessThanOrEqual(abs(settle.displacement(at: t)), SmoothSettle.tolerance + 1e-9)
                XCTAssertLessThanOrEqual(abs(settle.velocity(at: t)), SmoothSettle.restingSpeed + 1e-9)
            }
        }
    }

    func testFastReleasesRaiseTheFrequencySlowOnesKeepTheResponse() {
        XCTAssertEqual(
            SmoothSettle(distance: 300, velocity: 300, response: response).omega, 2 * .pi / response,
            accuracy: 1e-9)
        XCTAssertEqual(SmoothSettle(distance: 300, velocity: 6000, response: response).omega, 40, accuracy: 1e-9)
        XCTAssertEqual(
            SmoothSettle(distance: 300, velocity: -6000, response: response).omega, 2 * .pi / response,
            accuracy: 1e-9, "moving away: the base frequency turns it round")
    }
}
