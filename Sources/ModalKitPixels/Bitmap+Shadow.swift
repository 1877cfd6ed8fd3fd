import ModalKitBase

extension Bitmap {
    /// Soft drop shadow of a rounded rect (pixels), computed analytically with no blur pass: the Gaussian blur of
    /// the shape, offset by (offsetX, offsetY), in `color`. `blur` is the CSS blur radius / CoreAnimation
    /// `shadowRadius`, taken as twice the Gaussian's standard deviation; 0 gives a hard-edged shape.
    public mutating func drawShadow(of rect: Rect, radii: CornerRadii, blur: Double, offsetX: Double,
                                    offsetY: Double, color: Color, clip: PixelRect? = nil) {
        let moved = rect.offsetBy(dx: offsetX, dy: offsetY)
        let sigma = blur / 2
        guard sigma >= 0.05 else { return fillRoundedRect(moved, radii: radii, color: color, clip: clip) }
        guard !moved.isEmpty else { return }
        let src = PixelMath.premultiplied(color)
        let shadow = ShadowShape(shape: RoundedRectShape(minX: moved.minX, minY: moved.minY, maxX: moved.maxX,
                                                         maxY: moved.maxY, radii: radii), sigma: sigma)
        let area = clipped(PixelRect(covering: moved.insetBy(dx: -shadow.reach, dy: -shadow.reach)), clip)
        guard !area.isEmpty, src != 0 else { return }
        let columns = (area.x ..< area.maxX).map { shadow.columnProfile(Double($0) + 0.5) }
        let cornerColumns = (area.x ..< area.maxX).map { shadow.columnTouchesCorners(Double($0) + 0.5) }
        let stride = width
        pixels.withUnsafeMutableBufferPointer { buf in
            for py in area.y ..< area.maxY {
                let cy = Double(py) + 0.5
                let rowProfile = shadow.rowProfile(cy)
                let nearCorner = shadow.rowTouchesCorners(cy)
                let (middle, slices) = nearCorner ? shadow.slices(forRowAt: cy) : (0, [])
                for px in area.x ..< area.maxX {
                    let c = px - area.x
                    let value = nearCorner && cornerColumns[c]
                        ? shadow.coverage(x: Double(px) + 0.5, middleWeight: middle, slices: slices)
                        : columns[c] * rowProfile
                    Self.blend(buf, py * stride + px, src, value)
                }
            }
        }
    }
}
