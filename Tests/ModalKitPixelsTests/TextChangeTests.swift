import ModalKitBase
import ModalKitPixels
import XCTest

/// `Bitmap.textChange`: clearing the area it names and drawing the new line clipped to it gives the pixels of the
/// new line drawn whole, and for a HUD-like line whose digits change it is the digits, not the line.
final class TextChangeTests: XCTestCase {
    private func sans(_ size: Double = 13) throws -> Font {
        try Font(path: Font.findPath(pattern: "sans-serif"), pixelSize: size)
    }

    private static let ground = Color(white: 0.12)

    /// `text` drawn whole at `x` over the HUD's dark ground.
    private func whole(_ text: String, _ font: Font, x: Double) -> Bitmap {
        var b = Bitmap(width: 260, height: 30)
        b.fill(TextChangeTests.ground)
        b.drawText(text, font: font, color: .white, x: x, baselineY: 20)
        return b
    }

    /// `old` drawn whole at `oldX`, then only `textChange`'s area redrawn with `new` at `newX`.
    private func patched(_ old: String, _ oldX: Double, _ new: String, _ newX: Double, _ font: Font)
        -> (Bitmap, PixelRect?)
    {
        var b = whole(old, font, x: oldX)
        let line = TextLine(new, font: font)
        let area = Bitmap.textChange(
            from: TextLine(old, font: font), at: oldX, to: line, at: newX, font: font, baselineY: 20)
        if let area {
            b.fill(TextChangeTests.ground, in: area)
            b.drawText(line, font: font, color: .white, x: newX, baselineY: 20, clip: area)
        }
        return (b, area)
    }

    func testRedrawingOnlyTheChangedAreaGivesTheNewLineWhole() throws {
        let font = try sans()
        let pairs = [
            ("drag 12.3 pt  v 456 pt/s", "drag 12.4 pt  v 456 pt/s"), ("drag 9.9 pt", "drag 10.0 pt"),
            ("v 99", "v 100"), ("v 100", "v 99"), ("AVATAR", "AVATAR!"), ("To", "Ta"), ("WAVE", "VAVE"),
            ("text", ""), ("", "text"), ("fj", "fi"), ("same", "same"), ("Жψ 1", "Жψ 2")
        ]
        for (old, new) in pairs {
            for (oldX, newX) in [(10.0, 10.0), (10.25, 10.25), (10.0, 12.5), (33.75, 21.0)] {
                let (b, _) = patched(old, oldX, new, newX, font)
                XCTAssertTrue(b.pixels == whole(new, font, x: newX).pixels, "\(old) → \(new) at \(oldX) → \(newX)")
            }
        }
    }

    /// One digit of a 13-pixel line (about 8 pixels wide) changed: the area is that digit's box, not the line.
    func testAChangedDigitIsAllThatIsRedrawn() throws {
        let font = try sans()
        let (_, area) = patched("drag 12.3 pt  v 456 pt/s", 10, "drag 12.4 pt  v 456 pt/s", 10, font)
        let changed = try XCTUnwrap(area)
        XCTAssertLessThanOrEqual(changed.width, 10, "\(changed)")
        let lineStart = 10 + Int(font.measure("drag 12."))
        XCTAssertGreaterThanOrEqual(changed.x, lineStart - 1, "\(changed) starts at the digit, not the line")
        let same = TextLine("same", font: font)
        XCTAssertNil(Bitmap.textChange(from: same, at: 10, to: same, at: 10, font: font, baselineY: 20))
        XCTAssertNotNil(Bitmap.textChange(from: same, at: 10, to: same, at: 10.5, font: font, baselineY: 20))
    }

    /// A laid-out line draws the pixels its text draws, and measures what the face measures, at every quarter pixel.
    func testALaidOutLineIsItsText() throws {
        let font = try sans()
        for text in ["AVATAR To·é≤×Жψ 0.25 ms", "WAVE fj", ""] {
            let line = TextLine(text, font: font)
            XCTAssertEqual(line.width, font.measure(text), text)
            for quarter in 0 ..< 8 {
                let x = 10 + Double(quarter) * 0.25
                var b = Bitmap(width: 260, height: 30)
                b.drawText(line, font: font, color: .black, x: x, baselineY: 20)
                var c = Bitmap(width: 260, height: 30)
                c.drawText(text, font: font, color: .black, x: x, baselineY: 20)
                XCTAssertTrue(b.pixels == c.pixels, "\(text) at \(x)")
            }
        }
    }
}
