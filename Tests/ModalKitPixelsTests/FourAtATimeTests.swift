import XCTest
import ModalKitBase
@testable import ModalKitPixels

/// Every loop that takes four pixels at a time in SIMD lanes gives the bytes of its one-at-a-time arithmetic. An
/// optimised build draws with the lanes and a debug build without (`PixelMath.fourAtATime`), so the rest of the
/// suite, built for debugging, checks the scalar path; these draws check the lanes against it in either build.
final class FourAtATimeTests: XCTestCase {
    /// A source with what the loops tell apart: clear ends, translucent and clear pixels inside, and an opaque
    /// run of a different length and alignment on each row (so groups of four are clear, opaque and mixed).
    private func source(width: Int = 41, height: Int = 13) -> Bitmap {
        var seed: UInt64 = 7
        var bitmap = Bitmap(width: width, height: height)
        for y in 0 ..< height {
            let clearEnds = y % 4, runStart = 5 + y % 3, runEnd = width - 6 - y
            for x in clearEnds ..< width - clearEnds {
                let p = pixel(&seed)
                bitmap[x, y] = x >= runStart && x < runEnd ? p | 0xFF00_0000 : p
            }
        }
        return bitmap
    }

    /// A valid premultiplied pixel from a seed (no channel above alpha): clear, opaque and in between.
    private func pixel(_ seed: inout UInt64) -> UInt32 {
        seed = seed &* 6364136223846793005 &+ 1442695040888963407
        let a = UInt32(truncatingIfNeeded: seed >> 56)
        let alpha = a < 40 ? 0 : (a > 200 ? 255 : a)
        let bits = seed
        let c = { (shift: UInt64) in UInt32(truncatingIfNeeded: bits >> shift) % (alpha + 1) }
        return alpha << 24 | c(8) << 16 | c(16) << 8 | c(24)
    }

    /// An opaque, varied background to draw on.
    private func background(width: Int = 60, height: Int = 30) -> Bitmap {
        var seed: UInt64 = 99
        var bitmap = Bitmap(width: width, height: height)
        for i in bitmap.pixels.indices { bitmap.pixels[i] = pixel(&seed) | 0xFF00_0000 }
        return bitmap
    }

    /// What `body` gives with the lanes and without them; the setting is restored after.
    private func bothWays<T>(_ body: () -> T) -> (lanes: T, scalar: T) {
        let saved = PixelMath.fourAtATime
        defer { PixelMath.fourAtATime = saved }
        PixelMath.fourAtATime = true
        let lanes = body()
        PixelMath.fourAtATime = false
        return (lanes, body())
    }

    /// `draw` onto the background, with the lanes and without, asserting the same bytes and a visible change.
    private func assertSameDraw(
        _ label: String, file: StaticString = #filePath, line: UInt = #line,
        _ draw: (inout Bitmap) -> Void
    ) {
        let before = background()
        let (lanes, scalar) = bothWays { () -> [UInt32] in
            var target = before
            draw(&target)
            return target.pixels
        }
        assertSamePixels(lanes, scalar, label, file: file, line: line)
        XCTAssertNotEqual(lanes, before.pixels, "\(label): the draw changed nothing", file: file, line: line)
    }

    /// Fails with how many pixels differ and the first of them, not both arrays.
    private func assertSamePixels(
        _ lanes: [UInt32], _ scalar: [UInt32], _ label: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        let differing = lanes.indices.filter { lanes[$0] != scalar[$0] }
        guard let first = differing.first else { return }
        XCTFail(
            "\(label): \(differing.count) pixels differ, the first at \(first): lanes "
                + "\(String(lanes[first], radix: 16)), one at a time \(String(scalar[first], radix: 16))",
            file: file, line: line)
    }

    func testBlitsGiveTheSameBytes() {
        let source = source(), spans = RowSpans(of: source)
        for opacity in [1.0, 0.55] {
            for rows in [nil, spans] {
                assertSameDraw("blit at opacity \(opacity), spans \(rows != nil)") {
                    $0.draw(source, x: 3, y: 2, opacity: opacity, spans: rows)
                }
                assertSameDraw("clipped blit at opacity \(opacity), spans \(rows != nil)") {
                    $0.draw(
                        source, x: -5, y: 20, opacity: opacity, clip: PixelRect(x: 0, y: 0, width: 30, height: 28),
                        spans: rows)
                }
            }
        }
    }

    func testScaledDrawsGiveTheSameBytes() {
        let source = source(), spans = RowSpans(of: source)
        // 0.97 and 0.9: most groups of four columns have four neighbouring left taps (one load each side).
        for scale in [1.37, 0.61, 2.0, 0.97, 0.9] {
            for opacity in [1.0, 0.4] {
                for rows in [nil, spans] {
                    assertSameDraw("scale \(scale), opacity \(opacity), spans \(rows != nil)") {
                        $0.draw(source, x: 1.25, y: 0.5, scale: scale, opacity: opacity, spans: rows)
                    }
                }
            }
        }
    }

    func testTintedBlitsGiveTheSameBytes() {
        let source = source(), spans = RowSpans(of: source)
        for opacity in [1.0, 0.6] {
            for rows in [nil, spans] {
                assertSameDraw("tinted blit at opacity \(opacity), spans \(rows != nil)") {
                    $0.drawTinted(source, x: 4, y: 3, opacity: opacity, clip: nil, spans: rows, tint: 0x6620_1008)
                }
            }
        }
    }

    func testGlassRowMixesGiveTheSameBytes() {
        let a = source().pixels, b = Array(background().pixels.prefix(a.count))
        // Three short of a multiple of four: the lanes and a tail.
        let count = a.count - 3
        let (lanes, scalar) = bothWays { () -> [UInt32] in
            var out = [UInt32](repeating: 0, count: count)
            a.withUnsafeBufferPointer { a in
                b.withUnsafeBufferPointer { b in
                    out.withUnsafeMutableBufferPointer { out in
                        guard let a = a.baseAddress, let b = b.baseAddress, let out = out.baseAddress else { return }
                        Bitmap.blendRows(a, b, 97, 159, into: out, count: count)
                    }
                }
            }
            return out
        }
        assertSamePixels(lanes, scalar, "glass mix")
        XCTAssertFalse(lanes.allSatisfy { $0 == 0 }, "the mix wrote pixels")
    }

    /// A glass stretched up from its small backdrop (each small row stretched across four pixels at a time where
    /// the fourth's right tap is inside, the rest and the right end one at a time), mixed toward a solid or not,
    /// with a hole left for what covers it, scaled by a factor of four and by an uneven one.
    func testGlassDrawsGiveTheSameBytes() {
        let backdrop = FrostedBackdrop(
            screen: background(width: 48, height: 28), factor: 4, radius: 1, dim: 0.3, tint: Color(white: 1, alpha: 0.2)
        )
        for (scale, offset) in [(0.25, 0.375), (0.31, -0.2)] {
            for amount: UInt32 in [0, 97] {
                for hole in [false, true] {
                    assertSameDraw("glass at \(scale), amount \(amount), hole \(hole)") { target in
                        var scratch = GlassScratch()
                        target.drawGlass(
                            backdrop,
                            mapping: GlassMapping(scaleX: scale, offsetX: offset, scaleY: scale, offsetY: 0.1),
                            solid: 0xFFF2_F2F7, amount: amount, in: Rect(x: 2.5, y: 1.25, width: 53, height: 26),
                            radii: CornerRadii(topLeft: 6, topRight: 6, bottomRight: 9, bottomLeft: 9),
                            clip: target.bounds, scratch: &scratch, covered: hole ? { _ in 21 ..< 38 } : nil)
                    }
                }
            }
        }
    }

    func testRowSpansAgree() {
        let source = source()
        let (lanes, scalar) = bothWays { () -> [[Int]] in
            let spans = RowSpans(of: source)
            return (0 ..< source.height).map { row in
                let (visible, opaque) = spans.row(row)
                return [visible.lowerBound, visible.upperBound, opaque.lowerBound, opaque.upperBound]
            }
        }
        XCTAssertEqual(lanes, scalar)
        XCTAssertTrue(lanes.contains { $0[3] - $0[2] >= 8 }, "some row has an opaque run to find: \(lanes)")
    }
}
