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

    /// Keeps only what lies inside the rounded rectangle `rect` (pixels), with the same anti-aliased edge as
    /// `fillRoundedRect`: how an image is cut to its view's rounded corners. Only the pixels near the edges and
    /// corners are measured, so cutting a full-screen picture costs its corners, not its area.
    public mutating func mask(toRoundedRect rect: Rect, radii: CornerRadii) {
        let shape = RoundedRectShape(
            minX: rect.minX, minY: rect.minY, maxX: rect.maxX, maxY: rect.maxY, radii: radii)
        let stride = width
        pixels.withUnsafeMutableBufferPointer { buf in
            for py in 0 ..< height {
                let leftEnd = Swift.min(Swift.max(shape.leftComplexEnd(row: py), 0), stride)
                let rightStart = Swift.max(Swift.min(shape.rightComplexStart(row: py), stride), leftEnd)
                let row = py * stride
                for px in 0 ..< leftEnd { Self.scale(buf, row + px, by: shape.coverage(px: px, py: py)) }
                let rowCoverage = RoundedRectShape.overlap(Double(py), shape.minY, shape.maxY)
                if rowCoverage < 1 {
                    for px in leftEnd ..< rightStart { Self.scale(buf, row + px, by: rowCoverage) }
                }
                for px in rightStart ..< stride { Self.scale(buf, row + px, by: shape.coverage(px: px, py: py)) }
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
