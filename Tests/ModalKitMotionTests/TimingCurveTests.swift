import XCTest
@testable import ModalKitMotion

final class TimingCurveTests: XCTestCase {
    private let curves: [TimingCurve] = [
        .linear, .easeIn, .easeOut, .easeInOut, .cubicBezier(0.25, 0.1, 0.25, 1),
        .cubicBezier(0.3, -0.4, 0.6, 1.5)
    ]

    func testEaseInOutIsSymmetricAndHalfwayAtHalfTime() {
        XCTAssertEqual(TimingCurve.easeInOut.value(at: 0.5), 0.5, accuracy: 1e-9)
        for x in stride(from: 0.0, through: 1.0, by: 0.05) {
            let sum = TimingCurve.easeInOut.value(at: x) + TimingCurve.easeInOut.value(at: 1 - x)
            XCTAssertEqual(sum, 1, accuracy: 1e-9, "at \(x)")
        }
    }

    func testEveryCurveRunsFromZeroToOneAndClamps() {
        for curve in curves {
            XCTAssertEqual(curve.value(at: 0), 0, accuracy: 1e-9, curve.name)
            XCTAssertEqual(curve.value(at: 1), 1, accuracy: 1e-9, curve.name)
            XCTAssertEqual(curve.value(at: -0.5), 0, accuracy: 1e-9, curve.name)
            XCTAssertEqual(curve.value(at: 1.5), 1, accuracy: 1e-9, curve.name)
        }
    }

    func testEaseInStartsSlowAndEaseOutStartsFast() {
        XCTAssertLessThan(TimingCurve.easeIn.value(at: 0.25), 0.25)
        XCTAssertGreaterThan(TimingCurve.easeOut.value(at: 0.25), 0.25)
    }

    func testMatchesADenselySampledBezierEverywhere() {
        for curve in curves {
            let reference = SampledBezier(curve.controlPoints)
            for i in 0 ... 1000 {
                let x = Double(i) / 1000
                XCTAssertEqual(curve.value(at: x), reference.y(atX: x), accuracy: 1e-5, "\(curve.name) at \(x)")
            }
        }
    }

    func testSlopeMatchesFiniteDifference() {
        // Values solved to 1e-12 so the difference quotient measures the slope, not the solver's tolerance.
        let h = 1e-4
        for curve in curves {
            let p = curve.controlPoints
            let bezier = UnitBezier(x1: p.x1, y1: p.y1, x2: p.x2, y2: p.y2)
            for i in 1 ..< 100 {
                let x = Double(i) / 100
                let above = bezier.solve(x: x + h, epsilon: 1e-12), below = bezier.solve(x: x - h, epsilon: 1e-12)
                let difference = (above - below) / (2 * h)
                XCTAssertEqual(
                    curve.slope(at: x), difference, accuracy: 1e-4 * max(1, abs(difference)),
                    "\(curve.name) at \(x)")
            }
        }
    }

    func testSlopeAtAFlatEndIsTheLimit() {
        // Ease-out near x = 0: x ~ 3 x2 t^2 and y ~ 3 y2 t^2 (x1 = y1 = 0), so dy/dx -> y2 / x2 = 1 / 0.58.
        XCTAssertEqual(TimingCurve.easeOut.slope(at: 0), 1 / 0.58, accuracy: 1e-3)
        // Ease-in at x = 1 mirrors it: the slope tends to (1 - y1) / (1 - x1) = 1 / 0.58.
        XCTAssertEqual(TimingCurve.easeIn.slope(at: 1), 1 / 0.58, accuracy: 1e-3)
    }

    func testNamesRoundTrip() {
        for curve in [TimingCurve.linear, .easeIn, .easeOut, .easeInOut] {
            XCTAssertEqual(TimingCurve(name: curve.name), curve)
        }
        XCTAssertNil(TimingCurve(name: "bouncy"))
        XCTAssertEqual(TimingCurve.easeInOut.name, "ease-in-out")
    }

    func testUIKitControlPoints() {
        XCTAssertTrue(TimingCurve.easeIn.controlPoints == (0.42, 0, 1, 1))
        XCTAssertTrue(TimingCurve.easeOut.controlPoints == (0, 0, 0.58, 1))
        XCTAssertTrue(TimingCurve.easeInOut.controlPoints == (0.42, 0, 0.58, 1))
    }
}

/// The parametric Bézier sampled at 200,000 parameters, inverted by search and linear interpolation: a
/// reference that shares no code with the Newton solver.
private struct SampledBezier {
    let xs: [Double]
    let ys: [Double]

    init(_ p: (x1: Double, y1: Double, x2: Double, y2: Double)) {
        func bezier(_ a: Double, _ b: Double, _ t: Double) -> Double {
            let s = 1 - t
            return 3 * s * s * t * a + 3 * s * t * t * b + t * t * t
        }
        let n = 200_000
        xs = (0 ... n).map { bezier(p.x1, p.x2, Double($0) / Double(n)) }
        ys = (0 ... n).map { bezier(p.y1, p.y2, Double($0) / Double(n)) }
    }

    func y(atX x: Double) -> Double {
        var lo = 0, hi = xs.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if xs[mid] <= x { lo = mid } else { hi = mid }
        }
        let span = xs[hi] - xs[lo]
        let f = span > 0 ? (x - xs[lo]) / span : 0
        return ys[lo] + (ys[hi] - ys[lo]) * f
    }
}
