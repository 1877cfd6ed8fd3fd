import ModalKitBase

extension Bitmap {
    /// Blits `source` at whole pixels (x, y) at scale 1 with `opacity`, then paints the premultiplied `tint` over
    /// the same pixels, in one pass: each pixel is blended with the tint on its way into the bitmap instead of
    /// being written and read back (a dimming view's black over the screen behind it). The bytes are those of
    /// `draw(source, x:, y:, opacity:, clip:, spans:)` followed by a fill of `tint` over the blit's clipped
    /// rectangle. `spans`, when they describe `source`, skip its clear ends as in `draw`.
    public mutating func drawTinted(
        _ source: Bitmap, x: Int, y: Int, opacity: Double, clip: PixelRect?,
        spans: RowSpans?, tint: UInt32
    ) {
        let area = clipped(PixelRect(x: x, y: y, width: source.width, height: source.height), clip)
        let alpha = PixelMath.byte(opacity)
        guard !area.isEmpty else { return }
        guard tint != 0 else {
            return draw(source, x: Double(x), y: Double(y), opacity: opacity, clip: clip, spans: spans)
        }
        guard alpha > 0 else { return fillSpans(area, tint) }
        let spans = spans.flatMap { $0.width == source.width && $0.height == source.height ? $0 : nil }
        let stride = width, left = area.x - x, right = area.maxX - x
        source.pixels.withUnsafeBufferPointer { src in
            pixels.withUnsafeMutableBufferPointer { dst in
                guard let srcBase = src.baseAddress, let dstBase = dst.baseAddress else { return }
                for row in area.y ..< area.maxY {
                    let from = srcBase + (row - y) * source.width, to = dstBase + row * stride + x
                    // Outside the row's visible span the source is clear: those pixels only take the tint. In its
                    // opaque run at full opacity the source replaces what was there, so the tint goes over it.
                    let (visible, opaque) = spans?.row(row - y) ?? (left ..< right, 0 ..< 0)
                    let start = min(max(visible.lowerBound, left), right),
                        end = max(min(visible.upperBound, right), start)
                    var copyStart = min(max(opaque.lowerBound, start), end),
                        copyEnd = max(min(opaque.upperBound, end), copyStart)
                    if alpha != 255 { (copyStart, copyEnd) = (end, end) }
                    Self.tintPixels(to + left, count: start - left, tint: tint)
                    Self.blendTinted(
                        from: from + start, to: to + start, count: copyStart - start, alpha: alpha, tint: tint)
                    Self.tintOpaque(from: from + copyStart, to: to + copyStart, count: copyEnd - copyStart, tint: tint)
                    Self.blendTinted(
                        from: from + copyEnd, to: to + copyEnd, count: end - copyEnd, alpha: alpha, tint: tint)
                    Self.tintPixels(to + end, count: right - end, tint: tint)
                }
            }
        }
    }

    /// Source-over of the premultiplied `tint` on `count` pixels, four at a time, with the arithmetic of
    /// `PixelMath.over` (same bytes): a translucent fill's span.
    @inline(__always)
    static func tintPixels(_ to: UnsafeMutablePointer<UInt32>, count: Int, tint: UInt32) {
        tintOpaque(from: to, to: to, count: count, tint: tint)
    }

    /// `tint` over each of `count` opaque source pixels (which replace the destination first), four at a time.
    @inline(__always)
    private static func tintOpaque(
        from: UnsafePointer<UInt32>, to: UnsafeMutablePointer<UInt32>, count: Int,
        tint: UInt32
    ) {
        var i = 0
        let quads = PixelMath.quads(count)
        if quads > 0 {
            let t = SIMD4<UInt32>(repeating: tint), k = SIMD4<UInt32>(repeating: 255 &- (tint >> 24))
            while i < quads {
                let s = UnsafeRawPointer(from + i).loadUnaligned(as: SIMD4<UInt32>.self)
                UnsafeMutableRawPointer(to + i).storeBytes(
                    of: t &+ PixelMath.scale4(s, by: k), as: SIMD4<UInt32>.self)
                i += 4
            }
        }
        while i < count {
            to[i] = tint &+ PixelMath.scale(from[i], by: 255 &- (tint >> 24))
            i += 1
        }
    }

    /// Each source pixel over the destination (scaled by `alpha` first), then `tint` over that, four at a time.
    @inline(__always)
    private static func blendTinted(
        from: UnsafePointer<UInt32>, to: UnsafeMutablePointer<UInt32>, count: Int,
        alpha: UInt32, tint: UInt32
    ) {
        var i = 0
        let quads = PixelMath.quads(count)
        if quads > 0 {
            let a = SIMD4<UInt32>(repeating: alpha)
            let t = SIMD4<UInt32>(repeating: tint), k = SIMD4<UInt32>(repeating: 255 &- (tint >> 24))
            while i < quads {
                var s = UnsafeRawPointer(from + i).loadUnaligned(as: SIMD4<UInt32>.self)
                if alpha != 255 { s = PixelMath.scale4(s, by: a) }
                var d = UnsafeRawPointer(to + i).loadUnaligned(as: SIMD4<UInt32>.self)
                // An opaque source replaces the destination; `over4` gives the same, only slower.
                if s & SIMD4(repeating: 0xFF00_0000) != SIMD4(repeating: 0xFF00_0000) {
                    d = PixelMath.over4(s, d)
                } else {
                    d = s
                }
                UnsafeMutableRawPointer(to + i).storeBytes(
                    of: t &+ PixelMath.scale4(d, by: k), as: SIMD4<UInt32>.self)
                i += 4
            }
        }
        while i < count {
            let s = alpha == 255 ? from[i] : PixelMath.scale(from[i], by: alpha)
            let d = s == 0 ? to[i] : PixelMath.over(s, to[i])
            to[i] = tint &+ PixelMath.scale(d, by: 255 &- (tint >> 24))
            i += 1
        }
    }
}
