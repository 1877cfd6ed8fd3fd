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
        let full = clipped(PixelRect(covering: moved.insetBy(dx: -shadow.reach, dy: -shadow.reach)), nil)
        let area = full.intersection(clipped(nil, clip))
        guard !area.isEmpty, src != 0 else { return }
        let hidden = opaqueFillFollows ? Self.solidInterior(of: rect, radii: radii) : .zero
        let key = ShadowCoverage.Key(
            moved: [moved.minX, moved.minY, moved.maxX, moved.maxY], radii: radii, sigma: sigma, full: full,
            hidden: hidden)
        let coverage = ShadowCoverage.cached(key) { ShadowCoverage(shadow, full: full, hidden: hidden) }
        let stride = width
        coverage.bytes.withUnsafeBufferPointer { bytes in
            pixels.withUnsafeMutableBufferPointer { buf in
                for py in area.y ..< area.maxY {
                    let row = (py - full.y) * full.width - full.x
                    // Columns skipStart ..< skipEnd of this row are the fill's; none when they are empty.
                    var skipStart = Swift.max(hidden.x, area.x), skipEnd = Swift.min(hidden.maxX, area.maxX)
                    if py < hidden.y || py >= hidden.maxY || skipStart >= skipEnd {
                        (skipStart, skipEnd) = (area.maxX, area.maxX)
                    }
                    for side in 0 ..< 2 {
                        for px in side == 0 ? area.x ..< skipStart : skipEnd ..< area.maxX {
                            let k = UInt32(bytes[row + px])
                            guard k > 0 else { continue }
                            let s = k == 255 ? src : PixelMath.scale(src, by: k)
                            buf[py * stride + px] = PixelMath.over(s, buf[py * stride + px])
                        }
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

/// A shadow's coverage as bytes over its whole area (0 where an opaque fill follows), kept for the last few
/// shapes: a card presented again draws the same shadow at the same place in its new layer, and the Gaussian
/// profile costs far more than blending the bytes. The same bytes `Bitmap.blend` would compute, so the pixels are
/// those of computing it again.
final class ShadowCoverage {
    /// Everything the bytes depend on, in the bitmap's pixels.
    struct Key: Hashable {
        let moved: [Double]
        let radii: CornerRadii
        let sigma: Double
        let full: PixelRect
        let hidden: PixelRect
    }

    /// `full.width * full.height` coverage bytes, row-major.
    let bytes: [UInt8]

    init(_ shadow: ShadowShape, full: PixelRect, hidden: PixelRect) {
        var bytes = [UInt8](repeating: 0, count: full.width * full.height)
        let columns = (full.x ..< full.maxX).map { shadow.columnProfile(Double($0) + 0.5) }
        let cornerColumns = (full.x ..< full.maxX).map { shadow.columnTouchesCorners(Double($0) + 0.5) }
        for py in full.y ..< full.maxY {
            let cy = Double(py) + 0.5
            let rowProfile = shadow.rowProfile(cy)
            let nearCorner = shadow.rowTouchesCorners(cy)
            let (middle, slices) = nearCorner ? shadow.slices(forRowAt: cy) : (0, [])
            let rowHidden = py >= hidden.y && py < hidden.maxY
            for px in full.x ..< full.maxX where !(rowHidden && px >= hidden.x && px < hidden.maxX) {
                let c = px - full.x
                let value =
                    nearCorner && cornerColumns[c]
                    ? shadow.coverage(x: Double(px) + 0.5, middleWeight: middle, slices: slices)
                    : columns[c] * rowProfile
                bytes[(py - full.y) * full.width + c] = UInt8(PixelMath.byte(value))
            }
        }
        self.bytes = bytes
    }

    /// The last shapes' coverage, newest last; two cover a card and one other shadow.
    nonisolated(unsafe) private static var recent: [(key: Key, coverage: ShadowCoverage)] = []
    private static let capacity = 2
    /// Shadows computed (not found), for tests.
    nonisolated(unsafe) static var computed = 0

    /// The coverage for `key`, from the cache or made by `make` (and kept).
    static func cached(_ key: Key, make: () -> ShadowCoverage) -> ShadowCoverage {
        if let i = recent.firstIndex(where: { $0.key == key }) { return recent[i].coverage }
        computed += 1
        let coverage = make()
        if recent.count >= capacity { recent.removeFirst() }
        recent.append((key, coverage))
        return coverage
    }

    /// Forgets every shape (tests: a cold cache).
    static func removeAll() { recent.removeAll() }
}
