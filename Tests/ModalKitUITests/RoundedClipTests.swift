import XCTest
import ModalKitBase
import ModalKitPixels
@testable import ModalKitUI

/// A view that clips cuts its subviews to its rounded corners (CALayer's `masksToBounds` with a radius): an image
/// filling a sheet shows no square corners where the sheet's are round, at 1x and 2x, after partial redraws too.
final class RoundedClipTests: XCTestCase {
    private func solidImage(_ colour: UInt32) -> Image {
        var b = Bitmap(width: 80, height: 80)
        b.pixels = Array(repeating: colour, count: b.pixels.count)
        return Image(bitmap: b)
    }

    /// A window with a top-rounded card, its background `background`, holding `children`.
    private func window(background: Color, children: [View]) -> (Window, View) {
        let window = Window(size: Size(width: 100, height: 100))
        window.backgroundColor = Color(white: 0.2)
        let card = View(frame: Rect(x: 10, y: 10, width: 80, height: 80))
        card.shouldRasterize = true
        card.backgroundColor = background
        card.cornerRadius = 12
        card.maskedCorners = .top
        card.clipsToBounds = true
        for child in children { card.addSubview(child) }
        window.addSubview(card)
        return (window, card)
    }

    private func render(_ window: Window, scale: Double) -> Bitmap {
        var bitmap = Bitmap(width: Int(100 * scale), height: Int(100 * scale))
        window.render(into: &bitmap, scale: scale)
        return bitmap
    }

    /// The card filled by an opaque red image, and a clipping card whose own background is red, both look exactly
    /// like a red rounded rectangle filled on the window's grey: the image's corners are cut, and the background's
    /// edge is not thinned by being cut twice.
    func testImageInARoundedCardIsCutLikeAFilledShape() {
        for scale in [1.0, 2.0] {
            var expected = Bitmap(width: Int(100 * scale), height: Int(100 * scale))
            expected.fill(Color(white: 0.2))
            expected.fillRoundedRect(
                Rect(x: 10 * scale, y: 10 * scale, width: 80 * scale, height: 80 * scale),
                radii: CornerRadii(topLeft: 12 * scale, topRight: 12 * scale, bottomRight: 0, bottomLeft: 0),
                color: Color(red: 1, green: 0, blue: 0))
            let image = ImageView(image: solidImage(0xFFFF_0000), frame: Rect(x: 0, y: 0, width: 80, height: 80))
            let (withImage, _) = window(background: .white, children: [image])
            let (plain, _) = window(background: Color(red: 1, green: 0, blue: 0), children: [])
            assertSame(render(withImage, scale: scale), expected, "\(scale)x, image")
            assertSame(render(plain, scale: scale), expected, "\(scale)x, background")
        }
    }

    private func assertSame(
        _ drawn: Bitmap, _ expected: Bitmap, _ what: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        let wrong = drawn.pixels.indices.filter { drawn.pixels[$0] != expected.pixels[$0] }
        let first = wrong.first.map { i in
            "(\(i % drawn.width), \(i / drawn.width)) is \(String(drawn.pixels[i], radix: 16)), not "
                + String(expected.pixels[i], radix: 16)
        }
        XCTAssertEqual(wrong.count, 0, "\(what): first \(first ?? "")", file: file, line: line)
    }

    /// Redrawing part of the card (a child near its corner moves) cuts that part once, not twice: the frame
    /// equals a fresh render of the same tree.
    func testPartialRedrawCutsTheCornerOnce() {
        for scale in [1.0, 2.0] {
            let image = ImageView(image: solidImage(0xFF00_80FF), frame: Rect(x: 0, y: 0, width: 80, height: 80))
            let badge = View(frame: Rect(x: 0, y: 0, width: 20, height: 20))
            badge.backgroundColor = Color(red: 1, green: 0, blue: 0)
            let (w, card) = window(background: .white, children: [image, badge])
            var bitmap = render(w, scale: scale)
            let partial = card.partialRenderCount
            badge.center = Point(x: 12, y: 12)
            w.render(into: &bitmap, scale: scale)
            XCTAssertEqual(card.partialRenderCount, partial + 1, "the card redrew only the badge's part")
            let sameBadge = View(frame: badge.frame)
            sameBadge.backgroundColor = badge.backgroundColor
            let (again, _) = window(
                background: .white, children: [ImageView(image: image.image, frame: image.frame), sameBadge])
            let expected = render(again, scale: scale)
            assertSame(bitmap, expected, "\(scale)x, the frame drawn in part")
            // The whole card's layer, as the next full frame (a resize, a new window bitmap) shows it.
            assertSame(render(w, scale: scale), expected, "\(scale)x, the whole layer")
        }
    }
}
