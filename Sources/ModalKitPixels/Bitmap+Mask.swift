import ModalKitBase

extension Bitmap {
    /// The pixels of `area` (clipped to the bitmap) as a bitmap of their own.
    public func cropped(to area: PixelRect) -> Bitmap {
        let area = area.intersection(bounds)
        guard !area.isEmpty else { return Bitmap(width: 0, height: 0) }
        if area == bounds { return self }
        var result = Bitmap(width: area.width, height: area.height)
        for row in 0 ..< area.height {
            let from = (area.y + row) * width + area.x
            result.pixels.replaceSubrange(
                row * area.width ..< (row + 1) * area.width, with: pixels[from ..< from + area.width])
        }
        return result
    }

    /// Cuts what lies inside `rect` (pixels) to its rounded shape, with the same anti-aliased edge as
    /// `fillRoundedRect`: how an image is cut to its view's rounded corners, and a clipping view's subviews to its
    /// own. Pixels `rect` does not touch (a view's shadow) and, with `clip`, pixels outside `clip` are left alone.
    /// Only the pixels near the edges and corners are measured, so cutting a full screen costs its corners.
    public mutating func mask(toRoundedRect rect: Rect, radii: CornerRadii, clip: PixelRect? = nil) {
        let area = clipped(PixelRect(covering: rect), clip)
        guard !area.isEmpty else { return }
        let shape = RoundedRectShape(
            minX: rect.minX, minY: rect.minY, maxX: rect.maxX, maxY: rect.maxY, radii: radii)
        let stride = width
        pixels.withUnsafeMutableBufferPointer { buf in
            for py in area.y ..< area.maxY {
                let leftEnd = Swift.min(Swift.max(shape.leftComplexEnd(row: py), area.x), area.maxX)
                let rightStart = Swift.max(Swift.min(shape.rightComplexStart(row: py), area.maxX), leftEnd)
                let row = py * stride
                for px in area.x ..< leftEnd { Self.scale(buf, row + px, by: shape.coverage(px: px, py: py)) }
                let rowCoverage = RoundedRectShape.overlap(Double(py), shape.minY, shape.maxY)
                if rowCoverage < 1 {
                    for px in leftEnd ..< rightStart { Self.scale(buf, row + px, by: rowCoverage) }
                }
                for px in rightStart ..< area.maxX { Self.scale(buf, row + px, by: shape.coverage(px: px, py: py)) }
            }
        }
    }

    /// One pixel times `coverage` (0...1), rounded as `fillRoundedRect` rounds its coverage.
    @inline(__always)
    private static func scale(_ buf: UnsafeMutableBufferPointer<UInt32>, _ i: Int, by coverage: Double) {
        let k = PixelMath.byte(coverage)
        if k < 255 { buf[i] = k == 0 ? 0 : PixelMath.scale(buf[i], by: k) }
    }
}
