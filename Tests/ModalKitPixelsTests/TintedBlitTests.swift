import XCTest
import ModalKitBase
import ModalKitTestSupport
@testable import ModalKitPixels

/// A blit and a translucent fill over it in one pass must give exactly the bytes of the two passes.
final class TintedBlitTests: XCTestCase {
    /// A premultiplied pixel: often clear or opaque (the shapes of cached layers), else anything valid.
    private func pixel(_ rng: inout SplitMix64) -> UInt32 {
        let r = rng.next()
        let kind = r % 4
        let a: UInt64 = kind == 0 ? 0 : (kind == 1 ? UInt64(rng.next() % 256) : 255)
        let c = { (shift: UInt64) in UInt32(truncatingIfNeeded: (r >> shift) % (a + 1)) }
        return UInt32(a) << 24 | c(8) << 16 | c(20) << 8 | c(32)
    }

    /// A source whose rows are clear at the ends, opaque in the middle and mixed around it, like a card's layer.
    private func layer(_ rng: inout SplitMix64, width: Int, height: Int) -> Bitmap {
        var b = Bitmap(width: width, height: height)
        for y in 0 ..< height {
            let left = Int(rng.next() % UInt64(width / 3 + 1)), right = width - Int(rng.next() % UInt64(width / 3 + 1))
            for x in left ..< max(left, right) {
                let edge = x < left + 2 || x >= right - 2
                b[x, y] = edge || rng.next() % 9 == 0 ? pixel(&rng) : 0xFF00_0000 | UInt32(rng.next() % 0xFF_FFFF)
            }
        }
        return b
    }

    func testOnePassEqualsBlitThenFillOverSeededRandomCases() {
        var rng = SplitMix64(seed: 14)
        for round in 0 ..< 400 {
            let source = layer(&rng, width: 3 + Int(rng.next() % 40), height: 1 + Int(rng.next() % 12))
            var target = Bitmap(width: 48, height: 20)
            for i in target.pixels.indices { target.pixels[i] = pixel(&rng) }
            let x = Int(rng.next() % 60) - 10, y = Int(rng.next() % 30) - 6
            let opacity = [1, 1, 0, rng.nextUnit()][Int(rng.next() % 4)]
            let tint = Bitmap.premultiplied(
                Color(white: rng.nextUnit(), alpha: [0, 1, rng.nextUnit()][Int(rng.next() % 3)]))
            let clip: PixelRect? =
                rng.next() % 3 == 0
                ? nil
                : PixelRect(
                    x: Int(rng.next() % 50) - 4, y: Int(rng.next() % 22) - 2,
                    width: Int(rng.next() % 50), height: Int(rng.next() % 22))
            let spans: RowSpans? = rng.next() % 3 == 0 ? nil : RowSpans(of: source)

            var expected = target
            expected.draw(source, x: Double(x), y: Double(y), opacity: opacity, clip: clip)
            let area = expected.clipped(PixelRect(x: x, y: y, width: source.width, height: source.height), clip)
            if !area.isEmpty, tint != 0 { expected.fillSpans(area, tint) }
            target.drawTinted(source, x: x, y: y, opacity: opacity, clip: clip, spans: spans, tint: tint)
            XCTAssertEqual(
                target, expected,
                "round \(round): at (\(x), \(y)) opacity \(opacity) tint \(tint) clip \(String(describing: clip))")
        }
    }

    func testTranslucentSpansEqualPerPixelSourceOver() {
        var rng = SplitMix64(seed: 7)
        for round in 0 ..< 200 {
            var target = Bitmap(width: 1 + Int(rng.next() % 23), height: 3)
            for i in target.pixels.indices { target.pixels[i] = pixel(&rng) }
            let color = Color(red: rng.nextUnit(), green: rng.nextUnit(), blue: rng.nextUnit(), alpha: rng.nextUnit())
            let src = Bitmap.premultiplied(color)
            let expected = target.pixels.map { src == 0 ? $0 : PixelMath.over(src, $0) }
            var filled = target, rounded = target
            filled.fill(color)
            rounded.fillRoundedRect(filled.bounds.rect, radii: .zero, color: color)
            XCTAssertEqual(filled.pixels, expected, "fill, round \(round)")
            XCTAssertEqual(rounded.pixels, expected, "rounded rect, round \(round)")
        }
    }
}
