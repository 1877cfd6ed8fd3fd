import XCTest
@testable import ModalKitMotion

final class DecelerationTests: XCTestCase {
    /// The per-millisecond model the closed form stands for, stepped finely: v shrinks by r each millisecond.
    private func stepped(_ v0: Double, rate: Double, seconds: Double) -> (distance: Double, velocity: Double) {
        let steps = 100, dtMs = 1.0 / Double(steps)
        var x = 0.0, v = v0
        for _ in 0 ..< Int(seconds * 1000) * steps {
            let next = v * pow(rate, dtMs)
            x += (v + next) / 2 * dtMs / 1000
            v = next
        }
        return (x, v)
    }

    func testClosedFormMatchesThePerMillisecondDecay() {
        for rate in [Deceleration.normalRate, Deceleration.fastRate] {
            for v0 in [-3000.0, 500, 2500] {
                let d = Deceleration(rate: rate, initialVelocity: v0)
                for t in [0.05, 0.3, 1.2] {
                    let reference = stepped(v0, rate: rate, seconds: t)
                    XCTAssertEqual(d.distance(at: t), reference.distance, accuracy: 1e-3, "r \(rate) v \(v0) t \(t)")
                    XCTAssertEqual(d.velocity(at: t), reference.velocity, accuracy: 1e-6 * abs(v0))
                }
            }
        }
    }

    func testStartsAtTheReleaseVelocityAndComesToTheTotal() {
        let d = Deceleration(rate: 0.998, initialVelocity: 2000)
        XCTAssertEqual(d.velocity(at: 0), 2000)
        XCTAssertEqual((d.distance(at: 1e-6) - d.distance(at: 0)) / 1e-6, 2000, accuracy: 0.01)
        // −v / (1000·ln r) for r = 0.998: 2000 / (1000·0.0020020027) ≈ 999.0.
        XCTAssertEqual(d.totalDistance, 2000 / (-1000 * log(0.998)), accuracy: 1e-9)
        XCTAssertEqual(d.distance(at: 30), d.totalDistance, accuracy: 1e-6)
    }

    func testDurationIsWhenTheSpeedFallsBelowTheLimit() {
        let d = Deceleration(rate: 0.99, initialVelocity: -1500)
        let t = d.duration(untilSpeedBelow: 1)
        XCTAssertEqual(abs(d.velocity(at: t)), 1, accuracy: 1e-9)
        XCTAssertEqual(Deceleration(initialVelocity: 0.5).duration(untilSpeedBelow: 1), 0)
    }

    func testProjectionIsTheWWDCSum() {
        // v/1000 · r/(1 − r): 1000 pt/s at 0.998 projects 499 pt; at 0.99, 99 pt.
        XCTAssertEqual(Deceleration.projectedDistance(velocity: 1000, rate: 0.998), 499, accuracy: 1e-9)
        XCTAssertEqual(Deceleration.projectedDistance(velocity: -1000, rate: 0.99), -99, accuracy: 1e-9)
    }
}
