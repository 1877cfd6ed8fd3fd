import ModalKitBase

/// What a glass shows, made once for a look of the screen behind it: the screen averaged down by `factor`,
/// blurred, darkened by the dim over it and covered by a tint, small and opaque. Drawing the glass scales it back
/// up through the screen's current placement (`Bitmap.drawGlass`), so a screen that shrinks or moves under the
/// glass costs no new blur. iOS blurs its backdrops at a reduced resolution too. The blur and the tone are apart
/// (`Bitmap.blurredDown`, `init(blurred:…)`): a dim that changes every frame (the sheet sliding in) tones the
/// kept blur again, a pass over the small pixels, never a new blur.
public struct FrostedBackdrop: Sendable {
    /// The frosted pixels, opaque premultiplied, one per `factor` × `factor` block of the screen's.
    public let small: Bitmap
    /// How many screen pixels one small pixel stands for, each way.
    public let factor: Int
    /// How many small pixels of black (blurred into the screen's edge) lie around the screen's on each side:
    /// the screen's pixel 0 is small pixel `margin`.
    public let margin: Int

    /// `screen` averaged down by `factor`, box-blurred three times by `radius` small pixels (on `margin` small
    /// pixels of black each way), its colour channels times (1 − `dim`)(1 − tint alpha) plus the premultiplied
    /// tint.
    public init(screen: Bitmap, factor: Int, radius: Int, dim: Double, tint: Color, margin: Int = 0) {
        let f = max(factor, 1), m = min(max(margin, 0), 1 << 12)
        self.init(
            blurred: screen.blurredDown(by: f, radius: radius, margin: m), factor: f, margin: m, dim: dim, tint: tint)
    }

    /// A blurred screen (`Bitmap.blurredDown` by `factor` with `margin`) darkened by `dim` and tinted, as
    /// `init(screen:…)` does after its blur.
    public init(blurred: Bitmap, factor: Int, margin: Int = 0, dim: Double, tint: Color) {
        var small = blurred
        let alpha = min(max(tint.alpha, 0), 1)
        let keep = (1 - min(max(dim, 0), 1)) * (1 - alpha)
        // One table a channel: the same rounding for every pixel, a lookup each.
        func table(_ component: Double) -> [UInt32] {
            let add = min(max(component, 0), 1) * 255 * alpha
            return (0 ..< 256).map { UInt32(min(max((Double($0) * keep + add).rounded(), 0), 255)) }
        }
        let (red, green, blue) = (table(tint.red), table(tint.green), table(tint.blue))
        small.pixels.withUnsafeMutableBufferPointer { pixels in
            for i in pixels.indices {
                let p = pixels[i]
                pixels[i] =
                    0xFF00_0000 | red[Int(p >> 16 & 0xFF)] << 16 | green[Int(p >> 8 & 0xFF)] << 8
                    | blue[Int(p & 0xFF)]
            }
        }
        self.small = small
        self.factor = max(factor, 1)
        self.margin = max(margin, 0)
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
    /// How many pixels the last draws left to what is drawn over them (tests: the fast path was taken).
    public internal(set) var skippedPixels = 0
    /// Whether a corner row works out which of its pixels the shape covers not at all or whole without asking
    /// `RoundedRectShape.coverage` of each (off: the reference that asks of every pixel in the corner squares).
    var tightCorners = true

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
    /// one blend of the two, four pixels at a time. `covered`, given a target row, names target columns that
    /// opaque pixels drawn next will cover whole (a sheet's opaque content over its glass): those are left as
    /// they are, neither stretched nor written, inside the glass's wholly covered middle only.
    public mutating func drawGlass(
        _ backdrop: FrostedBackdrop, mapping: GlassMapping, solid: UInt32, amount: UInt32, in rect: Rect,
        radii: CornerRadii, clip: PixelRect, scratch: inout GlassScratch, covered: ((Int) -> Range<Int>)? = nil
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
        let stride = width
        let count = area.width
        // The two stretched rows, moved out of the scratch for the draw (and back after): each row's key (its
        // small row) and the hole of columns it was not stretched over.
        var rowA: [UInt32] = [], rowB: [UInt32] = [], mixed: [UInt32] = []
        swap(&rowA, &scratch.rowA); swap(&rowB, &scratch.rowB); swap(&mixed, &scratch.mixed)
        defer { swap(&rowA, &scratch.rowA); swap(&rowB, &scratch.rowB); swap(&mixed, &scratch.mixed) }
        let columns = scratch.columns, weights = scratch.weights
        var keys = (a: -1, b: -1), holes = (a: 0 ..< 0, b: 0 ..< 0)
        var skipped = 0
        small.pixels.withUnsafeBufferPointer { smallPixels in
            guard let source = smallPixels.baseAddress else { return }
            func stretch(_ r: Int, into row: inout [UInt32], _ first: Range<Int>, _ second: Range<Int>) {
                Bitmap.stretch(
                    source + r * small.width, solid, mix, low, high, columns: columns, weights: weights,
                    mixed: &mixed, into: &row, first, second)
            }
            // Makes `row` small row `r` stretched over every column outside `hole`, stretching only what it lacks.
            func fill(
                _ r: Int, _ key: inout Int, _ held: inout Range<Int>, into row: inout [UInt32], _ hole: Range<Int>
            ) {
                if key != r {
                    stretch(r, into: &row, 0 ..< hole.lowerBound, hole.upperBound ..< count)
                    (key, held) = (r, hole)
                    return
                }
                guard !held.isEmpty, held.lowerBound < hole.lowerBound || held.upperBound > hole.upperBound else {
                    return
                }
                // What it left out and this row needs: its hole less this one's.
                let from = max(held.lowerBound, hole.lowerBound), to = min(held.upperBound, hole.upperBound)
                if from < to {
                    stretch(r, into: &row, held.lowerBound ..< from, to ..< held.upperBound)
                    held = from ..< to
                } else {
                    stretch(r, into: &row, held, 0 ..< 0)
                    held = 0 ..< 0
                }
            }
            for py in area.y ..< area.maxY {
                let v = min(max((Double(py) + 0.5) * mapping.scaleY + mapping.offsetY, 0), Double(small.height - 1))
                let r0 = Int(v), r1 = min(r0 + 1, small.height - 1)
                let wy = r1 == r0 ? 0 : UInt32(((v - Double(r0)) * 256).rounded())
                let (lead, left, right, trail) = Bitmap.glassMiddle(
                    py: py, area: area, shape: shape, tight: scratch.tightCorners)
                var hole = 0 ..< 0
                if let covered {
                    let c = covered(py)
                    let from = max(c.lowerBound - area.x, left), to = min(c.upperBound - area.x, right)
                    if from < to { hole = from ..< to }
                }
                // The stretched rows of r0 and r1 (the pair moves down a row at a time).
                if keys.a != r0 && keys.b == r0 {
                    swap(&rowA, &rowB)
                    (keys, holes) = ((r0, -1), (holes.b, 0 ..< 0))
                }
                fill(r0, &keys.a, &holes.a, into: &rowA, hole)
                if wy > 0 { fill(r1, &keys.b, &holes.b, into: &rowB, hole) }
                pixels.withUnsafeMutableBufferPointer { target in
                    guard let out = target.baseAddress else { return }
                    Bitmap.writeGlassRow(
                        out + py * stride + area.x, py: py, area: area, shape: shape, rows: (rowA, rowB), wy: wy,
                        columns: (lead, left, right, trail), hole: hole, saved: &scratch.saved)
                }
                skipped += hole.count
            }
        }
        scratch.skippedPixels += skipped
    }

    /// The glass row's columns (from the area's left) by how its rounded shape covers them: [0, lead) and
    /// [trail, count) not at all, [lead, left) and [right, trail) maybe partly, [left, right) whole; in a row cut by
    /// the top or bottom edge, every column from lead to trail may be partly covered. With `tight` false, lead
    /// and trail are the row's ends and left and right the corner squares' (the reference).
    static func glassMiddle(py: Int, area: PixelRect, shape: RoundedRectShape, tight: Bool = true)
        -> (lead: Int, left: Int, right: Int, trail: Int)
    {
        let count = area.width
        let whole = RoundedRectShape.overlap(Double(py), shape.minY, shape.maxY) >= 1
        guard tight else {
            let left = whole ? min(max(shape.leftComplexEnd(row: py) - area.x, 0), count) : count
            let right = whole ? max(min(shape.rightComplexStart(row: py) - area.x, count), left) : count
            return (0, left, right, count)
        }
        let a = shape.cornerSpan(row: py, left: true), b = shape.cornerSpan(row: py, left: false)
        let lead = min(max(a.outside - area.x, 0), count)
        let trail = max(min(b.outside - area.x, count), lead)
        let left = whole ? min(max(a.inside - area.x, lead), trail) : trail
        let right = whole ? max(min(b.inside - area.x, trail), left) : trail
        return (lead, left, right, trail)
    }

    /// Small row `row`'s columns `low...high` mixed toward `solid` (into `mixed`), then stretched bilinearly
    /// across the target's columns in `ranges` into `target`.
    private static func stretch(
        _ row: UnsafePointer<UInt32>, _ solid: UInt32, _ mix: UInt32, _ low: Int, _ high: Int,
        columns: [Int], weights: [UInt32], mixed: inout [UInt32], into target: inout [UInt32],
        _ first: Range<Int>, _ second: Range<Int>
    ) {
        let keep = 256 - mix
        for j in low ... max(low, high) { mixed[j] = mix == 0 ? row[j] : lerp(row[j], solid, keep, mix) }
        let edge = max(low, high)
        mixed.withUnsafeBufferPointer { mixedRow in
            columns.withUnsafeBufferPointer { columns in
                weights.withUnsafeBufferPointer { weights in
                    target.withUnsafeMutableBufferPointer { target in
                        guard let from = mixedRow.baseAddress, let to = target.baseAddress,
                            let weightsBase = weights.baseAddress
                        else { return }
                        for range in [first, second] where !range.isEmpty {
                            // Four at a time while the fourth's right tap is inside (columns never decrease): the
                            // same sums in 16-bit lanes (`BilinearSampler.lerp4`), a column's two taps one load.
                            var i = range.lowerBound
                            let quads = i &+ PixelMath.quads(range.count)
                            while i < quads && columns[i &+ 3] < edge {
                                let low = SIMD4(
                                    lowHalf: load2(from + columns[i]), highHalf: load2(from + columns[i &+ 1]))
                                let high = SIMD4(
                                    lowHalf: load2(from + columns[i &+ 2]), highHalf: load2(from + columns[i &+ 3]))
                                let pairs = SIMD8(lowHalf: low, highHalf: high)
                                let w = UnsafeRawPointer(weightsBase + i).loadUnaligned(as: SIMD4<UInt32>.self)
                                UnsafeMutableRawPointer(to + i).storeBytes(
                                    of: BilinearSampler.lerp4(pairs.evenHalf, pairs.oddHalf, w),
                                    as: SIMD4<UInt32>.self)
                                i &+= 4
                            }
                            while i < range.upperBound {
                                let c = columns[i], w = weights[i]
                                target[i] =
                                    w == 0 ? mixedRow[c] : lerp(mixedRow[c], mixedRow[min(c + 1, edge)], 256 - w, w)
                                i &+= 1
                            }
                        }
                    }
                }
            }
        }
    }

    /// One target row of the glass: the blend of the two stretched rows, with the pixels the rounded shape
    /// covers only partly (the corners, the edges: columns [0, left) and [right, count)) blended with what was
    /// there by that coverage, and the columns of `hole` (inside [left, right)) left as they are.
    private static func writeGlassRow(
        _ row: UnsafeMutablePointer<UInt32>, py: Int, area: PixelRect, shape: RoundedRectShape,
        rows: ([UInt32], [UInt32]), wy: UInt32, columns: (lead: Int, left: Int, right: Int, trail: Int),
        hole: Range<Int>, saved: inout [UInt32]
    ) {
        let (lead, left, right, trail) = columns
        saved.withUnsafeMutableBufferPointer { saved in
            for i in lead ..< left { saved[i] = row[i] }
            for i in right ..< trail { saved[i] = row[i] }
        }
        rows.0.withUnsafeBufferPointer { a in
            rows.1.withUnsafeBufferPointer { b in
                guard let a = a.baseAddress, let b = b.baseAddress else { return }
                let first = lead ..< (hole.isEmpty ? trail : hole.lowerBound)
                let second = hole.isEmpty ? trail ..< trail : hole.upperBound ..< trail
                for run in [first, second] where !run.isEmpty {
                    let at = run.lowerBound
                    if wy == 0 {
                        (row + at).update(from: a + at, count: run.count)
                    } else {
                        blendRows(a + at, b + at, 256 - wy, wy, into: row + at, count: run.count)
                    }
                }
            }
        }
        saved.withUnsafeBufferPointer { saved in
            func edge(_ i: Int) {
                let k = PixelMath.byte(shape.coverage(px: area.x + i, py: py))
                if k < 255 { row[i] = PixelMath.over(PixelMath.scale(row[i], by: k), saved[i]) }
            }
            for i in lead ..< left { edge(i) }
            for i in right ..< trail { edge(i) }
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

    /// Two neighbouring pixels from `p`, the left in the low lanes.
    @inline(__always)
    private static func load2(_ p: UnsafePointer<UInt32>) -> SIMD2<UInt32> {
        UnsafeRawPointer(p).loadUnaligned(as: SIMD2<UInt32>.self)
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
