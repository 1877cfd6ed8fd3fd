import ModalKitBase

/// What a glass shows, made once for a look of the screen behind it: the screen averaged down by `factor`,
/// blurred, darkened by the dim over it and covered by a tint, small and opaque. Drawing the glass scales it back
/// up through the screen's current placement (`Bitmap.drawGlass`), so a screen that shrinks or moves under the
/// glass costs no new blur. iOS blurs its backdrops at a reduced resolution too.
public struct FrostedBackdrop: Sendable {
    /// The frosted pixels, opaque premultiplied, one per `factor` × `factor` block of the screen's.
    public let small: Bitmap
    /// How many screen pixels one small pixel stands for, each way.
    public let factor: Int

    /// `screen` averaged down by `factor`, box-blurred three times by `radius` small pixels, its colour channels
    /// times (1 − `dim`)(1 − tint alpha) plus the premultiplied tint.
    public init(screen: Bitmap, factor: Int, radius: Int, dim: Double, tint: Color) {
        let f = max(factor, 1)
        var small = screen.blurredDown(by: f, radius: radius)
        let alpha = min(max(tint.alpha, 0), 1)
        let keep = (1 - min(max(dim, 0), 1)) * (1 - alpha)
        // One table a channel: the same rounding for every pixel, a lookup each.
        func table(_ component: Double) -> [UInt32] {
            let add = min(max(component, 0), 1) * 255 * alpha
            return (0 ..< 256).map { UInt32(min(max((Double($0) * keep + add).rounded(), 0), 255)) }
        }
        let (red, green, blue) = (table(tint.red), table(tint.green), table(tint.blue))
        for i in small.pixels.indices {
            let p = small.pixels[i]
            small.pixels[i] =
                0xFF00_0000 | red[Int(p >> 16 & 0xFF)] << 16 | green[Int(p >> 8 & 0xFF)] << 8 | blue[Int(p & 0xFF)]
        }
        self.small = small
        self.factor = f
    }
}

/// Where a glass's pixels sample its backdrop: the target pixel centred at c (x or y, pixels) shows the small
/// backdrop at c · scale + offset (continuous small-pixel coordinates, pixel centres at whole numbers).
public struct GlassMapping: Equatable, Sendable {
    /// Small pixels per target pixel, and where target pixel 0's left (top) edge lands, across.
    public var scaleX: Double, offsetX: Double
    /// The same, down.
    public var scaleY: Double, offsetY: Double

    /// A mapping from its two affine maps.
    public init(scaleX: Double, offsetX: Double, scaleY: Double, offsetY: Double) {
        (self.scaleX, self.offsetX, self.scaleY, self.offsetY) = (scaleX, offsetX, scaleY, offsetY)
    }

    /// Whether every number is finite and both scales positive (a glass over a screen shrunk to nothing is not).
    public var isUsable: Bool {
        [scaleX, offsetX, scaleY, offsetY].allSatisfy(\.isFinite) && scaleX > 0 && scaleY > 0
    }
}

/// The rows and columns one glass draw works with, kept by the caller so a frame allocates nothing once they
/// have grown to the glass's size.
public struct GlassScratch {
    var columns: [Int] = [], weights: [UInt32] = []
    var rowA: [UInt32] = [], rowB: [UInt32] = [], mixed: [UInt32] = [], saved: [UInt32] = []

    /// Empty buffers.
    public init() {}

    mutating func reserve(width: Int, smallWidth: Int) {
        func grow<T>(_ a: inout [T], _ n: Int, _ zero: T) { if a.count < n { a = [T](repeating: zero, count: n) } }
        grow(&columns, width, 0); grow(&weights, width, 0)
        grow(&rowA, width, 0); grow(&rowB, width, 0); grow(&saved, width, 0)
        grow(&mixed, smallWidth, 0)
    }
}

extension Bitmap {
    /// Draws a glass over `rect` (pixels) cut to `radii`: `backdrop` scaled up bilinearly through `mapping`,
    /// mixed toward the opaque premultiplied `solid` by `amount` (0...256), written over what is there inside and
    /// blended with it across the anti-aliased edge (the corners as `fillRoundedRect` draws them). Only `clip`
    /// is touched. Each small row is mixed and stretched across once and the target rows between two of them are
    /// one blend of the two, four pixels at a time.
    public mutating func drawGlass(
        _ backdrop: FrostedBackdrop, mapping: GlassMapping, solid: UInt32, amount: UInt32, in rect: Rect,
        radii: CornerRadii, clip: PixelRect, scratch: inout GlassScratch
    ) {
        let small = backdrop.small
        let area = clipped(PixelRect(covering: rect), clip)
        guard !area.isEmpty, small.width > 0, small.height > 0, mapping.isUsable else { return }
        let shape = RoundedRectShape(minX: rect.minX, minY: rect.minY, maxX: rect.maxX, maxY: rect.maxY, radii: radii)
        scratch.reserve(width: area.width, smallWidth: small.width)
        let last = Double(small.width - 1)
        var low = small.width, high = 0
        for i in 0 ..< area.width {
            let u = min(max((Double(area.x + i) + 0.5) * mapping.scaleX + mapping.offsetX, 0), last)
            let c = Int(u)
            scratch.columns[i] = c
            scratch.weights[i] = UInt32(((u - Double(c)) * 256).rounded())
            (low, high) = (min(low, c), max(high, min(c + 1, small.width - 1)))
        }
        let mix = min(amount, 256)
        var keys = (a: -1, b: -1)
        let stride = width
        let count = area.width
        small.pixels.withUnsafeBufferPointer { smallPixels in
            pixels.withUnsafeMutableBufferPointer { target in
                guard let source = smallPixels.baseAddress, let out = target.baseAddress else { return }
                for py in area.y ..< area.maxY {
                    let v = min(max((Double(py) + 0.5) * mapping.scaleY + mapping.offsetY, 0), Double(small.height - 1))
                    let r0 = Int(v), r1 = min(r0 + 1, small.height - 1)
                    let wy = r1 == r0 ? 0 : UInt32(((v - Double(r0)) * 256).rounded())
                    // The stretched rows of r0 and r1 (the pair moves down a row at a time).
                    if keys.a != r0 {
                        if keys.b == r0 {
                            swap(&scratch.rowA, &scratch.rowB)
                            keys = (r0, -1)
                        } else {
                            Bitmap.stretch(
                                source + r0 * small.width, solid, mix, low, high, columns: scratch.columns,
                                weights: scratch.weights, mixed: &scratch.mixed, into: &scratch.rowA, count: count)
                            keys.a = r0
                        }
                    }
                    if wy > 0 && keys.b != r1 {
                        Bitmap.stretch(
                            source + r1 * small.width, solid, mix, low, high, columns: scratch.columns,
                            weights: scratch.weights, mixed: &scratch.mixed, into: &scratch.rowB, count: count)
                        keys.b = r1
                    }
                    let row = out + py * stride + area.x
                    Bitmap.writeGlassRow(
                        row, py: py, area: area, shape: shape, wy: wy, scratch: &scratch)
                }
            }
        }
    }

    /// Small row `row`'s columns `low...high` mixed toward `solid` (into `mixed`), then stretched bilinearly
    /// across the target's columns into `target`.
    private static func stretch(
        _ row: UnsafePointer<UInt32>, _ solid: UInt32, _ mix: UInt32, _ low: Int, _ high: Int,
        columns: [Int], weights: [UInt32], mixed: inout [UInt32], into target: inout [UInt32], count: Int
    ) {
        let keep = 256 - mix
        for j in low ... max(low, high) { mixed[j] = mix == 0 ? row[j] : lerp(row[j], solid, keep, mix) }
        let edge = max(low, high)
        mixed.withUnsafeBufferPointer { mixedRow in
            columns.withUnsafeBufferPointer { columns in
                weights.withUnsafeBufferPointer { weights in
                    target.withUnsafeMutableBufferPointer { target in
                        for i in 0 ..< count {
                            let c = columns[i], w = weights[i]
                            target[i] = w == 0 ? mixedRow[c] : lerp(mixedRow[c], mixedRow[min(c + 1, edge)], 256 - w, w)
                        }
                    }
                }
            }
        }
    }

    /// One target row of the glass: the blend of the two stretched rows, with the pixels the rounded shape
    /// covers only partly (the corners, the edges) blended with what was there by that coverage.
    private static func writeGlassRow(
        _ row: UnsafeMutablePointer<UInt32>, py: Int, area: PixelRect, shape: RoundedRectShape, wy: UInt32,
        scratch: inout GlassScratch
    ) {
        let count = area.width
        let whole = RoundedRectShape.overlap(Double(py), shape.minY, shape.maxY) >= 1
        // Columns [0, left) and [right, count) may be partly covered; in a row cut by the top or bottom edge,
        // all are.
        let left = whole ? min(max(shape.leftComplexEnd(row: py) - area.x, 0), count) : count
        let right = whole ? max(min(shape.rightComplexStart(row: py) - area.x, count), left) : count
        scratch.saved.withUnsafeMutableBufferPointer { saved in
            for i in 0 ..< left { saved[i] = row[i] }
            for i in right ..< count { saved[i] = row[i] }
        }
        scratch.rowA.withUnsafeBufferPointer { a in
            scratch.rowB.withUnsafeBufferPointer { b in
                guard let a = a.baseAddress, let b = b.baseAddress else { return }
                if wy == 0 {
                    row.update(from: a, count: count)
                } else {
                    blendRows(a, b, 256 - wy, wy, into: row, count: count)
                }
            }
        }
        scratch.saved.withUnsafeBufferPointer { saved in
            func edge(_ i: Int) {
                let k = PixelMath.byte(shape.coverage(px: area.x + i, py: py))
                if k < 255 { row[i] = PixelMath.over(PixelMath.scale(row[i], by: k), saved[i]) }
            }
            for i in 0 ..< left { edge(i) }
            for i in right ..< count { edge(i) }
        }
    }

    /// `lerp(a[i], b[i], wa, wb)` into `out[i]` for `count` pixels, four at a time (`PixelMath.fourAtATime`; the
    /// same arithmetic, one pixel a lane).
    static func blendRows(
        _ a: UnsafePointer<UInt32>, _ b: UnsafePointer<UInt32>, _ wa: UInt32, _ wb: UInt32,
        into out: UnsafeMutablePointer<UInt32>, count: Int
    ) {
        var i = 0
        let quads = PixelMath.quads(count)
        if quads > 0 {
            let mask = SIMD4<UInt32>(repeating: 0x00FF_00FF), high = SIMD4<UInt32>(repeating: 0xFF00_FF00)
            let half = SIMD4<UInt32>(repeating: 0x0080_0080)
            let va = SIMD4<UInt32>(repeating: wa), vb = SIMD4<UInt32>(repeating: wb)
            while i < quads {
                let x = UnsafeRawPointer(a + i).loadUnaligned(as: SIMD4<UInt32>.self)
                let y = UnsafeRawPointer(b + i).loadUnaligned(as: SIMD4<UInt32>.self)
                let l = ((x & mask) &* va &+ (y & mask) &* vb &+ half) &>> 8 & mask
                let h = ((x &>> 8 & mask) &* va &+ (y &>> 8 & mask) &* vb &+ half) & high
                UnsafeMutableRawPointer(out + i).storeBytes(of: l | h, as: SIMD4<UInt32>.self)
                i += 4
            }
        }
        while i < count {
            out[i] = lerp(a[i], b[i], wa, wb)
            i += 1
        }
    }

    /// `a`·wa + `b`·wb per channel, rounded, the weights in 256ths summing to 256 (two channels at a time, 16
    /// bits apart: each sum stays under 2^16).
    @inline(__always)
    static func lerp(_ a: UInt32, _ b: UInt32, _ wa: UInt32, _ wb: UInt32) -> UInt32 {
        let low = ((a & 0x00FF_00FF) &* wa &+ (b & 0x00FF_00FF) &* wb &+ 0x0080_0080) >> 8 & 0x00FF_00FF
        let high = ((a >> 8 & 0x00FF_00FF) &* wa &+ (b >> 8 & 0x00FF_00FF) &* wb &+ 0x0080_0080) & 0xFF00_FF00
        return low | high
    }
}
