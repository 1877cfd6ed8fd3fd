import ModalKitBase

extension Bitmap {
    /// Soft drop shadow of a rounded rect (pixels), computed analytically with no blur pass: the Gaussian blur of
    /// the shape, offset by (offsetX, offsetY), in `color`. `blur` is the CSS blur radius / CoreAnimation
    /// `shadowRadius`, taken as twice the Gaussian's standard deviation; 0 gives a hard-edged shape.
    /// `opaqueFillFollows` promises that `rect` is filled next with an opaque color (a view's background over its
    /// own shadow): the pixels that fill paints wholly are left alone, which on a card is most of the shadow.
    public mutating func drawShadow(
        of rect: Rect, radii: CornerRadii, blur: Double, offsetX: Double,
        offsetY: Double, color: Color, clip: PixelRect? = nil,
        opaqueFillFollows: Bool = false
    ) {
        let moved = rect.offsetBy(dx: offsetX, dy: offsetY)
        let sigma = blur / 2
        guard sigma >= 0.05 else { return fillRoundedRect(moved, radii: radii, color: color, clip: clip) }
        guard !moved.isEmpty else { return }
        let src = PixelMath.premultiplied(color)
        let shadow = ShadowShape(
            shape: RoundedRectShape(
                minX: moved.minX, minY: moved.minY, maxX: moved.maxX,
                maxY: moved.maxY, radii: radii), sigma: sigma)
        let area = clipped(PixelRect(covering: moved.insetBy(dx: -shadow.reach, dy: -shadow.reach)), clip)
        guard !area.isEmpty, src != 0 else { return }
        let columns = (area.x ..< area.maxX).map { shadow.columnProfile(Double($0) + 0.5) }
        let cornerColumns = (area.x ..< area.maxX).map { shadow.columnTouchesCorners(Double($0) + 0.5) }
        let stride = width
        let hidden = opaqueFillFollows ? Self.solidInterior(of: rect, radii: radii) : .zero
        pixels.withUnsafeMutableBufferPointer { buf in
            for py in area.y ..< area.maxY {
                let cy = Double(py) + 0.5
                let rowProfile = shadow.rowProfile(cy)
                let nearCorner = shadow.rowTouchesCorners(cy)
                let (middle, slices) = nearCorner ? shadow.slices(forRowAt: cy) : (0, [])
                // Columns skipStart ..< skipEnd of this row are the fill's; none when they are empty.
                var skipStart = Swift.max(hidden.x, area.x), skipEnd = Swift.min(hidden.maxX, area.maxX)
                if py < hidden.y || py >= hidden.maxY || skipStart >= skipEnd {
                    (skipStart, skipEnd) = (area.maxX, area.maxX)
                }
                for side in 0 ..< 2 {
                    for px in side == 0 ? area.x ..< skipStart : skipEnd ..< area.maxX {
                        let c = px - area.x
                        let value =
                            nearCorner && cornerColumns[c]
                            ? shadow.coverage(x: Double(px) + 0.5, middleWeight: middle, slices: slices)
                            : columns[c] * rowProfile
                        Self.blend(buf, py * stride + px, src, value)
                    }
                }
            }
        }
    }

    /// The pixels `fillRoundedRect(rect, radii:)` covers wholly: inside the rectangle on both axes and in rows
    /// below the top corners and above the bottom ones (radii larger than the shape only make this smaller).
    static func solidInterior(of rect: Rect, radii: CornerRadii) -> PixelRect {
        let top = Swift.max(radii.topLeft, radii.topRight), bottom = Swift.max(radii.bottomLeft, radii.bottomRight)
        let x0 = rect.minX.rounded(.up), x1 = rect.maxX.rounded(.down)
        let y0 = (rect.minY + Swift.max(top, 0)).rounded(.up), y1 = (rect.maxY - Swift.max(bottom, 0)).rounded(.down)
        guard x1 > x0, y1 > y0, Swift.max(abs(x0), abs(x1), abs(y0), abs(y1)) < 1e9 else { return .zero }
        return PixelRect(x: Int(x0), y: Int(y0), width: Int(x1 - x0), height: Int(y1 - y0))
    }
}
