/// Draws a bitmap at a fractional position or scale by bilinear sampling. For destination pixel centre c the
/// source coordinate is (c − origin) / scale − 0.5, so a half-pixel shift averages two neighbours exactly.
/// Weights are 8-bit fixed point (0...256) so results are integer-exact and repeatable.
struct BilinearSampler {
    let source: Bitmap
    /// Per destination column of the area: left source column and the right neighbour's weight.
    private let columns: [(index: Int, weight: UInt32)]
    private let originY: Double
    private let scale: Double

    init(source: Bitmap, originX: Double, originY: Double, scale: Double, area: PixelRect) {
        self.source = source
        self.originY = originY
        self.scale = scale
        columns = (area.x ..< area.maxX).map { Self.tap((Double($0) + 0.5 - originX) / scale - 0.5) }
    }

    /// Integer sample index and the next one's weight out of 256.
    private static func tap(_ u: Double) -> (index: Int, weight: UInt32) {
        let floor = u.rounded(.down)
        return (Int(floor), UInt32(((u - floor) * 256).rounded()))
    }

    func draw(into target: inout Bitmap, area: PixelRect, alpha: UInt32) {
        let stride = target.width
        source.pixels.withUnsafeBufferPointer { src in
            target.pixels.withUnsafeMutableBufferPointer { dst in
                for py in area.y ..< area.maxY {
                    let (row, wy) = Self.tap((Double(py) + 0.5 - originY) / scale - 0.5)
                    var i = py * stride + area.x
                    // Rows and columns whose taps are all inside the source read it straight, without the
                    // bounds test `fetch` makes (most of the sampler's time); a row weight of 0 needs no lower row.
                    let rowInside = row >= 0 && row + 1 < source.height
                    for (sx, wx) in columns {
                        let s0: UInt32
                        if rowInside && sx >= 0 && sx + 1 < source.width {
                            let at = row * source.width + sx
                            let top = Self.lerp(src[at], src[at + 1], wx)
                            s0 = wy == 0 ? top : Self.lerp(top, Self.lerp(src[at + source.width], src[at + source.width + 1], wx), wy)
                        } else {
                            let top = Self.lerp(fetch(src, sx, row), fetch(src, sx + 1, row), wx)
                            let bottom = Self.lerp(fetch(src, sx, row + 1), fetch(src, sx + 1, row + 1), wx)
                            s0 = Self.lerp(top, bottom, wy)
                        }
                        var s = s0
                        if alpha != 255 { s = PixelMath.scale(s, by: alpha) }
                        if s != 0 { dst[i] = PixelMath.over(s, dst[i]) }
                        i += 1
                    }
                }
            }
        }
    }

    /// The source pixel at (x, y), transparent outside the source.
    @inline(__always)
    private func fetch(_ src: UnsafeBufferPointer<UInt32>, _ x: Int, _ y: Int) -> UInt32 {
        guard x >= 0, y >= 0, x < source.width, y < source.height else { return 0 }
        return src[y * source.width + x]
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
