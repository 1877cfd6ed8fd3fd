import ModalKitBase
import ModalKitPixels
import XCTest

final class TextTests: XCTestCase {
    private func sans(_ size: Double = 20) throws -> Font {
        try Font(path: Font.findPath(pattern: "sans-serif"), pixelSize: size)
    }

    private func render(_ text: String, font: Font, x: Double = 10, baseline: Double = 40) -> Bitmap {
        var b = Bitmap(width: 220, height: 60)
        b.drawText(text, font: font, color: .black, x: x, baselineY: baseline)
        return b
    }

    /// A face keeps rendered glyphs, glyph indices and kerning pairs; text drawn from its caches, at every
    /// quarter-pixel position, over ASCII, Latin-1, symbols and a script far from Latin in the font, is the text a
    /// fresh face draws. Drawn over a grey ground too, where glyphs blend with what is there.
    func testTextFromTheCachesIsTheTextAFreshFaceDraws() throws {
        let text = "AVATAR To·é≤×Жψ 0.25 ms"
        let warm = try sans(13)
        // Warmed with other pairs in another order, so an entry under the wrong key would be found and differ.
        for quarter in 0 ..< 8 {
            _ = render(String(text.reversed()) + " ATAV", font: warm, x: 10 + Double(quarter) * 0.25)
        }
        for quarter in 0 ..< 8 {
            let x = 10 + Double(quarter) * 0.25
            XCTAssertEqual(
                render(text, font: warm, x: x).pixels, render(text, font: try sans(13), x: x).pixels, "at x \(x)")
            var onWarm = Bitmap(width: 220, height: 60), onFresh = Bitmap(width: 220, height: 60)
            onWarm.fill(Color(white: 0.5, alpha: 0.6))
            onFresh = onWarm
            onWarm.drawText(text, font: warm, color: .black, x: x, baselineY: 40)
            onFresh.drawText(text, font: try sans(13), color: .black, x: x, baselineY: 40)
            XCTAssertEqual(onWarm.pixels, onFresh.pixels, "on grey at x \(x)")
        }
        XCTAssertEqual(warm.measure(text), try sans(13).measure(text))
    }

    func testMeasuredWidthMatchesInkExtent() throws {
        let font = try sans()
        let width = font.measure("HELLO")
        let ink = try XCTUnwrap(inkBounds(render("HELLO", font: font)))
        // Side bearings of H and O are about a pixel or two at 20 px.
        XCTAssertEqual(Double(ink.x), 10, accuracy: 3)
        XCTAssertEqual(Double(ink.maxX), 10 + width, accuracy: 3)
        XCTAssertGreaterThan(width, 50)
    }

    func testMeasureAddsAdvances() throws {
        let font = try sans()
        XCTAssertEqual(font.measure(""), 0)
        XCTAssertEqual(font.measure("IIII"), 4 * font.measure("I"), accuracy: 1e-9)
        XCTAssertEqual(try sans(40).measure("HELLO"), 2 * font.measure("HELLO"), accuracy: 0.5)
    }

    func testInkSitsOnTheBaseline() throws {
        let font = try sans()
        let ink = try XCTUnwrap(inkBounds(render("HELLO", font: font, baseline: 40)))
        XCTAssertLessThanOrEqual(ink.maxY, 41, "no ink below baselineY + 1")
        XCTAssertGreaterThanOrEqual(ink.maxY, 40, "capitals reach the baseline")
        XCTAssertGreaterThanOrEqual(Double(ink.y), 40 - font.ascent - 1)
        let descenders = try XCTUnwrap(inkBounds(render("gjpq", font: font, baseline: 40)))
        XCTAssertGreaterThan(descenders.maxY, 43, "descenders go below the baseline")
    }

    func testMetricsAreInPixels() throws {
        let font = try sans(20)
        XCTAssertGreaterThan(font.ascent, 14)
        XCTAssertLessThan(font.ascent, 22)
        XCTAssertGreaterThan(font.descent, 2)
        XCTAssertGreaterThanOrEqual(font.lineHeight, font.ascent + font.descent - 1)
    }

    func testSameTextSameBytesAndSubpixelPenMoves() throws {
        let font = try sans()
        XCTAssertEqual(render("Drag to dismiss", font: font), render("Drag to dismiss", font: try sans()))
        XCTAssertNotEqual(render("H", font: font, x: 10), render("H", font: font, x: 10.5))
        XCTAssertEqual(
            inkBounds(render("H", font: font, x: 13))?.x,
            inkBounds(render("H", font: font, x: 10)).map { $0.x + 3 })
    }

    func testAntialiasedCoverage() throws {
        let b = render("O", font: try sans())
        XCTAssertTrue(b.pixels.contains { alpha($0) > 0 && alpha($0) < 255 })
        XCTAssertTrue(b.pixels.contains { alpha($0) == 255 })
    }

    func testMissingFontIsAClearError() {
        XCTAssertThrowsError(try Font(path: "/nonexistent/x.ttf", pixelSize: 12)) { error in
            XCTAssertTrue("\(error)".hasPrefix("cannot read font /nonexistent/x.ttf"), "\(error)")
        }
    }
}
