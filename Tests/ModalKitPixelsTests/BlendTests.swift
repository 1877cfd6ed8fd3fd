import ModalKitBase
import ModalKitPixels
import XCTest

final class BlendTests: XCTestCase {
    func testPremultipliedRoundsEachChannelOfComponentTimesAlpha() {
        // a = round(0.5·255 = 127.5) = 128, r = 128, g = round(0.25·255 = 63.75) = 64, b = 0.
        XCTAssertEqual(Bitmap.premultiplied(Color(red: 1, green: 0.5, blue: 0, alpha: 0.5)), 0x8080_4000)
        XCTAssertEqual(Bitmap.premultiplied(.white), 0xFFFF_FFFF)
        XCTAssertEqual(Bitmap.premultiplied(.clear), 0)
        XCTAssertEqual(Bitmap.premultiplied(Color(red: 2, green: -1, blue: 0.5, alpha: 1)), 0xFFFF_0080)
    }

    func testHalfBlackOverWhiteIsMidGrey() {
        var b = Bitmap(width: 2, height: 1)
        b.fill(.white)
        b.fill(Color(white: 0, alpha: 0.5))
        // src = 0x80000000; each colour channel = round(255·127/255) = 127, alpha = 128 + 127.
        XCTAssertEqual(b[0, 0], 0xFF7F_7F7F)
        XCTAssertEqual(b[1, 0], 0xFF7F_7F7F)
    }

    func testQuarterRedOverBlue() {
        var b = Bitmap(width: 1, height: 1)
        b.fill(Color(rgb: 0x0000FF))
        b.fill(Color(red: 1, green: 0, blue: 0, alpha: 0.25))
        // src a = r = round(63.75) = 64; blue keeps round(255·191/255) = 191.
        XCTAssertEqual(b[0, 0], 0xFF40_00BF)
    }

    func testFillRespectsRectAndClip() {
        var b = Bitmap(width: 10, height: 10)
        b.fill(
            .white, in: PixelRect(x: 2, y: 2, width: 6, height: 6), clip: PixelRect(x: 5, y: 0, width: 10, height: 4))
        for y in 0 ..< 10 {
            for x in 0 ..< 10 {
                let inside = x >= 5 && x < 8 && y >= 2 && y < 4
                XCTAssertEqual(b[x, y], inside ? 0xFFFF_FFFF : 0, "(\(x), \(y))")
            }
        }
        b.clear(PixelRect(x: 6, y: 3, width: 100, height: 100))
        XCTAssertEqual(b[5, 3], 0xFFFF_FFFF)
        XCTAssertEqual(b[6, 3], 0)
    }

    func testDimIsTranslucentBlack() {
        var b = Bitmap(width: 1, height: 1)
        b.fill(Color(rgb: 0xC8C8C8))
        b.dim(alpha: 0.4)
        // veil alpha = round(0.4·255) = 102; 200·153/255 = 120 exactly.
        XCTAssertEqual(b[0, 0], 0xFF78_7878)
    }

    func testOpacityScalesEveryChannel() {
        var source = Bitmap(width: 1, height: 1)
        source.fill(.white)
        var b = Bitmap(width: 1, height: 1)
        b.draw(source, x: 0, y: 0, opacity: 0.5)
        // opacity byte 128; 255·128/255 = 128 in every channel.
        XCTAssertEqual(b[0, 0], 0x8080_8080)
        b.draw(source, x: 0, y: 0, opacity: 0)
        XCTAssertEqual(b[0, 0], 0x8080_8080)
    }

    func testChannelScalingIsExactlyRoundedForEveryInput() {
        var b = Bitmap(width: 1, height: 1)
        for k in stride(from: 0, through: 255, by: 3) {
            for c in stride(from: 0, through: 255, by: 5) {
                // dst opaque grey c under black of alpha byte k: channel = round(c·(255−k)/255).
                b.pixels[0] = 0xFF00_0000 | UInt32(c) << 16 | UInt32(c) << 8 | UInt32(c)
                b.fill(Color(white: 0, alpha: Double(k) / 255))
                let expected = UInt32((Double(c * (255 - k)) / 255).rounded())
                XCTAssertEqual(b[0, 0] & 0xFF, expected, "c \(c) k \(k)")
                XCTAssertEqual(b[0, 0] >> 24, 255)
            }
        }
    }

    func testPixelRectCoveringAndSetOperations() {
        XCTAssertEqual(
            PixelRect(covering: Rect(x: 1.5, y: -0.5, width: 2, height: 1)),
            PixelRect(x: 1, y: -1, width: 3, height: 2))
        XCTAssertEqual(
            PixelRect(covering: Rect(x: 2, y: 3, width: 4, height: 5)),
            PixelRect(x: 2, y: 3, width: 4, height: 5))
        let a = PixelRect(x: 0, y: 0, width: 4, height: 4), c = PixelRect(x: 2, y: 3, width: 4, height: 4)
        XCTAssertEqual(a.intersection(c), PixelRect(x: 2, y: 3, width: 2, height: 1))
        XCTAssertEqual(a.union(c), PixelRect(x: 0, y: 0, width: 6, height: 7))
        XCTAssertTrue(a.intersection(PixelRect(x: 9, y: 9, width: 1, height: 1)).isEmpty)
    }
}
