import XCTest
import ModalKitBase
@testable import ModalKitMotion

final class VelocityTrackerTests: XCTestCase {
    func testConstantSpeedIsRecovered() {
        var tracker = VelocityTracker()
        for i in 0 ... 25 {
            let t = 2 + Double(i) * 0.008
            tracker.addSample(Point(x: 10 + 300 * (t - 2), y: 50 - 120 * (t - 2)), time: t)
        }
        let v = tracker.velocity(at: 2 + 25 * 0.008)
        XCTAssertEqual(v.x, 300, accuracy: 3)
        XCTAssertEqual(v.y, -120, accuracy: 1.2)
    }

    func testConstantAccelerationGivesTheVelocityAtRelease() {
        // y = a t^2 / 2 with a = 5000 pt/s^2: at release (t = 0.2 s) the true velocity is a t = 1000 pt/s, while a
        // straight-line fit over the last 100 ms would report the average, about 875 pt/s. Stated tolerance: 1%.
        // Sideways the pointer decelerates leftwards (a = -3000 pt/s^2): -600 pt/s at release, each axis fitted.
        var tracker = VelocityTracker()
        for i in 0 ... 25 {
            let t = Double(i) * 0.008
            tracker.addSample(Point(x: -1500 * t * t, y: 2500 * t * t), time: t)
        }
        XCTAssertEqual(tracker.velocity(at: 0.2).y, 1000, accuracy: 10)
        XCTAssertEqual(tracker.velocity(at: 0.2).x, -600, accuracy: 6)
    }

    func testUnevenTimestamps() {
        var tracker = VelocityTracker()
        let offsets = [0.0, 0.004, 0.019, 0.023, 0.041, 0.05, 0.052, 0.071, 0.083, 0.09, 0.107, 0.112]
        for t in offsets { tracker.addSample(Point(x: -700 * t, y: 250 * t), time: 10 + t) }
        let v = tracker.velocity(at: 10.112)
        XCTAssertEqual(v.x, -700, accuracy: 7)
        XCTAssertEqual(v.y, 250, accuracy: 2.5)
    }

    func testRestBeforeReleaseGivesZero() {
        var tracker = VelocityTracker()
        for i in 0 ... 10 { tracker.addSample(Point(x: Double(i) * 8, y: 0), time: Double(i) * 0.01) }
        XCTAssertEqual(tracker.velocity(at: 0.1 + 0.04), .zero)
        XCTAssertEqual(tracker.velocity(at: 0.1 + 0.2), .zero)
        XCTAssertEqual(tracker.velocity(at: 0.1 + 0.039).x, 800, accuracy: 8)
    }

    func testAPauseInsideTheWindowCutsTheHistory() {
        var tracker = VelocityTracker()
        for i in 0 ... 5 { tracker.addSample(Point(x: Double(i) * 10, y: 0), time: Double(i) * 0.01) }
        // 50 ms without samples, then two quick ones: too few after the rest, and never from two alone.
        tracker.addSample(Point(x: 51, y: 0), time: 0.1)
        tracker.addSample(Point(x: 60, y: 0), time: 0.11)
        XCTAssertEqual(tracker.velocity(at: 0.11), .zero)
    }

    func testTooFewSamplesGiveZero() {
        var tracker = VelocityTracker()
        XCTAssertEqual(tracker.velocity(at: 0), .zero)
        tracker.addSample(Point(x: 5, y: 5), time: 1)
        XCTAssertEqual(tracker.velocity(at: 1), .zero)
        tracker.addSample(Point(x: 25, y: 5), time: 1.01)
        XCTAssertEqual(tracker.velocity(at: 1.01), .zero)
        tracker.addSample(Point(x: 45, y: 5), time: 1.02)
        XCTAssertEqual(tracker.velocity(at: 1.02).x, 2000, accuracy: 20)
        tracker.reset()
        XCTAssertEqual(tracker.velocity(at: 1.02), .zero)
    }

    func testOnlyTheLastHundredMillisecondsCount() {
        var tracker = VelocityTracker()
        // A sharply braking approach (x = 20000 (0.2 - t)^2) that a longer history would bend the fit with, then a
        // straight 800 pt/s run for the last 100 ms.
        for i in 0 ..< 20 {
            let t = Double(i) * 0.01
            tracker.addSample(Point(x: 20000 * (0.2 - t) * (0.2 - t), y: 0), time: t)
        }
        for i in 0 ... 10 { tracker.addSample(Point(x: Double(i) * 8, y: 0), time: 0.2 + Double(i) * 0.01) }
        XCTAssertEqual(tracker.velocity(at: 0.3).x, 800, accuracy: 8)
    }

    func testServerTimestampsAcrossTheWrap() {
        var server = ServerTime()
        var tracker = VelocityTracker()
        let first = UInt32.max - 40
        for i in 0 ..< 12 {
            let ms = first &+ UInt32(i * 8) // crosses 2^32 after the fifth sample
            tracker.addSample(Point(x: 0.5 * Double(i * 8), y: 0), time: server.seconds(for: ms))
        }
        let release = server.seconds(for: first &+ 88)
        XCTAssertEqual(tracker.velocity(at: release).x, 500, accuracy: 5)
    }
}
