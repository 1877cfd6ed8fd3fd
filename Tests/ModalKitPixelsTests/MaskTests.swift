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
            // Inside the pixels the rectangle touches, exactly the fill; outside them, untouched.
            var expected = Bitmap(width: 40, height: 30)
            expected.pixels = Array(repeating: 0xFF20_40C0, count: expected.pixels.count)
            let touched = PixelRect(covering: rect)
            expected.clear(touched)
            expected.fillRoundedRect(rect, radii: radii, color: Color(rgb: 0x2040C0))
            XCTAssertEqual(picture, expected, "\(rect) \(radii)")
        }
    }

    /// With a clip, only the clip is cut: cutting a layer's redrawn band leaves the rest as it was.
    func testClipLimitsTheCut() {
        var picture = Bitmap(width: 20, height: 20)
        picture.pixels = Array(repeating: 0xFFFF_FFFF, count: picture.pixels.count)
        let band = PixelRect(x: 0, y: 10, width: 20, height: 10)
        picture.mask(toRoundedRect: Rect(x: 0, y: 0, width: 20, height: 20), radii: CornerRadii(all: 8), clip: band)
        XCTAssertEqual(picture[0, 0], 0xFFFF_FFFF, "the top corner is outside the clip")
        XCTAssertEqual(picture[0, 19], 0)
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
