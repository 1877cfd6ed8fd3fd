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

/// The sampler's fast path for taps inside the source must give the bytes of sampling with a bounds test on
/// every tap.
final class SamplerInteriorTests: XCTestCase {
    /// Bilinear sampling as the sampler defines it, one tap at a time with transparency outside the source.
    private func reference(_ source: Bitmap, into target: inout Bitmap, x: Double, y: Double, scale: Double) {
        func tap(_ u: Double) -> (Int, UInt32) {
            let f = u.rounded(.down)
            return (Int(f), UInt32(((u - f) * 256).rounded()))
        }
        func at(_ sx: Int, _ sy: Int) -> UInt32 {
            sx >= 0 && sy >= 0 && sx < source.width && sy < source.height ? source[sx, sy] : 0
        }
        func lerp(_ a: UInt32, _ b: UInt32, _ w: UInt32) -> UInt32 {
            let v = 256 - w
            let rb = ((a & 0x00FF_00FF) &* v &+ (b & 0x00FF_00FF) &* w &+ 0x0080_0080) >> 8 & 0x00FF_00FF
            let ag = (((a >> 8) & 0x00FF_00FF) &* v &+ ((b >> 8) & 0x00FF_00FF) &* w &+ 0x0080_0080) & 0xFF00_FF00
            return rb | ag
        }
        // Only the pixels the scaled source covers, as `draw` does.
        let area = PixelRect(
            covering: Rect(
                x: x, y: y, width: Double(source.width) * scale,
                height: Double(source.height) * scale)
        ).intersection(target.bounds)
        for py in area.y ..< area.maxY {
            let (row, wy) = tap((Double(py) + 0.5 - y) / scale - 0.5)
            for px in area.x ..< area.maxX {
                let (sx, wx) = tap((Double(px) + 0.5 - x) / scale - 0.5)
                let top = lerp(at(sx, row), at(sx + 1, row), wx),
                    bottom = lerp(at(sx, row + 1), at(sx + 1, row + 1), wx)
                let s = lerp(top, bottom, wy)
                guard s != 0 else { continue }
                let inverse = 255 - (s >> 24)
                var rb = (target[px, py] & 0x00FF_00FF) &* inverse &+ 0x0080_0080
                rb = ((rb &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
                var ag = ((target[px, py] >> 8) & 0x00FF_00FF) &* inverse &+ 0x0080_0080
                ag = (ag &+ ((ag >> 8) & 0x00FF_00FF)) & 0xFF00_FF00
                target[px, py] = s &+ (rb | ag)
            }
        }
    }

    func testScaledAndFractionalDrawsMatchTapByTapSampling() {
        var random = TestRandom(state: 11)
        var source = Bitmap(width: 31, height: 23)
        for i in source.pixels.indices { source.pixels[i] = random.pixel(opaque: random.next(3) != 0) }
        for (x, y, scale) in [(3.0, 2.0, 0.93), (-4.5, 1.25, 1.0), (2.0, 3.0, 0.5), (1.3, -2.7, 1.7), (0.0, 0.5, 1.0)] {
            var base = Bitmap(width: 40, height: 30)
            for i in base.pixels.indices { base.pixels[i] = random.pixel(opaque: true) }
            var drawn = base, expected = base
            drawn.draw(source, x: x, y: y, scale: scale)
            reference(source, into: &expected, x: x, y: y, scale: scale)
            XCTAssertEqual(zip(drawn.pixels, expected.pixels).filter { $0 != $1 }.count, 0, "(\(x), \(y)) × \(scale)")
            XCTAssertNotEqual(drawn, base)
        }
    }
}
