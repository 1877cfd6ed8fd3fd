import ModalKitBase
import ModalKitPixels
import XCTest

/// `mask(toRoundedRect:radii:)` cuts a picture exactly where `fillRoundedRect` would fill, and `cropped` copies a
/// part.
final class MaskTests: XCTestCase {
    func testMaskedSolidEqualsFilledShape() {
        let shapes: [(Rect, CornerRadii)] = [
            (Rect(x: 0, y: 0, width: 40, height: 30), CornerRadii(all: 8)),
            (
                Rect(x: 2.5, y: 1.25, width: 33.5, height: 20.75),
                CornerRadii(topLeft: 10, topRight: 3.5, bottomRight: 0, bottomLeft: 6)
            ),
            (Rect(x: -5, y: -5, width: 50, height: 45), CornerRadii(all: 12))
        ]
        for (rect, radii) in shapes {
            var picture = Bitmap(width: 40, height: 30)
            picture.pixels = Array(repeating: 0xFF20_40C0, count: picture.pixels.count)
            picture.mask(toRoundedRect: rect, radii: radii)
            var filled = Bitmap(width: 40, height: 30)
            filled.fillRoundedRect(rect, radii: radii, color: Color(rgb: 0x2040C0))
            XCTAssertEqual(picture, filled, "\(rect) \(radii)")
        }
    }

    func testCroppedCopiesThePartInside() {
        var b = Bitmap(width: 5, height: 4)
        for i in b.pixels.indices { b.pixels[i] = UInt32(i) }
        let part = b.cropped(to: PixelRect(x: 3, y: 2, width: 4, height: 4))
        XCTAssertEqual(part.width, 2)
        XCTAssertEqual(part.pixels, [13, 14, 18, 19])
        XCTAssertEqual(b.cropped(to: PixelRect(x: 9, y: 9, width: 2, height: 2)).pixels, [])
    }
}
