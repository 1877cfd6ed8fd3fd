import ModalKitBase
import ModalKitPixels
import XCTest

/// Tracking is space added after every glyph, as iOS's text styles tighten body text and open titles: it moves
/// every pen position, so measured and drawn widths change by it once a glyph.
final class FontTrackingTests: XCTestCase {
    private func sans(tracking: Double = 0) throws -> Font {
        try Font(path: Font.findPath(pattern: "sans-serif"), pixelSize: 17, tracking: tracking)
    }

    func testTrackingAddsItsSpaceToEveryGlyphsAdvance() throws {
        let text = "Edit Trip"
        let plain = try sans(), tight = try sans(tracking: -0.5), loose = try sans(tracking: 1.25)
        let glyphs = Double(text.unicodeScalars.count)
        XCTAssertEqual(tight.measure(text), plain.measure(text) - 0.5 * glyphs, accuracy: 1e-9)
        XCTAssertEqual(loose.measure(text), plain.measure(text) + 1.25 * glyphs, accuracy: 1e-9)
        XCTAssertEqual(TextLine(text, font: loose).width, loose.measure(text))
    }

    func testTrackingIsRoundedToA64thOfAPixelSoPensStayExactSums() throws {
        XCTAssertEqual(try sans(tracking: -0.43).tracking, -28.0 / 64)
        XCTAssertEqual(try sans(tracking: 0.4).tracking, 26.0 / 64)
    }

    func testTrackedTextIsDrawnWhereItsPensAre() throws {
        var plain = Bitmap(width: 200, height: 30), loose = Bitmap(width: 200, height: 30)
        plain.drawText("II", font: try sans(), color: .black, x: 10, baselineY: 22)
        loose.drawText("II", font: try sans(tracking: 6), color: .black, x: 10, baselineY: 22)
        XCTAssertEqual(inkRight(loose) - inkRight(plain), 6, "the second I moves by the tracking")
    }

    func testTrackingAsWideAsTheEmIsRefused() {
        XCTAssertThrowsError(try sans(tracking: 17))
        XCTAssertThrowsError(try sans(tracking: .nan))
    }

    /// The rightmost column with ink.
    private func inkRight(_ bitmap: Bitmap) -> Int {
        var right = -1
        for y in 0 ..< bitmap.height {
            for x in 0 ..< bitmap.width where bitmap.pixels[y * bitmap.width + x] != 0 { right = max(right, x) }
        }
        return right
    }
}

/// Monospaced digits: every digit as wide as the widest, so a number that changes keeps the text after it still.
final class MonospacedDigitTests: XCTestCase {
    private func inter(monospaced: Bool) throws -> Font {
        guard let path = Font.findPath(family: "Inter", weight: 80) else {
            throw XCTSkip("Inter (proportional figures) is not installed")
        }
        return try Font(path: path, pixelSize: 12, tracking: -0.25, monospacedDigits: monospaced)
    }

    func testEveryDigitIsAsWideAsTheWidest() throws {
        let proportional = try inter(monospaced: false), tabular = try inter(monospaced: true)
        let widths = (0 ... 9).map { proportional.measure("\($0)") }
        XCTAssertGreaterThan(widths.max() ?? 0, widths.min() ?? 0, "Inter's figures are proportional")
        for digit in 0 ... 9 { XCTAssertEqual(tabular.measure("\(digit)"), widths.max() ?? 0, "\(digit)") }
        XCTAssertEqual(tabular.measure("v 1.1 pt/s"), tabular.measure("v 4.0 pt/s"))
        XCTAssertEqual(tabular.measure("pt/s"), proportional.measure("pt/s"), "letters keep their advances")
    }
}
