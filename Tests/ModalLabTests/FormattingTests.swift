import XCTest
@testable import ModalLab

/// The HUD's number formatter takes whatever a replay or a drag produces.
final class FormattingTests: XCTestCase {
    func testOrdinaryNumbers() {
        XCTAssertEqual(fmt(0.4242), "0.42")
        XCTAssertEqual(fmt(-12.5, 0), "-13")
        XCTAssertEqual(fmt(-0.001), "0.00")
        XCTAssertEqual(fmt(.nan), "-")
    }

    func testNumbersTooBigForIntegersDoNotTrap() {
        XCTAssertEqual(fmt(1e18, 0), "1e+18")
        XCTAssertEqual(fmt(-1e300), "-1e+300")
        XCTAssertEqual(fmt(9.3e18, 2), "9.3e+18")
        XCTAssertEqual(fmt(123_456_789_012.0, 0), "123456789012", "large but exact stays in digits")
    }
}
