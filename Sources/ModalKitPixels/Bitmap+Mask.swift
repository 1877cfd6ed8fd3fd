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
    /// `fillRoundedRect`: how an image is cut to its view's rounded corners.
    public mutating func mask(toRoundedRect rect: Rect, radii: CornerRadii) {
        var coverage = Bitmap(width: width, height: height)
        coverage.fillRoundedRect(rect, radii: radii, color: Color(white: 1, alpha: 1))
        for i in pixels.indices {
            let k = coverage.pixels[i] >> 24
            if k < 255 { pixels[i] = k == 0 ? 0 : PixelMath.scale(pixels[i], by: k) }
        }
    }
}
