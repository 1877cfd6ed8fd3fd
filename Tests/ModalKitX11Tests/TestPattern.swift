import ModalKitPixels

/// A picture for checking the host's pixel path: every row and column differs and red, green and blue each vary
/// independently, so a swapped channel, a shifted row or a lost byte changes the result. Drawn in pixels.
enum TestPattern {
    /// Fills `bitmap` with the pattern: a light gradient background with a darker "card" in its lower part and a
    /// strip of pure red, green and blue swatches.
    static func draw(into bitmap: inout Bitmap) {
        let (w, h) = (bitmap.width, bitmap.height)
        let cardTop = h * 3 / 5
        for y in 0 ..< h {
            for x in 0 ..< w {
                var r = UInt32(200 + (x * 55) / max(1, w)), g = UInt32(180 + (y * 75) / max(1, h)), b = UInt32(230)
                if y >= cardTop && x >= w / 10 && x < w - w / 10 { r /= 3; g /= 3; b = UInt32(60 + (x + y) % 64) }
                bitmap[x, y] = 0xFF00_0000 | r << 16 | g << 8 | b
            }
        }
        let swatch = max(1, w / 8)
        for (i, color) in [UInt32(0xFFFF_0000), 0xFF00_FF00, 0xFF00_00FF].enumerated() {
            for y in 0 ..< min(h, swatch) {
                for x in (i * swatch) ..< min(w, (i + 1) * swatch) { bitmap[x, y] = color }
            }
        }
    }
}
