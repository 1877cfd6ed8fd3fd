import XCTest
@testable import ModalKitMotion

final class SpringTests: XCTestCase {
    private let springs: [(String, Spring)] = [
        ("under", Spring(mass: 1, stiffness: 200, damping: 10)),
        ("under-heavy", Spring(mass: 2.5, stiffness: 300, damping: 12)),
        ("critical", Spring(mass: 1, stiffness: 100, damping: 20)),
        ("over", Spring(mass: 1, stiffness: 100, damping: 50))
    ]

    func testClosedFormMatchesFineStepIntegration() {
        for (name, spring) in springs {
            for v0 in [0.0, 3, -5, 12] {
                let reference = integrate(spring, initialVelocity: v0, until: 1.5, step: 1e-5, every: 1000)
                for (t, x, v) in reference {
                    XCTAssertEqual(
                        spring.value(at: t, initialVelocity: v0), x, accuracy: 1e-7,
                        "\(name) v0 \(v0) t \(t)")
                    XCTAssertEqual(
                        spring.velocity(at: t, initialVelocity: v0), v, accuracy: 1e-6,
                        "\(name) v0 \(v0) t \(t)")
                }
            }
        }
    }

    func testKindsFromDampingRatio() {
        XCTAssertEqual(springs[0].1.dampingRatio, 10 / (2 * 200.0.squareRoot()), accuracy: 1e-12)
        XCTAssertEqual(springs[2].1.dampingRatio, 1, accuracy: 1e-12)
        let spring = Spring(dampingRatio: 0.8, response: 0.25)
        XCTAssertEqual(spring.stiffness, pow(2 * .pi / 0.25, 2), accuracy: 1e-9)
        XCTAssertEqual(spring.dampingRatio, 0.8, accuracy: 1e-12)
        XCTAssertEqual(spring.mass, 1)
    }

    func testNearlyCriticalAgreesWithCritical() {
        let critical = Spring(mass: 1, stiffness: 100, damping: 20)
        for damping in [20 * (1 - 1e-5), 20 * (1 + 1e-5)] {
            let near = Spring(mass: 1, stiffness: 100, damping: damping)
            for t in stride(from: 0.0, through: 1, by: 0.05) {
                XCTAssertEqual(
                    near.value(at: t, initialVelocity: 4), critical.value(at: t, initialVelocity: 4),
                    accuracy: 1e-4)
            }
        }
    }

    func testDurationFitSettlesExactlyAtItsDuration() {
        for (duration, ratio) in [(0.8, 0.6), (0.5, 0.8), (0.3, 0.3), (1.0, 1.0), (0.6, 1.5)] {
            let spring = Spring(duration: duration, dampingRatio: ratio)
            XCTAssertEqual(spring.dampingRatio, ratio, accuracy: 1e-9)
            XCTAssertEqual(
                spring.settlingDuration(initialVelocity: 0, distance: Spring.referenceDistance),
                duration, accuracy: 1e-6)
            let tolerance = Spring.settlingTolerance / Spring.referenceDistance
            let lastOut = lastTimeOutside(spring, tolerance: tolerance, until: 4 * duration)
            XCTAssertLessThanOrEqual(lastOut, duration, "ratio \(ratio): still moving after its duration")
            // Not much before: an oscillating spring's last excursion ends within half an oscillation of the
            // envelope; a non-oscillating one within a tenth of the duration.
            let w0 = spring.stiffness.squareRoot()
            let margin = ratio < 1 ? Double.pi / (w0 * (1 - ratio * ratio).squareRoot()) : 0.1 * duration
            XCTAssertGreaterThan(lastOut, duration - margin, "ratio \(ratio): settled long before its duration")
        }
    }

    func testDurationFitMatchesTheClosedFormWherePositionDecides() {
        // Derived by hand: the envelope of a spring starting at rest is e^(-ratio w0 t) / sqrt(1 - ratio^2);
        // it reaches 1/2000 when ratio w0 t = ln(2000 / sqrt(1 - ratio^2)).
        let ratio = 0.6, duration = 0.8
        let expected = pow(log(2000 / (1 - ratio * ratio).squareRoot()), 2) / (duration * duration * ratio * ratio)
        XCTAssertEqual(Spring(duration: duration, dampingRatio: ratio).stiffness, expected, accuracy: 1e-6 * expected)
    }

    func testSettlingDurationHoldsForEveryVelocity() {
        for (name, spring) in springs {
            for v0 in [0.0, 2, -3, 10] {
                let distance = 400.0
                let settle = spring.settlingDuration(initialVelocity: v0, distance: distance)
                XCTAssertTrue(settle.isFinite && settle > 0, name)
                for i in 0 ... 4000 {
                    let t = settle + Double(i) * 1e-3
                    let offset = (1 - spring.value(at: t, initialVelocity: v0)) * distance
                    let speed = spring.velocity(at: t, initialVelocity: v0) * distance
                    XCTAssertLessThanOrEqual(abs(offset), Spring.settlingTolerance, "\(name) v0 \(v0) t \(t)")
                    XCTAssertLessThanOrEqual(abs(speed), Spring.settlingSpeed, "\(name) v0 \(v0) t \(t)")
                }
                let lastOut = lastTimeOutside(
                    spring, tolerance: Spring.settlingTolerance / distance,
                    until: settle * 2, initialVelocity: v0)
                XCTAssertGreaterThan(lastOut, 0.5 * settle, "\(name) v0 \(v0): settling time far too pessimistic")
            }
        }
    }

    func testSettlingEdgeCases() {
        let spring = springs[0].1
        XCTAssertEqual(spring.settlingDuration(initialVelocity: 1, distance: 0), 0)
        XCTAssertEqual(
            Spring(mass: 1, stiffness: 100, damping: 0).settlingDuration(
                initialVelocity: 0,
                distance: 100), .infinity)
        // A longer travel must settle later: the tolerance is a fixed half point.
        XCTAssertGreaterThan(
            spring.settlingDuration(initialVelocity: 0, distance: 2000),
            spring.settlingDuration(initialVelocity: 0, distance: 100))
    }

    func testRelativeVelocity() {
        XCTAssertEqual(relativeVelocity(500, remainingDistance: 250), 2)
        XCTAssertEqual(relativeVelocity(-300, remainingDistance: 600), -0.5)
        XCTAssertEqual(relativeVelocity(1500, remainingDistance: 0), 0)
        XCTAssertEqual(relativeVelocity(1500, remainingDistance: 1e-6), 0)
    }

    /// The last time, sampled every 0.1 ms, when the spring is farther than `tolerance` from its target.
    private func lastTimeOutside(
        _ spring: Spring, tolerance: Double, until end: Double,
        initialVelocity: Double = 0
    ) -> Double {
        var last = 0.0
        for i in 0 ... Int(end * 10_000) {
            let t = Double(i) / 10_000
            if abs(1 - spring.value(at: t, initialVelocity: initialVelocity)) > tolerance { last = t }
        }
        return last
    }
}

/// Classic fourth-order Runge-Kutta on m x'' + c x' + k (x - 1) = 0 from x = 0, x' = v0; every `every` steps it
/// records (t, x, x').
func integrate(
    _ spring: Spring, initialVelocity: Double, until end: Double, step h: Double,
    every: Int
) -> [(Double, Double, Double)] {
    func acceleration(_ x: Double, _ v: Double) -> Double {
        (-spring.stiffness * (x - 1) - spring.damping * v) / spring.mass
    }
    var x = 0.0, v = initialVelocity
    var out = [(0.0, x, v)]
    let steps = Int((end / h).rounded())
    for i in 1 ... steps {
        let k1x = v, k1v = acceleration(x, v)
        let k2x = v + h / 2 * k1v, k2v = acceleration(x + h / 2 * k1x, v + h / 2 * k1v)
        let k3x = v + h / 2 * k2v, k3v = acceleration(x + h / 2 * k2x, v + h / 2 * k2v)
        let k4x = v + h * k3v, k4v = acceleration(x + h * k3x, v + h * k3v)
        x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
        v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
        if i % every == 0 { out.append((Double(i) * h, x, v)) }
    }
    return out
}
