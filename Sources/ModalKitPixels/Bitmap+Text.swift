import ModalKitBase

extension Bitmap {
    /// Anti-aliased text in pixels, the baseline starting at (x, baselineY) (the baseline rounds to the nearest
    /// row), grayscale coverage blended in `color`, source-over.
    public mutating func drawText(
        _ text: String, font: Font, color: Color, x: Double, baselineY: Double,
        clip: PixelRect? = nil
    ) {
        let src = PixelMath.premultiplied(color)
        let area = clipped(nil, clip)
        guard src != 0, !area.isEmpty, baselineY.isFinite, x.isFinite else { return }
        let baseline = Int(baselineY.rounded())
        let steps = Double(Font.subpixelSteps)
        font.forEachGlyph(text, startX: x) { index, pen, _ in
            let whole = pen.rounded(.down)
            let bucket = min(Int(((pen - whole) * steps).rounded(.down)), Font.subpixelSteps - 1)
            let glyph = font.glyph(index, subpixel: bucket)
            drawGlyph(glyph, x: Int(whole) + glyph.left, y: baseline - glyph.top, src: src, area: area)
        }
    }

    private mutating func drawGlyph(_ glyph: GlyphImage, x: Int, y: Int, src: UInt32, area: PixelRect) {
        let box = PixelRect(x: x, y: y, width: glyph.width, height: glyph.height).intersection(area)
        guard !box.isEmpty else { return }
        let stride = width
        glyph.coverage.withUnsafeBufferPointer { cov in
            pixels.withUnsafeMutableBufferPointer { buf in
                for row in box.y ..< box.maxY {
                    let from = (row - y) * glyph.width - x
                    for col in box.x ..< box.maxX {
                        let k = UInt32(cov[from + col])
                        guard k > 0 else { continue }
                        let s = k == 255 ? src : PixelMath.scale(src, by: k)
                        let dst = buf[row * stride + col]
                        // On a label's clear layer most pixels are empty, and `over` an empty pixel is the source.
                        buf[row * stride + col] = dst == 0 ? s : PixelMath.over(s, dst)
                    }
                }
            }
        }
    }
}
