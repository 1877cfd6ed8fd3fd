/// Draws a bitmap at a fractional position or scale by bilinear sampling. For destination pixel centre c the
/// source coordinate is (c − origin) / scale − 0.5, so a half-pixel shift averages two neighbours exactly.
/// Weights are 8-bit fixed point (0...256) so results are integer-exact and repeatable.
///
/// Where all four taps of a pixel lie inside the source (the interior of the area, nearly all of a large image)
/// a draw skips the bounds checks, resamples each source row across once for the destination rows that share
/// it, four columns at a time, and lerps down four pixels at a time (`lerp4`, one channel per 16-bit lane),
/// storing opaque quads of an opaque draw without a blend (an opaque source over anything is itself). The edge
/// rows and columns take the per-pixel path. Both give the same bytes.
struct BilinearSampler {
    let source: Bitmap
    /// The draw's one allocation, four runs of `area.width` words: per destination column its left source column
    /// (an `Int32`) and its right neighbour's weight, then two slots for source rows resampled across, which
    /// consecutive destination rows share.
    private var lanes: [UInt32]
    /// Offsets of the area's columns whose two source columns are both inside the source. Taps never decrease
    /// from left to right, so these are one run.
    private let interior: Range<Int>
    private let originX: Double
    private let originY: Double
    private let scale: Double

    init(source: Bitmap, originX: Double, originY: Double, scale: Double, area: PixelRect) {
        self.source = source
        self.originX = originX
        self.originY = originY
        self.scale = scale
        let count = area.width
        var lanes = [UInt32](repeating: 0, count: 4 * count)
        var first = count, end = 0
        if Self.storesTaps(sourceWidth: source.width) {
            for c in 0 ..< count {
                let (index, weight) = Self.tap((Double(area.x + c) + 0.5 - originX) / scale - 0.5)
                // Any column left of −1 or right of the last fetches the same transparent taps.
                lanes[c] = UInt32(bitPattern: Int32(min(max(index, -2), source.width)))
                lanes[count + c] = weight
                guard index >= 0, index + 1 < source.width else { continue }
                first = min(first, c)
                end = c + 1
            }
        }
        self.lanes = lanes
        interior = first < end ? first ..< end : 0 ..< 0
    }

    /// Whether a source column fits the 32-bit tap lanes (always, short of a bitmap row of 8 GB); when not, every
    /// pixel takes the per-pixel path and computes its own taps.
    static func storesTaps(sourceWidth: Int) -> Bool { sourceWidth < Int(Int32.max) - 2 }

    /// Integer sample index and the next one's weight out of 256.
    @inline(__always)
    static func tap(_ u: Double) -> (index: Int, weight: UInt32) {
        let floor = u.rounded(.down)
        return (Int(floor), UInt32(((u - floor) * 256).rounded()))
    }

    /// Source-over of the sampled source on `area` of `target` (already clipped), times `alpha` (0...255). With
    /// the source's row spans, each row's interior run is cut to the columns whose taps reach a visible pixel:
    /// a pixel whose four taps are all transparent leaves the target as it is.
    consuming func draw(into target: inout Bitmap, area: PixelRect, alpha: UInt32, spans: RowSpans? = nil) {
        let source = source,
            geometry = BilinearPass.Geometry(
                area: area, interior: interior, originX: originX, originY: originY, scale: scale, alpha: alpha)
        let stride = target.width
        lanes.withUnsafeMutableBufferPointer { lanes in
            source.pixels.withUnsafeBufferPointer { src in
                target.pixels.withUnsafeMutableBufferPointer { dst in
                    guard let lanes = lanes.baseAddress, let src = src.baseAddress, let dst = dst.baseAddress
                    else { return }
                    var pass = BilinearPass(
                        geometry: geometry, lanes: lanes, source: src,
                        sourceWidth: source.width, sourceHeight: source.height,
                        target: dst, stride: stride, spans: spans)
                    for py in area.y ..< area.maxY { pass.drawRow(py) }
                }
            }
        }
    }

    /// `lerp` on four pixels, each with its own weight: one channel per 16-bit lane, as `PixelMath.scale4` does (a
    /// channel times `256 − w` plus the other's times `w` plus the rounding term is at most 65408, so nothing
    /// carries between channels), and with no shortcuts, since the arithmetic already gives `a` when `w` is 0 or
    /// `a == b` and `b` when `w` is 256. The results are exactly `lerp`'s.
    @inline(__always)
    static func lerp4(_ a: SIMD4<UInt32>, _ b: SIMD4<UInt32>, _ w: SIMD4<UInt32>) -> SIMD4<UInt32> {
        let left = unsafeBitCast(a, to: SIMD8<UInt16>.self), right = unsafeBitCast(b, to: SIMD8<UInt16>.self)
        let wr = unsafeBitCast(w | w &<< 16, to: SIMD8<UInt16>.self), wl = SIMD8<UInt16>(repeating: 256) &- wr
        let low = SIMD8<UInt16>(repeating: 0x00FF), half = SIMD8<UInt16>(repeating: 0x0080)
        // Blue and red in the low byte of each lane, green and alpha in the high byte.
        let rb = ((left & low) &* wl &+ (right & low) &* wr &+ half) &>> 8
        let ag = ((left &>> 8) &* wl &+ (right &>> 8) &* wr &+ half) & ~low
        return unsafeBitCast(rb | ag, to: SIMD4<UInt32>.self)
    }

    /// `a` + (`b` − `a`)·w/256 on all four channels, rounded half up; two channels per 16-bit lane pair.
    @inline(__always)
    static func lerp(_ a: UInt32, _ b: UInt32, _ w: UInt32) -> UInt32 {
        if w == 0 || a == b { return a }
        if w == 256 { return b }
        let v = 256 - w
        let rb = ((a & 0x00FF_00FF) &* v &+ (b & 0x00FF_00FF) &* w &+ 0x0080_0080) >> 8 & 0x00FF_00FF
        let ag = (((a >> 8) & 0x00FF_00FF) &* v &+ ((b >> 8) & 0x00FF_00FF) &* w &+ 0x0080_0080) & 0xFF00_FF00
        return rb | ag
    }
}
