extension Bitmap {
    /// This picture drawn at `width` × `height` pixels with a filter that keeps it smooth: shrinking, every
    /// source pixel contributes; enlarging, bilinear. Each axis is done on its own (width first), in
    /// premultiplied colour so that a transparent edge does not darken what it borders.
    ///
    /// Shrinking by n averages a box n + 1 source pixels wide around each destination pixel (the destination's
    /// footprint widened by half a source pixel each side; the outermost pixels count half). The extra pixel is
    /// what removes the finest pattern a picture can have: a 1-pixel checkerboard becomes one flat grey at any
    /// whole ratio, where a plain footprint average leaves a ±1/n ripple at odd ones (3:1 gives 113 and 142).
    /// Past its edges the picture is taken as mirrored, so an edge pixel is filtered like any other. Weights
    /// always sum to one, so a solid colour stays exactly that colour. An axis that keeps its size is
    /// copied, so a picture at its own size is unchanged. Sizes below one pixel give an empty bitmap.
    public func resampled(width newWidth: Int, height newHeight: Int) -> Bitmap {
        guard newWidth > 0, newHeight > 0, width > 0, height > 0 else {
            return Bitmap(width: max(newWidth, 0), height: max(newHeight, 0))
        }
        if newWidth == width && newHeight == height { return self }
        return resampled(
            width: newWidth, height: newHeight, keeping: PixelRect(x: 0, y: 0, width: newWidth, height: newHeight))
    }

    /// The pixels `area` of this picture drawn at `width` × `height`: the same pixels as
    /// `resampled(width:height:).cropped(to: area)`, but only those are computed and held. An image placed to fill
    /// a view keeps its aspect, so a 1 × 8192 strip filling a phone screen is millions of pixels tall: resampled
    /// whole it would take gigabytes and minutes, cut first it is the screen.
    public func resampled(width newWidth: Int, height newHeight: Int, keeping area: PixelRect) -> Bitmap {
        let area = area.intersection(PixelRect(x: 0, y: 0, width: max(newWidth, 0), height: max(newHeight, 0)))
        guard !area.isEmpty, width > 0, height > 0 else { return Bitmap(width: 0, height: 0) }
        let across = ResampleAxis(from: width, to: newWidth, keeping: area.x ..< area.maxX)
        let down = ResampleAxis(from: height, to: newHeight, keeping: area.y ..< area.maxY)
        var result = Bitmap(width: area.width, height: area.height)
        down.resampleDown(self, rowsAcross: across, into: &result)
        return result
    }
}

/// The weights that make one axis `to` pixels long from `from` source pixels: destination pixel i is the sum over
/// k < `count[i]` of source pixel `index[offset[i] + k]` times `weights[offset[i] + k]`; its weights sum to one.
struct ResampleAxis {
    private(set) var index: [Int] = []
    private(set) var count: [Int] = []
    private(set) var offset: [Int] = []
    private(set) var weights: [Float] = []

    /// The weights of destination pixels `kept` (all of them when nil), in order from the first kept.
    init(from source: Int, to destination: Int, keeping kept: Range<Int>? = nil) {
        let ratio = Double(source) / Double(destination)
        for i in kept ?? 0 ..< destination {
            let centre = (Double(i) + 0.5) * ratio
            if ratio > 1 {
                append(Self.box(centre: centre, halfWidth: (ratio + 1) / 2).map { (Self.mirrored($0.0, source), $0.1) })
            } else {
                append(Self.tent(centre: centre).filter { $0.0 >= 0 && $0.0 < source })
            }
        }
    }

    /// A box from centre − halfWidth to centre + halfWidth over square source pixels: each pixel weighs the
    /// length of it the box covers.
    private static func box(centre: Double, halfWidth: Double) -> [(Int, Double)] {
        let low = centre - halfWidth, high = centre + halfWidth
        return (Int(low.rounded(.down)) ..< Int(high.rounded(.up))).map { j in
            (j, min(high, Double(j + 1)) - max(low, Double(j)))
        }
    }

    /// Linear interpolation between the two source pixel centres around `centre`; a tap past the edge is
    /// dropped, which repeats the edge pixel.
    private static func tent(centre: Double) -> [(Int, Double)] {
        let x = centre - 0.5, left = x.rounded(.down), t = x - left
        return [(Int(left), 1 - t), (Int(left) + 1, t)]
    }

    /// Source index `j` mirrored about the edge pixels (−1 is 1, n is n − 2), then clamped: past its edges the
    /// picture continues as its own reflection, so a box that hangs over an edge keeps its balance (an edge
    /// pixel of a shrunk checkerboard is the same grey as the rest).
    private static func mirrored(_ j: Int, _ n: Int) -> Int {
        let reflected = j < 0 ? -j : (j >= n ? 2 * (n - 1) - j : j)
        return min(max(reflected, 0), n - 1)
    }

    /// Records `taps`, weighing them to sum to one.
    private mutating func append(_ taps: [(Int, Double)]) {
        let kept = taps.filter { $0.1 > 0 }
        let total = kept.reduce(0) { $0 + $1.1 }
        offset.append(weights.count)
        count.append(kept.count)
        index += kept.map(\.0)
        weights += kept.map { Float($0.1 / total) }
    }

    /// Resamples row `y` of `bitmap` across into `out`, four floats a pixel (alpha, red, green, blue).
    func resampleRow(of bitmap: Bitmap, y: Int, into out: UnsafeMutablePointer<Float>) {
        bitmap.pixels.withUnsafeBufferPointer { pixels in
            guard let row = pixels.baseAddress.map({ $0 + y * bitmap.width }) else { return }
            for i in 0 ..< count.count {
                var a: Float = 0, r: Float = 0, g: Float = 0, b: Float = 0
                for k in offset[i] ..< offset[i] + count[i] {
                    let p = row[index[k]], w = weights[k]
                    a += Float(p >> 24) * w
                    r += Float((p >> 16) & 0xFF) * w
                    g += Float((p >> 8) & 0xFF) * w
                    b += Float(p & 0xFF) * w
                }
                (out[4 * i], out[4 * i + 1], out[4 * i + 2], out[4 * i + 3]) = (a, r, g, b)
            }
        }
    }

    /// Resamples `source` across by `across`, then down with these weights, into `result`. Only the
    /// source rows the current destination row needs are kept, resampled across, in a ring of one more than the most taps
    /// (a destination row's taps span at most that many, and the first tap never moves up), so the memory
    /// beside the result is a few rows, not a copy of the picture.
    func resampleDown(_ source: Bitmap, rowsAcross across: ResampleAxis, into result: inout Bitmap) {
        let width = result.width, lanes = 4 * width, ring = (count.max() ?? 1) + 1
        let rows = UnsafeMutablePointer<Float>.allocate(capacity: ring * lanes)
        let line = UnsafeMutablePointer<Float>.allocate(capacity: lanes)
        defer { rows.deallocate(); line.deallocate() }
        var held = [Int](repeating: -1, count: ring)
        result.pixels.withUnsafeMutableBufferPointer { out in
            for i in 0 ..< count.count {
                line.initialize(repeating: 0, count: lanes)
                for k in offset[i] ..< offset[i] + count[i] {
                    let row = index[k], slot = row % ring, w = weights[k], from = rows + slot * lanes
                    if held[slot] != row {
                        across.resampleRow(of: source, y: row, into: from)
                        held[slot] = row
                    }
                    for j in 0 ..< lanes { line[j] += from[j] * w }
                }
                for x in 0 ..< width {
                    out[i * width + x] = Self.pixel(line[4 * x], line[4 * x + 1], line[4 * x + 2], line[4 * x + 3])
                }
            }
        }
    }

    /// Rounds channels back to a pixel, no colour channel above alpha (so the result stays premultiplied).
    @inline(__always)
    static func pixel(_ alpha: Float, _ red: Float, _ green: Float, _ blue: Float) -> UInt32 {
        let a = min(max(alpha.rounded(), 0), 255)
        let r = min(max(red.rounded(), 0), a), g = min(max(green.rounded(), 0), a)
        let b = min(max(blue.rounded(), 0), a)
        return UInt32(a) << 24 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
    }
}
