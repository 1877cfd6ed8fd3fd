import ModalKitBase
import ModalKitPixels

/// The edge below a floating sheet: the dimmed screen behind, drawn again where the sheet's view (which keeps
/// one size so its pixels are kept) reaches past the sheet's rounded bottom: under the inset, and outside the
/// bottom corners, anti-aliased. A band one corner radius tall; the rest of the screen is left to the views
/// behind.
final class SheetEdgeView: View {
    /// The screen behind the sheet.
    weak var presentingView: View?
    /// The backdrop's dim now (0...1 of black).
    var dim = 0.0
    /// The sheet's frame on screen and its bottom corners' radius, in points.
    private var card = Rect.zero, radius = 0.0
    /// Whether the columns wholly inside the sheet are found from its shape, a row at a time (off: the
    /// reference that asks `outside` of every pixel; tests).
    var findsInsideColumns = true

    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
        accessibilityIdentifier = "sheet-edge"
    }

    /// Covers the band of `depth` points at the bottom of a container of `size` (one size through a drag, so
    /// its pixels are redrawn in place), for a sheet at `card` whose bottom corners have `bottomRadius`.
    func place(under card: Rect, bottomRadius: Double, depth: Double, in size: Size) {
        self.card = card
        radius = max(bottomRadius, 0)
        let band = Rect(x: 0, y: size.height - depth, width: size.width, height: depth)
        if frame != band { frame = band }
    }

    override func hitTest(_ point: Point) -> View? { nil }

    /// Each pixel: how much of it lies outside the sheet's rounded bottom, times the dimmed screen behind there.
    override func draw(in canvas: Canvas) {
        let s = canvas.scale
        let area = PixelRect(covering: canvas.pixelRect(for: Rect(origin: .zero, size: bounds.size)))
            .intersection(canvas.clip)
        guard !area.isEmpty, let behind = presentingView, behind.presentation.transform.scaleX > 0 else { return }
        let layer = behind.rasterized(scale: s)
        let source = layer.canvas.bitmap, pad = layer.padding
        let origin = behind.convertToWindow(.zero)
        let behindScale = behind.presentation.transform.scaleX
        let mine = convertToWindow(.zero)
        let keep = 1 - min(max(dim, 0), 1)
        let r = radius * s, left = card.minX * s, right = card.maxX * s, bottom = card.maxY * s
        // What depends on the column alone (its center and the screen behind's column there) is found once, and
        // the dim of a wholly outside pixel is looked up per channel value; the arithmetic is the per-pixel one.
        let centers = (area.x ..< area.maxX).map { mine.x * s + (Double($0) - canvas.originX) + 0.5 }
        let columns = centers.map { wx -> Int in
            let fx = ((wx / s - origin.x) / behindScale * s).rounded(.down) + Double(pad)
            return fx >= 0 && fx < Double(source.width) ? Int(fx) : -1
        }
        let dimmed = (0 ..< 256).map { UInt32((Double($0) * keep * 1).rounded()) }
        let width = canvas.bitmap.width
        // The edge's pixel at column `i` of the row centered at `wy`, whose screen behind is `line` (nil: black).
        func pixel(_ i: Int, _ wy: Double, _ line: UnsafePointer<UInt32>?) -> UInt32 {
            let a = SheetEdgeView.outside(x: centers[i], y: wy, left: left, right: right, bottom: bottom, radius: r)
            guard a > 0 else { return 0 }
            // The screen behind at this window pixel (black where it does not reach), dimmed.
            var pixel: UInt32 = 0xFF00_0000
            if let line, columns[i] >= 0 { pixel = line[columns[i]] }
            if a == 1 {
                return 0xFF00_0000 | dimmed[Int(pixel >> 16 & 0xFF)] << 16 | dimmed[Int(pixel >> 8 & 0xFF)] << 8
                    | dimmed[Int(pixel & 0xFF)]
            }
            func channel(_ shift: UInt32) -> UInt32 {
                UInt32((Double(pixel >> shift & 0xFF) * keep * a).rounded()) << shift
            }
            return UInt32((255 * a).rounded()) << 24 | channel(16) | channel(8) | channel(0)
        }
        source.pixels.withUnsafeBufferPointer { from in
            canvas.bitmap.pixels.withUnsafeMutableBufferPointer { to in
                guard let from = from.baseAddress, let to = to.baseAddress else { return }
                for py in area.y ..< area.maxY {
                    let wy = mine.y * s + (Double(py) - canvas.originY) + 0.5
                    let fy = ((wy / s - origin.y) / behindScale * s).rounded(.down) + Double(pad)
                    let line = fy >= 0 && fy < Double(source.height) ? from + Int(fy) * source.width : nil
                    let out = to + py * width + area.x
                    // The columns wholly inside the sheet (most of the band) are transparent without asking.
                    let inside =
                        findsInsideColumns
                        ? SheetEdgeView.insideColumns(
                            centers, y: wy, left: left, right: right, bottom: bottom, radius: r) : 0 ..< 0
                    (out + inside.lowerBound).update(repeating: 0, count: inside.count)
                    for i in 0 ..< inside.lowerBound { out[i] = pixel(i, wy, line) }
                    for i in inside.upperBound ..< centers.count { out[i] = pixel(i, wy, line) }
                }
            }
        }
    }

    /// Of the pixels centered at `centers` (increasing by one) on the row centered at `y`, the indices of those
    /// wholly inside the rectangle with its rounded bottom (see `outside`), found from the shape instead of
    /// asked of each pixel: those at least half a pixel and a hundredth inside, so that `outside` is certainly 0
    /// there; the few pixels nearer the edge are left to it.
    static func insideColumns(
        _ centers: [Double], y: Double, left: Double, right: Double, bottom: Double, radius: Double
    ) -> Range<Int> {
        let margin = 0.5 + 0.01, cy = bottom - radius
        guard let first = centers.first, y <= bottom - margin, radius >= 0, radius.isFinite else { return 0 ..< 0 }
        var low = left + margin, high = right - margin
        if y > cy {
            // In the corners' rows, inside the arcs shrunk by the margin, or between the corners' columns.
            let dy = y - cy, shrunk = radius - margin
            let half = shrunk > dy ? (shrunk * shrunk - dy * dy).squareRoot() : 0
            low = max(low, shrunk > dy ? left + radius - half : left + radius + 1e-6)
            high = min(high, shrunk > dy ? right - radius + half : right - radius - 1e-6)
        }
        guard low <= high, (low - first).magnitude < 1e9, (high - first).magnitude < 1e9 else { return 0 ..< 0 }
        // The first center at or past `low` and the last at or before `high`, checked against the centers.
        var lo = max(Int((low - first).rounded(.up)) - 1, 0),
            hi = min(Int((high - first).rounded(.down)) + 1, centers.count - 1)
        while lo < centers.count && centers[lo] < low { lo += 1 }
        while hi >= 0 && centers[hi] > high { hi -= 1 }
        return lo <= hi ? lo ..< hi + 1 : 0 ..< 0
    }

    /// How much of a pixel centered at (x, y) lies outside a rectangle from `left` to `right` whose bottom is
    /// rounded by `radius` at `bottom` (pixels): 0 inside, 1 outside, a one-pixel ramp across the edge.
    static func outside(x: Double, y: Double, left: Double, right: Double, bottom: Double, radius: Double) -> Double {
        var d: Double
        let cy = bottom - radius
        if y > cy && (x < left + radius || x > right - radius) {
            let cx = x < left + radius ? left + radius : right - radius
            d = ((x - cx) * (x - cx) + (y - cy) * (y - cy)).squareRoot() - radius
        } else {
            d = max(left - x, x - right, y - bottom)
        }
        d = min(max(d + 0.5, 0), 1)
        return d
    }

    override func describeContent(into content: inout LayerContent) -> Bool { false }
}
