import ModalKitPixels

/// The alpha byte of a packed premultiplied pixel.
func alpha(_ p: UInt32) -> Int { Int(p >> 24) }

/// A deterministic pseudo-random sequence (64-bit LCG), so test images are the same every run.
struct TestRandom {
    var state: UInt64
    mutating func next(_ bound: UInt32) -> UInt32 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return UInt32(truncatingIfNeeded: state >> 33) % bound
    }

    /// A valid premultiplied pixel (no channel above alpha); opaque when `opaque`.
    mutating func pixel(opaque: Bool) -> UInt32 {
        let a = opaque ? 255 : next(256)
        return a << 24 | next(a + 1) << 16 | next(a + 1) << 8 | next(a + 1)
    }
}

/// The columns and rows holding any non-transparent pixel, or nil when the bitmap is empty.
func inkBounds(_ b: Bitmap) -> PixelRect? {
    var result: PixelRect?
    for y in 0 ..< b.height {
        for x in 0 ..< b.width where b[x, y] != 0 {
            let one = PixelRect(x: x, y: y, width: 1, height: 1)
            result = result.map { $0.union(one) } ?? one
        }
    }
    return result
}
