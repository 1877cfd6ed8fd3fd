/// One bilinear draw in progress, over raw pointers that `BilinearSampler.draw` holds open: the per-pixel path
/// for the edges, and the interior's fast path with its two cached resampled source rows.
struct BilinearPass {
    /// Where the draw lands and how the destination maps onto the source.
    struct Geometry {
        let area: PixelRect
        let interior: Range<Int>
        let originX: Double
        let originY: Double
        let scale: Double
        let alpha: UInt32
    }

    private let geometry: Geometry
    private let index: UnsafePointer<UInt32>
    private let weights: UnsafePointer<UInt32>
    private let slots: (UnsafeMutablePointer<UInt32>, UnsafeMutablePointer<UInt32>)
    /// The source rows the two slots hold, resampled across the interior columns.
    private var slotRows = (Int.min, Int.min)
    private let source: UnsafePointer<UInt32>
    private let sourceWidth: Int
    private let sourceHeight: Int
    private let target: UnsafeMutablePointer<UInt32>
    private let stride: Int
    /// Whether the lanes hold every column's taps (see `BilinearSampler.storesTaps`).
    private let storedTaps: Bool
    /// The source's row spans (true to its pixels), or nil: every interior column is drawn.
    private let spans: RowSpans?
    /// The interior columns each slot was last filled over; the rest of a slot holds transparent pixels.
    private var slotRuns = (0 ..< 0, 0 ..< 0)

    init(
        geometry: Geometry, lanes: UnsafeMutablePointer<UInt32>, source: UnsafePointer<UInt32>, sourceWidth: Int,
        sourceHeight: Int, target: UnsafeMutablePointer<UInt32>, stride: Int, spans: RowSpans? = nil
    ) {
        let count = geometry.area.width
        self.geometry = geometry
        index = UnsafePointer(lanes)
        weights = UnsafePointer(lanes + count)
        slots = (lanes + 2 * count, lanes + 3 * count)
        self.source = source
        self.sourceWidth = sourceWidth
        self.sourceHeight = sourceHeight
        self.target = target
        self.stride = stride
        storedTaps = BilinearSampler.storesTaps(sourceWidth: sourceWidth)
        self.spans = storedTaps ? spans : nil
    }

    /// The interior columns whose taps reach a visible pixel of source row `row` (all of them without spans).
    private func run(of row: Int) -> Range<Int> {
        guard let spans else { return geometry.interior }
        let visible = spans.row(row).visible
        guard !visible.isEmpty else { return geometry.interior.lowerBound ..< geometry.interior.lowerBound }
        // A column's taps are its index and the next: it reaches `visible` when its index is in
        // visible.lowerBound − 1 ..< visible.upperBound. Indices never decrease from left to right.
        let first = firstColumn(from: visible.lowerBound - 1), end = firstColumn(from: visible.upperBound)
        return first ..< max(first, end)
    }

    /// The first interior column whose left tap is at least `x` (the interior's end when none is).
    private func firstColumn(from x: Int) -> Int {
        var (low, high) = (geometry.interior.lowerBound, geometry.interior.upperBound)
        while low < high {
            let mid = (low + high) / 2
            if Int(Int32(bitPattern: index[mid])) < x { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// Destination row `py` of the area: the interior run fast where both source rows are inside the source.
    mutating func drawRow(_ py: Int) {
        let g = geometry
        let (row, wy) = BilinearSampler.tap((Double(py) + 0.5 - g.originY) / g.scale - 0.5)
        let start = py * stride + g.area.x
        guard row >= 0, row + 1 < sourceHeight, !g.interior.isEmpty else {
            return drawEdge(0 ..< g.area.width, row: row, weight: wy, start: start)
        }
        drawEdge(0 ..< g.interior.lowerBound, row: row, weight: wy, start: start)
        let top = resampled(row, keeping: row + 1), bottom = resampled(row + 1, keeping: row)
        let (a, b) = (run(of: row), run(of: row + 1))
        let hull = a.isEmpty ? b : b.isEmpty ? a : min(a.lowerBound, b.lowerBound) ..< max(a.upperBound, b.upperBound)
        drawInterior(top: top, bottom: bottom, weight: wy, start: start, run: hull)
        drawEdge(g.interior.upperBound ..< g.area.width, row: row, weight: wy, start: start)
    }

    /// The per-pixel path: taps outside the source count as transparent.
    private func drawEdge(_ columns: Range<Int>, row: Int, weight wy: UInt32, start: Int) {
        let g = geometry
        for c in columns {
            let (sx, wx) =
                storedTaps
                ? (Int(Int32(bitPattern: index[c])), weights[c])
                : BilinearSampler.tap((Double(g.area.x + c) + 0.5 - g.originX) / g.scale - 0.5)
            let top = BilinearSampler.lerp(fetch(sx, row), fetch(sx + 1, row), wx)
            let bottom = BilinearSampler.lerp(fetch(sx, row + 1), fetch(sx + 1, row + 1), wx)
            blend(BilinearSampler.lerp(top, bottom, wy), at: start + c)
        }
    }

    /// Source-over of one sampled pixel, times the draw's alpha.
    @inline(__always)
    private func blend(_ sample: UInt32, at i: Int) {
        var s = sample
        if geometry.alpha != 255 { s = PixelMath.scale(s, by: geometry.alpha) }
        if s != 0 { target[i] = PixelMath.over(s, target[i]) }
    }

    @inline(__always)
    private func fetch(_ x: Int, _ y: Int) -> UInt32 {
        guard x >= 0, y >= 0, x < sourceWidth, y < sourceHeight else { return 0 }
        return source[y * sourceWidth + x]
    }

    /// The interior run of a row whose taps are all inside: the two resampled rows lerped down four pixels at a
    /// time (`PixelMath.fourAtATime`), opaque quads of an opaque draw stored without a blend, the rest blended four at a time (`over4` of a
    /// transparent pixel leaves the target as it is, so no pixel needs skipping); a tail of up to three pixels one
    /// at a time. The draw's alpha is tested once a row, not once a quad.
    private func drawInterior(
        top: UnsafePointer<UInt32>, bottom: UnsafePointer<UInt32>, weight wy: UInt32,
        start: Int, run: Range<Int>
    ) {
        let alpha = geometry.alpha
        // Wrapping steps: the run lies inside the area, so nothing here can overflow.
        var c = run.lowerBound
        let quads = c &+ PixelMath.quads(run.count), out = target + start
        if c < quads {
            let w = SIMD4<UInt32>(repeating: wy), opaque = SIMD4<UInt32>(repeating: 0xFF00_0000)
            if alpha == 255 {
                while c < quads {
                    let s = BilinearSampler.lerp4(Self.load4(top + c), Self.load4(bottom + c), w)
                    let covered = all(s & opaque .== opaque)
                    Self.store4(covered ? s : PixelMath.over4(s, Self.load4(out + c)), to: out + c)
                    c &+= 4
                }
            } else {
                let k = SIMD4<UInt32>(repeating: alpha)
                while c < quads {
                    let s = PixelMath.scale4(
                        BilinearSampler.lerp4(Self.load4(top + c), Self.load4(bottom + c), w), by: k)
                    Self.store4(PixelMath.over4(s, Self.load4(out + c)), to: out + c)
                    c &+= 4
                }
            }
        }
        while c < run.upperBound {
            blend(BilinearSampler.lerp(top[c], bottom[c], wy), at: start &+ c)
            c &+= 1
        }
    }

    @inline(__always)
    private static func load2(_ p: UnsafePointer<UInt32>) -> SIMD2<UInt32> {
        UnsafeRawPointer(p).loadUnaligned(as: SIMD2<UInt32>.self)
    }

    @inline(__always)
    private static func store4(_ v: SIMD4<UInt32>, to p: UnsafeMutablePointer<UInt32>) {
        UnsafeMutableRawPointer(p).storeBytes(of: v, as: SIMD4<UInt32>.self)
    }

    @inline(__always)
    private static func load4(_ p: UnsafePointer<UInt32>) -> SIMD4<UInt32> {
        UnsafeRawPointer(p).loadUnaligned(as: SIMD4<UInt32>.self)
    }

    /// The slot holding source row `row` resampled across, filling one that does not hold `kept` if neither has it.
    private mutating func resampled(_ row: Int, keeping kept: Int) -> UnsafePointer<UInt32> {
        if slotRows.0 == row { return UnsafePointer(slots.0) }
        if slotRows.1 == row { return UnsafePointer(slots.1) }
        if slotRows.0 == kept {
            slotRows.1 = row
            slotRuns.1 = refill(slots.1, with: row, over: slotRuns.1)
            return UnsafePointer(slots.1)
        }
        slotRows.0 = row
        slotRuns.0 = refill(slots.0, with: row, over: slotRuns.0)
        return UnsafePointer(slots.0)
    }

    /// Fills `slot` with source row `row` resampled over its run, clearing what the slot held outside it (its
    /// old run `held`), and returns the new run.
    private func refill(_ slot: UnsafeMutablePointer<UInt32>, with row: Int, over held: Range<Int>) -> Range<Int> {
        let run = run(of: row)
        let keptLow = max(held.lowerBound, run.lowerBound), keptHigh = min(held.upperBound, run.upperBound)
        if keptLow < keptHigh {
            (slot + held.lowerBound).update(repeating: 0, count: max(keptLow - held.lowerBound, 0))
            (slot + keptHigh).update(repeating: 0, count: max(held.upperBound - keptHigh, 0))
        } else {
            (slot + held.lowerBound).update(repeating: 0, count: held.count)
        }
        resample(row, into: slot, run: run)
        return run
    }

    /// Source row `row` lerped across at every interior column's taps, four columns at a time
    /// (`PixelMath.fourAtATime`). A column's two taps are neighbours, so one 8-byte load fetches both; four
    /// columns whose left taps are four neighbours (a scale near 1: the taps step by the floor or the ceiling of
    /// 1 / scale, so a first and fourth three apart step by one) take their left and right taps in one 16-byte
    /// load each.
    private func resample(_ row: Int, into out: UnsafeMutablePointer<UInt32>, run: Range<Int>) {
        let line = source + row * sourceWidth
        var c = run.lowerBound
        let quads = c &+ PixelMath.quads(run.count)
        while c < quads {
            let first = Int(index[c]), last = Int(index[c &+ 3])
            let left: SIMD4<UInt32>, right: SIMD4<UInt32>
            if last &- first == 3 {
                (left, right) = (Self.load4(line + first), Self.load4(line + (first &+ 1)))
            } else {
                let low = SIMD4(lowHalf: Self.load2(line + first), highHalf: Self.load2(line + Int(index[c &+ 1])))
                let high = SIMD4(lowHalf: Self.load2(line + Int(index[c &+ 2])), highHalf: Self.load2(line + last))
                let pairs = SIMD8(lowHalf: low, highHalf: high)
                (left, right) = (pairs.evenHalf, pairs.oddHalf)
            }
            Self.store4(BilinearSampler.lerp4(left, right, Self.load4(weights + c)), to: out + c)
            c &+= 4
        }
        while c < run.upperBound {
            let pair = PixelPairs.load(line + Int(index[c]))
            out[c] = BilinearSampler.lerp(
                UInt32(truncatingIfNeeded: pair), UInt32(truncatingIfNeeded: pair >> 32), weights[c])
            c &+= 1
        }
    }
}
