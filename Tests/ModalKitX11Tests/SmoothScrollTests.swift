import ModalKitBase
@testable import ModalKitX11
import XCTest

/// XI2's absolute scroll valuators turned into deltas in points, without a server.
final class SmoothScrollTests: XCTestCase {
    /// README's promise, written out rather than read from `InputEvent.wheelClickDistance`, so a change to the
    /// constant is a failing test and not a new expectation.
    private let pointsPerClick = 48.0

    private func scroll(increment: Double = 120, start: Double = 1000) -> SmoothScroll {
        var s = SmoothScroll()
        s.reset(
            axes: [
                ScrollAxis(number: 3, vertical: true, increment: increment),
                ScrollAxis(number: 2, vertical: false, increment: 15)
            ], values: [3: start, 2: 0])
        return s
    }

    func testWholeIncrementsAreCoarseClicksAndFractionsArePrecise() {
        var s = scroll()
        let click = s.delta(values: [3: 1120])
        XCTAssertEqual(click?.delta, Point(x: 0, y: pointsPerClick))
        XCTAssertEqual(click?.precise, false)
        let fine = s.delta(values: [3: 1090])
        XCTAssertEqual(fine?.delta.y ?? 0, -0.25 * pointsPerClick, accuracy: 1e-9)
        XCTAssertEqual(fine?.precise, true)
        let sideways = s.delta(values: [2: 7.5])
        XCTAssertEqual(sideways?.delta, Point(x: 0.5 * pointsPerClick, y: 0))
    }

    func testACoreButtonClickScrolls48PointsEachWay() {
        let at = Point(x: 5, y: 6)
        let deltas = (4 ... 7).map { button -> Point? in
            guard
                case .scroll(let delta, _, _, _)? = EventTranslator.wheelClick(button: UInt32(button), at: at, time: 1)
            else { return nil }
            return delta
        }
        XCTAssertEqual(deltas, [Point(x: 0, y: -48), Point(x: 0, y: 48), Point(x: -48, y: 0), Point(x: 48, y: 0)])
    }

    func testANegativeIncrementInvertsTheAxis() {
        var s = scroll(increment: -1)
        XCTAssertEqual(s.delta(values: [3: 999])?.delta.y, pointsPerClick)
    }

    func testMotionWithoutScrollValuatorsIsNoScroll() {
        var s = scroll()
        XCTAssertNil(s.delta(values: [0: 10, 1: 20]))
        XCTAssertNil(s.delta(values: [3: 1000]), "an unchanged value")
    }

    func testBadValuesRestartTheBaselineInsteadOfScrolling() {
        var s = scroll()
        XCTAssertNil(s.delta(values: [3: .nan]))
        XCTAssertNil(s.delta(values: [3: 50]), "no baseline after a NaN: this value becomes it")
        XCTAssertEqual(s.delta(values: [3: 170])?.delta.y, pointsPerClick)
        XCTAssertNil(s.delta(values: [3: 1e12]), "a jump of millions of clicks is a reset, not a scroll")
        XCTAssertEqual(s.delta(values: [3: 1e12 + 120])?.delta.y, pointsPerClick)
    }

    func testUnusableAxesAreIgnored() {
        var s = SmoothScroll()
        s.reset(
            axes: [
                ScrollAxis(number: 3, vertical: true, increment: 0),
                ScrollAxis(number: 4, vertical: true, increment: .nan)
            ], values: [3: 0, 4: 0])
        XCTAssertNil(s.delta(values: [3: 10, 4: 10]))
    }
}

/// The valuators of an XI2 event: a bit mask of which are present and their values packed in mask order.
final class ValuatorStateTests: XCTestCase {
    func testPackedValuesAreMatchedToTheirNumbersByTheMask() {
        let mask: [UInt8] = [0b0000_1001, 0b0000_0010] // valuators 0, 3 and 9
        XCTAssertEqual(XInput2.values(mask: mask, packed: [10.5, -240, 7]), [0: 10.5, 3: -240, 9: 7])
    }

    func testAnEventWithoutValuatorsHasNone() {
        XCTAssertEqual(XInput2.values(mask: [], packed: []), [:])
    }

    func testMoreBitsThanValuesStopsAtTheValues() {
        XCTAssertEqual(XInput2.values(mask: [0b0000_0111], packed: [1, 2]), [0: 1, 1: 2])
    }

    func testEachValuatorIsReadInPlaceByItsNumber() {
        let mask: [UInt8] = [0b0000_1001, 0b0000_0010], packed = [10.5, -240, 7]
        mask.withUnsafeBufferPointer { m in
            packed.withUnsafeBufferPointer { p in
                let valuators = Valuators(mask: m, packed: p)
                XCTAssertFalse(valuators.isEmpty)
                XCTAssertEqual(valuators[0], 10.5)
                XCTAssertEqual(valuators[3], -240)
                XCTAssertEqual(valuators[9], 7)
                for absent: Int32 in [-1, 1, 2, 4, 8, 10, 16, 200] { XCTAssertNil(valuators[absent], "\(absent)") }
            }
        }
        [UInt8](repeating: 0, count: 2).withUnsafeBufferPointer { m in
            XCTAssertTrue(Valuators(mask: m, packed: UnsafeBufferPointer(start: nil, count: 0)).isEmpty)
        }
    }
}
