import XCTest
@testable import ModalLab

/// The HUD's number formatter takes whatever a replay or a drag produces.
final class FormattingTests: XCTestCase {
    func testOrdinaryNumbers() {
        XCTAssertEqual(fmt(0.4242), "0.42")
        XCTAssertEqual(fmt(-12.5, 0), "-13")
        XCTAssertEqual(fmt(-0.001), "0.00")
        XCTAssertEqual(fmt(.nan), "-")
        XCTAssertEqual(fmt(0.07), "0.07", "zeros between the point and the digits")
        XCTAssertEqual(fmt(7), "7.00")
        XCTAssertEqual(fmt(0.005), "0.01", "halves round away from zero")
        XCTAssertEqual(fmt(123.46, 1), "123.5")
        XCTAssertEqual(fmt(-4.2, 0), "-4")
    }

    func testNumbersTooBigForIntegersDoNotTrap() {
        XCTAssertEqual(fmt(1e18, 0), "1e+18")
        XCTAssertEqual(fmt(-1e300), "-1e+300")
        XCTAssertEqual(fmt(9.3e18, 2), "9.3e+18")
        XCTAssertEqual(fmt(123_456_789_012.0, 0), "123456789012", "large but exact stays in digits")
    }
}
