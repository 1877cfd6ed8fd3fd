import ModalKitBase

extension Bitmap {
    /// Draws `source` with its top-left at (x, y) pixels, scaled uniformly by `scale`, multiplied by `opacity`
    /// (0...1), source-over. An integer position at scale 1 is an exact blit (a row copy where the row is opaque
    /// and opacity is 1); anything else samples bilinearly, with transparency outside the source so its edges
    /// stay anti-aliased. Bilinear sampling does not pre-filter, so scales far below 0.5 alias. `spans`, when they
    /// describe `source` as it is now, let a blit skip transparent ends and copy opaque runs without looking at
    /// each pixel first (same bytes).
    public mutating func draw(
        _ source: Bitmap, x: Double, y: Double, scale: Double = 1, opacity: Double = 1,
        clip: PixelRect? = nil, spans: RowSpans? = nil
    ) {
        let alpha = PixelMath.byte(opacity)
        guard alpha > 0, scale > 0, scale.isFinite, source.width > 0, source.height > 0 else { return }
        if scale == 1, x == x.rounded(), y == y.rounded(), abs(x) < 1e9, abs(y) < 1e9 {
            if let spans, spans.width == source.width, spans.height == source.height {
                blit(source, spans: spans, x: Int(x), y: Int(y), alpha: alpha, clip: clip)
            } else {
                blit(source, x: Int(x), y: Int(y), alpha: alpha, clip: clip)
            }
        } else {
            let target = Rect(x: x, y: y, width: Double(source.width) * scale, height: Double(source.height) * scale)
            let area = clipped(PixelRect(covering: target), clip)
            guard !area.isEmpty else { return }
            let rows = spans.flatMap { $0.width == source.width && $0.height == source.height ? $0 : nil }
            BilinearSampler(source: source, originX: x, originY: y, scale: scale, area: area)
                .draw(into: &self, area: area, alpha: alpha, spans: rows)
        }
    }

    private mutating func blit(_ source: Bitmap, x: Int, y: Int, alpha: UInt32, clip: PixelRect?) {
        let area = clipped(PixelRect(x: x, y: y, width: source.width, height: source.height), clip)
        guard !area.isEmpty else { return }
        let stride = width
        source.pixels.withUnsafeBufferPointer { src in
            pixels.withUnsafeMutableBufferPointer { dst in
                guard let srcBase = src.baseAddress, let dstBase = dst.baseAddress else { return }
                for row in area.y ..< area.maxY {
                    let from = srcBase + (row - y) * source.width + (area.x - x)
                    let to = dstBase + row * stride + area.x
                    Self.blendRow(from: from, to: to, count: area.width, alpha: alpha)
                }
            }
        }
    }

    /// `blit` guided by the source's row spans: per row, only the visible span is touched, and at full opacity its
    /// opaque run is copied and the rest blended.
    private mutating func blit(_ source: Bitmap, spans: RowSpans, x: Int, y: Int, alpha: UInt32, clip: PixelRect?) {
        let area = clipped(PixelRect(x: x, y: y, width: source.width, height: source.height), clip)
        guard !area.isEmpty else { return }
        let stride = width, left = area.x - x, right = area.maxX - x
        source.pixels.withUnsafeBufferPointer { src in
            pixels.withUnsafeMutableBufferPointer { dst in
                guard let srcBase = src.baseAddress, let dstBase = dst.baseAddress else { return }
                for row in area.y ..< area.maxY {
                    let (visible, opaque) = spans.row(row - y)
                    let start = max(visible.lowerBound, left), end = min(visible.upperBound, right)
                    guard start < end else { continue }
                    // Source column c lands at destination offset rowStart + c.
                    let from = srcBase + (row - y) * source.width, rowStart = row * stride + x
                    let copyStart = max(opaque.lowerBound, start), copyEnd = min(opaque.upperBound, end)
                    guard alpha == 255, copyStart < copyEnd else {
                        Self.blendPixels(
                            from: from + start, to: dstBase + (rowStart + start), count: end - start,
                            alpha: alpha)
                        continue
                    }
                    Self.blendPixels(
                        from: from + start, to: dstBase + (rowStart + start), count: copyStart - start,
                        alpha: alpha)
                    (dstBase + (rowStart + copyStart)).update(from: from + copyStart, count: copyEnd - copyStart)
                    Self.blendPixels(
                        from: from + copyEnd, to: dstBase + (rowStart + copyEnd), count: end - copyEnd,
                        alpha: alpha)
                }
            }
        }
    }

    /// Source-over of one row; a straight copy when every source pixel is opaque and `alpha` is 255.
    @inline(__always)
    private static func blendRow(
        from: UnsafePointer<UInt32>, to: UnsafeMutablePointer<UInt32>, count: Int,
        alpha: UInt32
    ) {
        if alpha == 255 {
            var all: UInt32 = 0xFF00_0000
            for i in 0 ..< count { all &= from[i] }
            if all >> 24 == 255 { return to.update(from: from, count: count) }
        }
        blendPixels(from: from, to: to, count: count, alpha: alpha)
    }

    /// Source-over of `count` pixels, four at a time (`PixelMath.fourAtATime`) with the same integer arithmetic as
    /// `PixelMath.over`, so the bytes are identical: an opaque source pixel gives itself and a transparent one leaves the destination as it
    /// was.
    @inline(__always)
    private static func blendPixels(
        from: UnsafePointer<UInt32>, to: UnsafeMutablePointer<UInt32>, count: Int,
        alpha: UInt32
    ) {
        var i = 0
        let quads = PixelMath.quads(count)
        if quads > 0 {
            let k = SIMD4<UInt32>(repeating: alpha)
            while i < quads {
                var s = UnsafeRawPointer(from + i).loadUnaligned(as: SIMD4<UInt32>.self)
                if s != .zero {
                    if alpha != 255 { s = PixelMath.scale4(s, by: k) }
                    let d = UnsafeRawPointer(to + i).loadUnaligned(as: SIMD4<UInt32>.self)
                    UnsafeMutableRawPointer(to + i).storeBytes(of: PixelMath.over4(s, d), as: SIMD4<UInt32>.self)
                }
                i += 4
            }
        }
        while i < count {
            let s = alpha == 255 ? from[i] : PixelMath.scale(from[i], by: alpha)
            if s != 0 { to[i] = PixelMath.over(s, to[i]) }
            i += 1
        }
    }
}
