import ModalKitBase
import ModalKitPixels
import XCTest

final class DrawTests: XCTestCase {
    private func randomBitmap(_ w: Int, _ h: Int, seed: UInt64, opaque: Bool) -> Bitmap {
        var random = TestRandom(state: seed)
        var b = Bitmap(width: w, height: h)
        for i in b.pixels.indices { b.pixels[i] = random.pixel(opaque: opaque || random.next(2) == 0) }
        return b
    }

    func testIntegerOffsetIsAnExactCopy() {
        let source = randomBitmap(13, 9, seed: 7, opaque: false)
        var b = Bitmap(width: 20, height: 15)
        b.draw(source, x: 3, y: 2)
        for y in 0 ..< 15 {
            for x in 0 ..< 20 {
                let inside = x >= 3 && x < 16 && y >= 2 && y < 11
                XCTAssertEqual(b[x, y], inside ? source[x - 3, y - 2] : 0, "(\(x), \(y))")
            }
        }
    }

    func testOpaqueBlitReplacesAndClipsAtEveryEdge() {
        let source = randomBitmap(10, 10, seed: 3, opaque: true)
        var b = Bitmap(width: 8, height: 8)
        b.fill(.white)
        b.draw(source, x: -4, y: -3, clip: PixelRect(x: 0, y: 0, width: 5, height: 8))
        XCTAssertEqual(b[0, 0], source[4, 3])
        XCTAssertEqual(b[4, 6], source[8, 9])
        XCTAssertEqual(b[5, 0], 0xFFFF_FFFF)
        XCTAssertEqual(b[0, 7], 0xFFFF_FFFF)
    }

    func testHalfPixelOffsetAveragesNeighbours() {
        var source = Bitmap(width: 2, height: 1)
        source.pixels = [0xFF20_4060, 0xFF60_A0E0]
        var b = Bitmap(width: 4, height: 1)
        b.draw(source, x: 0.5, y: 0)
        // Pixel 1's centre maps to 0.5 in the source: the mean of both, channel by channel.
        XCTAssertEqual(b[1, 0], 0xFF40_70A0)
        // The outer halves blend with transparency outside the source.
        XCTAssertEqual(alpha(b[0, 0]), 128)
        XCTAssertEqual(alpha(b[2, 0]), 128)
        XCTAssertEqual(b[3, 0], 0)
    }

    func testVerticalHalfPixelAveragesRows() {
        var source = Bitmap(width: 1, height: 2)
        source.pixels = [0xFF00_0000, 0xFFFF_FFFF]
        var b = Bitmap(width: 1, height: 3)
        b.draw(source, x: 0, y: 0.5)
        // round half up of 255/2.
        XCTAssertEqual(b[0, 1], 0xFF80_8080)
    }

    func testScaleTwoOfAFlatImageIsFlatInside() {
        var source = Bitmap(width: 4, height: 4)
        source.fill(Color(rgb: 0x336699))
        var b = Bitmap(width: 10, height: 10)
        b.draw(source, x: 1, y: 1, scale: 2)
        for y in 2 ..< 8 { for x in 2 ..< 8 { XCTAssertEqual(b[x, y], 0xFF33_6699, "(\(x), \(y))") } }
        XCTAssertEqual(b[0, 5], 0)
        XCTAssertEqual(b[9, 5], 0)
        XCTAssertGreaterThan(alpha(b[1, 5]), 0)
    }
}
