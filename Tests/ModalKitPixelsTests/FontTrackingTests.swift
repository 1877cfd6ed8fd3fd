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
