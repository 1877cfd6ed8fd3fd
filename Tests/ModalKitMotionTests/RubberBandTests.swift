import XCTest
@testable import ModalKitMotion

final class RubberBandTests: XCTestCase {
    func testOffsetFollowsUIKitsFormula() {
        let band = RubberBand(coefficient: 0.55, dimension: 600)
        // (1 − 1/(100·0.55/600 + 1))·600 = 600·(55/655) by hand.
        XCTAssertEqual(band.offset(for: 100), 600.0 * 55 / 655, accuracy: 1e-9)
        XCTAssertEqual(band.offset(for: -100), -600.0 * 55 / 655, accuracy: 1e-9)
        XCTAssertEqual(band.offset(for: 0), 0)
    }

    func testStartsAtTheCoefficientsSlopeAndNeverReachesTheDimension() {
        let band = RubberBand(coefficient: 0.55, dimension: 600)
        XCTAssertEqual(band.offset(for: 0.001) / 0.001, 0.55, accuracy: 1e-5)
        XCTAssertLessThan(band.offset(for: 1e12), 600)
        XCTAssertGreaterThan(band.offset(for: 1e6), 599)
        var last = 0.0
        for x in stride(from: 10.0, through: 5000, by: 10) {
            let o = band.offset(for: x)
            XCTAssertGreaterThan(o, last)
            XCTAssertLessThan(o, x, "a band always shows less than the pull")
            last = o
        }
    }

    func testInverseRoundTrips() {
        let band = RubberBand(coefficient: 0.3, dimension: 400)
        for x in [-900.0, -40, -0.5, 0, 0.5, 40, 900, 40_000] {
            XCTAssertEqual(band.overshoot(for: band.offset(for: x)), x, accuracy: 1e-6 * max(1, abs(x)))
        }
        XCTAssertTrue(band.overshoot(for: 400).isFinite)
        XCTAssertTrue(band.overshoot(for: .infinity) == 0)
    }

    func testClampLeavesTheRangeAloneAndBandsOutsideIt() {
        let band = RubberBand(dimension: 500)
        XCTAssertEqual(band.clamp(120, to: 100 ... 300), 120)
        XCTAssertEqual(band.clamp(350, to: 100 ... 300), 300 + band.offset(for: 50), accuracy: 1e-12)
        XCTAssertEqual(band.clamp(60, to: 100 ... 300), 100 - band.offset(for: 40), accuracy: 1e-12)
    }

    func testDegenerateInputsGiveNoOffset() {
        XCTAssertEqual(RubberBand(dimension: 0).offset(for: 50), 0)
        XCTAssertEqual(RubberBand(dimension: 500).offset(for: .nan), 0)
        XCTAssertEqual(RubberBand(coefficient: 0, dimension: 500).offset(for: 50), 0)
    }
}
