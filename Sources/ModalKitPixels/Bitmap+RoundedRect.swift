import ModalKitBase

extension Bitmap {
    /// Anti-aliased rounded rect in pixels; coverage from a signed distance to the rounded shape, per corner
    /// radius. Only pixels near edges and corners are measured: each row's middle is a plain span.
    public mutating func fillRoundedRect(_ rect: Rect, radii: CornerRadii, color: Color, clip: PixelRect? = nil) {
        guard !rect.isEmpty else { return }
        let area = clipped(PixelRect(covering: rect), clip)
        let src = PixelMath.premultiplied(color)
        guard !area.isEmpty, src != 0 else { return }
        let shape = RoundedRectShape(
            minX: rect.minX, minY: rect.minY, maxX: rect.maxX, maxY: rect.maxY,
            radii: radii)
        let stride = width
        pixels.withUnsafeMutableBufferPointer { buf in
            for py in area.y ..< area.maxY {
                let leftEnd = Swift.min(Swift.max(shape.leftComplexEnd(row: py), area.x), area.maxX)
                let rightStart = Swift.max(Swift.min(shape.rightComplexStart(row: py), area.maxX), leftEnd)
                let rowStart = py * stride
                for px in area.x ..< leftEnd {
                    Self.blend(buf, rowStart + px, src, shape.coverage(px: px, py: py))
                }
                let rowCoverage = RoundedRectShape.overlap(Double(py), shape.minY, shape.maxY)
                Self.blendSpan(buf, rowStart + leftEnd, rightStart - leftEnd, src, rowCoverage)
                for px in rightStart ..< area.maxX {
                    Self.blend(buf, rowStart + px, src, shape.coverage(px: px, py: py))
                }
            }
        }
    }

    /// Source-over of `src` scaled by `coverage` (0...1) on one pixel.
    @inline(__always)
    static func blend(_ buf: UnsafeMutableBufferPointer<UInt32>, _ i: Int, _ src: UInt32, _ coverage: Double) {
        let k = PixelMath.byte(coverage)
        guard k > 0 else { return }
        let s = k == 255 ? src : PixelMath.scale(src, by: k)
        buf[i] = PixelMath.over(s, buf[i])
    }

    /// Source-over of `src` scaled by `coverage` on `count` pixels from `start`; a copy when the result is opaque.
    static func blendSpan(
        _ buf: UnsafeMutableBufferPointer<UInt32>, _ start: Int, _ count: Int,
        _ src: UInt32, _ coverage: Double
    ) {
        let k = PixelMath.byte(coverage)
        guard count > 0, k > 0, let base = buf.baseAddress else { return }
        let s = k == 255 ? src : PixelMath.scale(src, by: k)
        if s >> 24 == 255 { return (base + start).update(repeating: s, count: count) }
        tintPixels(base + start, count: count, tint: s)
    }
}
