import XCTest
@testable import ModalLab
@testable import ModalLabCore

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

/// `LabLimits.echo`, the one way user text reaches an error line.
final class EchoTests: XCTestCase {
    func testWhatCouldActOnATerminalOrHideIsEscaped() {
        XCTAssertEqual(LabLimits.echo("a\u{1b}[2Jb"), "a\\u{1b}[2Jb")
        XCTAssertEqual(LabLimits.echo("\u{9b}1m\u{7f}\u{0}"), "\\u{9b}1m\\u{7f}\\u{0}", "C1, DEL and NUL")
        XCTAssertEqual(LabLimits.echo("\u{202e}\u{2066}\u{200f}x"), "\\u{202e}\\u{2066}\\u{200f}x", "bidi")
        XCTAssertEqual(
            LabLimits.echo("\u{200b}\u{feff}\u{2060}\u{ad}\u{2028}"), "\\u{200b}\\u{feff}\\u{2060}\\u{ad}\\u{2028}",
            "invisible")
        XCTAssertEqual(LabLimits.echo("café — ü, 東京"), "café — ü, 東京", "ordinary text stays")
    }

    func testTheLimitCountsScalarsSoCombiningMarksCannotStretchIt() {
        let marks = String(repeating: "\u{301}", count: 400_000)
        let echoed = LabLimits.echo("a" + marks)
        XCTAssertEqual(echoed.unicodeScalars.count, 81, "80 scalars and the ellipsis")
        XCTAssertTrue(echoed.hasSuffix("…"))
        XCTAssertEqual(LabLimits.echo(String(repeating: "x", count: 80)), String(repeating: "x", count: 80), "80 fit")
        XCTAssertEqual(LabLimits.echo("\u{1b}" + marks, limit: nil).unicodeScalars.count, 400_000 + 6, "no limit: all")
    }
}
