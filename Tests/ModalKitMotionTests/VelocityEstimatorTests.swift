import XCTest
import ModalKitBase
@testable import ModalKitMotion

/// Each estimator on synthetic samples whose answer is known in closed form.
final class VelocityEstimatorTests: XCTestCase {
    /// y = a t^2 / 2 sampled every 8 ms from 0 to 0.2 s (a = 5000 pt/s^2, so 1000 pt/s at the end).
    private let accelerating = (0 ... 25).map { i -> VelocitySample in
        let t = Double(i) * 0.008
        return VelocitySample(position: Point(x: 0, y: 2500 * t * t), time: t)
    }

    private func velocity(_ estimator: VelocityEstimator, _ samples: [VelocitySample], at time: Double) -> Point {
        estimator.velocity(of: samples, at: time)
    }

    func testEveryEstimatorReadsAConstantSpeedOnUnevenTimestamps() {
        let offsets = [0.0, 0.004, 0.019, 0.023, 0.041, 0.05, 0.052, 0.071, 0.083, 0.09, 0.107, 0.112]
        let samples = offsets.map { VelocitySample(position: Point(x: -700 * $0, y: 250 * $0), time: 10 + $0) }
        for estimator in VelocityEstimator.allCases {
            let v = velocity(estimator, samples, at: 10.112)
            XCTAssertEqual(v.x, -700, accuracy: 1e-6, estimator.name)
            XCTAssertEqual(v.y, 250, accuracy: 1e-6, estimator.name)
        }
    }

    func testOnConstantAccelerationEachReadsItsOwnMoment() {
        // Quadratic: exact. A straight line through a parabola has the slope at the samples' mean time (the
        // samples in the last 100 ms are 0.104...0.2, mean 0.152). Two samples: the speed between them, at
        // 0.196. Mean over 150 ms: from 0.056 to 0.2, the speed at 0.128.
        XCTAssertEqual(velocity(.quadratic, accelerating, at: 0.2).y, 1000, accuracy: 1e-6)
        XCTAssertEqual(velocity(.linear, accelerating, at: 0.2).y, 5000 * 0.152, accuracy: 1e-6)
        XCTAssertEqual(velocity(.lastTwo, accelerating, at: 0.2).y, 5000 * 0.196, accuracy: 1e-6)
        XCTAssertEqual(velocity(.mean150, accelerating, at: 0.2).y, 5000 * 0.128, accuracy: 1e-6)
        // Impulse: each step adds (v_step - v) * v_step of work, which on a steady speed-up lands a little above
        // the last step's speed (about (Δv)^2 / 2 of extra energy per step, Δv = 40 pt/s here): within 1%.
        let impulse = velocity(.impulse, accelerating, at: 0.2).y
        XCTAssertGreaterThan(impulse, 5000 * 0.196)
        XCTAssertLessThan(impulse, 5000 * 0.196 * 1.01)
    }

    func testARestBeforeReleaseStopsAllButTheMean() {
        let samples = (0 ... 10).map {
            VelocitySample(position: Point(x: Double($0) * 8, y: 0), time: Double($0) * 0.01)
        }
        for estimator in VelocityEstimator.allCases where estimator != .mean150 {
            XCTAssertEqual(velocity(estimator, samples, at: 0.14), .zero, estimator.name)
            XCTAssertEqual(velocity(estimator, samples, at: 0.139).x, 800, accuracy: 1e-6, estimator.name)
        }
        // libadwaita has no rest rule: 60 ms after the last sample, the samples from 0.01 on still count.
        XCTAssertEqual(velocity(.mean150, samples, at: 0.16).x, 800, accuracy: 1e-6)
        XCTAssertEqual(velocity(.mean150, samples, at: 0.3), .zero, "nothing within 150 ms")
    }

    func testTooFewSamples() {
        let two = [VelocitySample(position: .zero, time: 1), VelocitySample(position: Point(x: 20, y: 0), time: 1.01)]
        XCTAssertEqual(velocity(.quadratic, two, at: 1.01), .zero, "the fits want three samples")
        XCTAssertEqual(velocity(.linear, two, at: 1.01), .zero)
        XCTAssertEqual(velocity(.lastTwo, two, at: 1.01).x, 2000, accuracy: 1e-9)
        XCTAssertEqual(velocity(.impulse, two, at: 1.01).x, 2000, accuracy: 1e-9)
        XCTAssertEqual(velocity(.mean150, two, at: 1.01).x, 2000, accuracy: 1e-9)
        for estimator in VelocityEstimator.allCases {
            XCTAssertEqual(velocity(estimator, [], at: 1), .zero, estimator.name)
            XCTAssertEqual(velocity(estimator, Array(two.prefix(1)), at: 1), .zero, estimator.name)
        }
    }

    func testSamplesAtTheSameTimeDoNotDivideByZero() {
        let samples = [
            VelocitySample(position: .zero, time: 1), VelocitySample(position: Point(x: 5, y: 0), time: 1.01),
            VelocitySample(position: Point(x: 9, y: 0), time: 1.01)
        ]
        for estimator in VelocityEstimator.allCases {
            let v = velocity(estimator, samples, at: 1.01)
            XCTAssertTrue(v.x.isFinite && v.y.isFinite, estimator.name)
        }
    }

    func testNamesRoundTrip() {
        for estimator in VelocityEstimator.allCases {
            XCTAssertEqual(VelocityEstimator(name: estimator.name), estimator)
        }
        XCTAssertEqual(
            VelocityEstimator.allCases.map(\.name), ["quadratic", "linear", "last-two", "mean-150", "impulse"])
        XCTAssertNil(VelocityEstimator(name: "kalman"))
    }

    func testTheTrackerUsesItsEstimator() {
        var tracker = VelocityTracker(estimator: .linear)
        accelerating.forEach { tracker.addSample($0.position, time: $0.time) }
        XCTAssertEqual(tracker.velocity(at: 0.2).y, 5000 * 0.152, accuracy: 1e-6)
        tracker.estimator = .quadratic
        XCTAssertEqual(tracker.velocity(at: 0.2).y, 1000, accuracy: 1e-6)
        XCTAssertEqual(tracker.velocities(at: 0.2).map(\.estimator), VelocityEstimator.allCases)
    }
}
