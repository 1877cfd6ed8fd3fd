import ModalKitBase
import ModalKitPixels
import ModalKitTestSupport
import XCTest

/// A small sheet-over-dimmed-content picture using every primitive, for determinism and the golden.
func composedPicture(font: Font, bold: Font) -> Bitmap {
    var b = Bitmap(width: 200, height: 160)
    b.fill(.systemGray6)
    b.fill(.systemBlue, in: PixelRect(x: 0, y: 0, width: 200, height: 28))
    b.drawText("Settings", font: bold, color: .white, x: 12, baselineY: 20)
    for row in 0 ..< 4 {
        let y = 38 + row * 22
        b.fillRoundedRect(
            Rect(x: 10, y: Double(y), width: 180, height: 18), radii: CornerRadii(all: 4),
            color: .white)
        b.drawText("Row \(row + 1)", font: font, color: .label, x: 16, baselineY: Double(y) + 13.5)
    }
    b.dim(alpha: 0.4)
    let card = Rect(x: 20.5, y: 64.25, width: 159, height: 110)
    let radii = CornerRadii(topLeft: 12, topRight: 12, bottomRight: 0, bottomLeft: 0)
    b.drawShadow(of: card, radii: radii, blur: 14, offsetX: 0, offsetY: -2, color: Color(white: 0, alpha: 0.35))
    b.fillRoundedRect(card, radii: radii, color: .white)
    b.fillRoundedRect(Rect(x: 82, y: 70, width: 36, height: 5), radii: CornerRadii(all: 2.5), color: .separator)
    b.drawText("Drag to dismiss", font: bold, color: .label, x: 34.25, baselineY: 100)
    b.drawText("Swipe down to close.", font: font, color: .secondaryLabel, x: 34, baselineY: 120)
    var badge = Bitmap(width: 12, height: 12)
    badge.fillRoundedRect(Rect(x: 0, y: 0, width: 12, height: 12), radii: CornerRadii(all: 6), color: .green)
    b.draw(badge, x: 155.5, y: 80.5, opacity: 0.9)
    return b
}

final class CompositionTests: XCTestCase {
    private func fonts() throws -> (Font, Font) {
        (
            try Font(path: Font.findPath(pattern: "sans-serif"), pixelSize: 11),
            try Font(path: Font.findPath(pattern: "sans-serif:bold"), pixelSize: 13)
        )
    }

    func testTwoRendersAreByteIdentical() throws {
        let (a, b) = try fonts()
        let (c, d) = try fonts()
        XCTAssertEqual(composedPicture(font: a, bold: b), composedPicture(font: c, bold: d))
        XCTAssertEqual(composedPicture(font: a, bold: b), composedPicture(font: a, bold: b))
    }

    func testComposedPictureMatchesGolden() throws {
        let (font, bold) = try fonts()
        assertMatchesGolden(composedPicture(font: font, bold: bold), named: "pixels-composed-card")
    }
}
