import XCTest
@testable import ModalKitPixels

/// The four-pixels-at-a-time blend must give exactly the bytes of the one-pixel arithmetic.
final class VectorBlendTests: XCTestCase {
    /// A valid premultiplied pixel from a seed (no channel above alpha), covering opaque, clear and in-between.
    private func pixel(_ seed: inout UInt64) -> UInt32 {
        seed = seed &* 6364136223846793005 &+ 1442695040888963407
        let a = UInt32(truncatingIfNeeded: seed >> 56)
        let alpha = a < 40 ? 0 : (a > 200 ? 255 : a)
        let bits = seed
        let c = { (shift: UInt64) in UInt32(truncatingIfNeeded: bits >> shift) % (alpha + 1) }
        return alpha << 24 | c(8) << 16 | c(16) << 8 | c(24)
    }

    func testBlitMatchesPerPixelSourceOver() {
        var seed: UInt64 = 42
        for opacity in [1.0, 0.5, 0.2] {
            var source = Bitmap(width: 37, height: 9), target = Bitmap(width: 37, height: 9)
            for i in source.pixels.indices { source.pixels[i] = pixel(&seed) }
            for i in target.pixels.indices { target.pixels[i] = pixel(&seed) | 0xFF00_0000 }
            let k = PixelMath.byte(opacity)
            let expected = zip(source.pixels, target.pixels).map { s, d in
                PixelMath.over(k == 255 ? s : PixelMath.scale(s, by: k), d)
            }
            target.draw(source, x: 0, y: 0, opacity: opacity)
            XCTAssertEqual(target.pixels, expected, "opacity \(opacity)")
        }
    }
}
