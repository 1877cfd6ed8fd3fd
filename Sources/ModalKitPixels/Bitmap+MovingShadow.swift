import Glibc
import ModalKitBase

extension Bitmap {
    /// Whether `drawMovingShadow` leaves to the page, in the rows of the rounded corners too, the pixels the
    /// shape covers wholly (off: only the solid interior rectangle below and above those rows; tests).
    nonisolated(unsafe) static var movingShadowSkipsCornerRows = true

    /// The soft drop shadow `drawShadow(…, opaqueFillFollows: true)` draws, for a shape that changes every frame (a
    /// zoomed page under a finger), where no coverage can be kept and `drawShadow`'s numerical corners would cost
    /// tens of milliseconds. The rectangle's blur is separable: one profile a column times one a row. Each rounded
    /// corner's cut-out (its square less the quarter disc) is taken away as horizontal strips of its exact area,
    /// each blurred separably too, so a pixel costs a product, a few multiply-adds near a corner, and the blend.
    /// It agrees with `drawShadow` within a level or two of 255. The pixels `rect` fills wholly are left alone: an
    /// opaque page is drawn over them next (in the rows of the rounded corners too, where `drawShadow` leaves
    /// only the rectangle below and above them: the card's width there is most of a moving card's shadow).
    public mutating func drawMovingShadow(
        of rect: Rect, radii: CornerRadii, blur: Double, offsetX: Double, offsetY: Double, color: Color,
        clip: PixelRect? = nil
    ) {
        let moved = rect.offsetBy(dx: offsetX, dy: offsetY)
        let sigma = blur / 2
        let limit = 1e9
        guard sigma >= 0.05, !moved.isEmpty,
            [moved.minX, moved.minY, moved.maxX, moved.maxY].allSatisfy({ $0.isFinite && abs($0) < limit })
        else {
            return drawShadow(
                of: rect, radii: radii, blur: blur, offsetX: offsetX, offsetY: offsetY, color: color, clip: clip,
                opaqueFillFollows: true)
        }
        let src = PixelMath.premultiplied(color)
        let shape = RoundedRectShape(
            minX: moved.minX, minY: moved.minY, maxX: moved.maxX, maxY: moved.maxY, radii: radii)
        let reach = ShadowCornerCut.visibleReach(alpha: src >> 24) * sigma
        let area = clipped(PixelRect(covering: moved.insetBy(dx: -reach, dy: -reach)), clip)
        guard !area.isEmpty, src != 0 else { return }
        // The shadow's pixel for each coverage byte; 0 where it would not change a pixel.
        let shades = (0 ... 255).map { (k: UInt32) in k == 255 ? src : PixelMath.scale(src, by: k) }
        let hidden = Self.solidInterior(of: rect, radii: radii)
        let card = RoundedRectShape(minX: rect.minX, minY: rect.minY, maxX: rect.maxX, maxY: rect.maxY, radii: radii)
        let k = 1 / (sigma * 2.0.squareRoot())
        let columns = (area.x ..< area.maxX).map {
            GaussianMath.boxBlur(Double($0) + 0.5, shape.minX, shape.maxX, k: k)
        }
        let cuts = ShadowCornerCut.all(of: shape, sigma: sigma, k: k, area: area)
        var row = [Double](repeating: 0, count: area.width)
        let stride = width
        shades.withUnsafeBufferPointer { shades in
            pixels.withUnsafeMutableBufferPointer { buf in
                for py in area.y ..< area.maxY {
                    // Columns skipStart ..< skipEnd of this row are the page's; none when they are empty.
                    var skipStart = Swift.max(hidden.x, area.x), skipEnd = Swift.min(hidden.maxX, area.maxX)
                    if py < hidden.y || py >= hidden.maxY || skipStart >= skipEnd {
                        (skipStart, skipEnd) = (area.maxX, area.maxX)
                        // In the rows of the rounded corners, the columns the shape covers wholly.
                        if Bitmap.movingShadowSkipsCornerRows,
                            RoundedRectShape.overlap(Double(py), card.minY, card.maxY) >= 1
                        {
                            let a = card.cornerSpan(row: py, left: true), b = card.cornerSpan(row: py, left: false)
                            let from = Swift.max(a.inside, area.x), to = Swift.min(b.inside, area.maxX)
                            if from < to { (skipStart, skipEnd) = (from, to) }
                        }
                    }
                    let rowProfile = GaussianMath.boxBlur(Double(py) + 0.5, shape.minY, shape.maxY, k: k)
                    for c in 0 ..< skipStart - area.x { row[c] = columns[c] * rowProfile }
                    for c in skipEnd - area.x ..< area.width { row[c] = columns[c] * rowProfile }
                    for cut in cuts {
                        cut.subtract(fromRow: py, into: &row, areaX: area.x, skipping: skipStart ..< skipEnd)
                    }
                    row.withUnsafeBufferPointer { row in
                        for side in 0 ..< 2 {
                            for px in side == 0 ? area.x ..< skipStart : skipEnd ..< area.maxX {
                                // `PixelMath.byte` without the library's `round` (the values are never negative here).
                                let v = row[px &- area.x]
                                let s = shades[v <= 0 ? 0 : v >= 1 ? 255 : Int(v * 255 + 0.5)]
                                guard s != 0 else { continue }
                                buf[py &* stride &+ px] = PixelMath.over(s, buf[py &* stride &+ px])
                            }
                        }
                    }
                }
            }
        }
    }
}

/// One rounded corner's cut-out, blurred: horizontal strips of the area between the corner's square and its arc,
/// each as wide as the cut-out is on average over the strip's height (its exact area), with each strip's column
/// and row profiles over the box of pixels the corner's blur reaches.
struct ShadowCornerCut {
    let columns: Range<Int>
    let rows: Range<Int>
    let strips: Int
    /// `strips` rows of `columns.count` horizontal profiles, then `strips` rows of `rows.count` vertical ones.
    let across: [Double]
    let down: [Double]

    /// The cut-outs of `shape`'s rounded corners, reaching into `area`.
    static func all(of shape: RoundedRectShape, sigma: Double, k: Double, area: PixelRect) -> [ShadowCornerCut] {
        let r = shape.radii
        let corners: [(radius: Double, left: Bool, top: Bool)] = [
            (r.topLeft, true, true), (r.topRight, false, true), (r.bottomRight, false, false),
            (r.bottomLeft, true, false)
        ]
        return corners.compactMap { corner in
            corner.radius > 0
                ? ShadowCornerCut(shape, corner.radius, left: corner.left, top: corner.top, sigma, k, area) : nil
        }
    }

    private init?(
        _ shape: RoundedRectShape, _ radius: Double, left: Bool, top: Bool, _ sigma: Double, _ k: Double,
        _ area: PixelRect
    ) {
        let reach = 3 * sigma
        let x0 = left ? shape.minX : shape.maxX - radius, y0 = top ? shape.minY : shape.maxY - radius
        let box = PixelRect(
            covering: Rect(
                x: x0 - reach, y: y0 - reach, width: radius + 2 * reach,
                height: radius + 2 * reach)
        ).intersection(area)
        guard !box.isEmpty else { return nil }
        columns = box.x ..< box.maxX
        rows = box.y ..< box.maxY
        strips = Swift.min(Swift.max(Int((2 * radius / sigma).rounded(.up)), 1), 32)
        var across: [Double] = [], down: [Double] = []
        across.reserveCapacity(strips * columns.count)
        down.reserveCapacity(strips * rows.count)
        let height = radius / Double(strips)
        for j in 0 ..< strips {
            // The strip from `a` to `b` in from the corner's edge; its cut-out is `width` wide against the side.
            let a = Double(j) * height, b = a + height
            let width = radius - ShadowCornerCut.arcArea(radius, from: radius - b, to: radius - a) / height
            let (sx0, sx1) = left ? (shape.minX, shape.minX + width) : (shape.maxX - width, shape.maxX)
            let (sy0, sy1) = top ? (shape.minY + a, shape.minY + b) : (shape.maxY - b, shape.maxY - a)
            for x in columns { across.append(GaussianMath.boxBlur(Double(x) + 0.5, sx0, sx1, k: k)) }
            for y in rows { down.append(GaussianMath.boxBlur(Double(y) + 0.5, sy0, sy1, k: k)) }
        }
        self.across = across
        self.down = down
    }

    /// How many σ from the shape's edge a shadow whose opacity is `alpha` (0...255) still changes a pixel: where
    /// its coverage, times the opacity, reaches half a level. At most 3.
    static func visibleReach(alpha: UInt32) -> Double {
        var z = 3.0
        while z > 0.5, 0.5 * (1 - GaussianMath.erf((z - 0.05) / 2.0.squareRoot())) * Double(alpha) < 0.5 { z -= 0.05 }
        return z
    }

    /// ∫ √(r² − t²) dt from `t0` to `t1` (0 ≤ t0 ≤ t1 ≤ r): the quarter disc's width integrated over a strip.
    static func arcArea(_ r: Double, from t0: Double, to t1: Double) -> Double {
        func antiderivative(_ t: Double) -> Double {
            let u = Swift.min(Swift.max(t / r, -1), 1)
            return 0.5 * (t * Swift.max(r * r - t * t, 0).squareRoot() + r * r * asin(u))
        }
        return antiderivative(t1) - antiderivative(t0)
    }

    /// Takes this corner's blurred cut-out away from `row` (coverage of pixel row `py`, from column `areaX`).
    func subtract(fromRow py: Int, into row: inout [Double], areaX: Int, skipping hidden: Range<Int>) {
        guard rows.contains(py) else { return }
        let y = py - rows.lowerBound, n = columns.count, h = rows.count
        // Only the columns drawn: left of the page's pixels on this row, and right of them.
        let left =
            columns.lowerBound ..< Swift.max(Swift.min(hidden.lowerBound, columns.upperBound), columns.lowerBound)
        let right =
            Swift.min(Swift.max(hidden.upperBound, columns.lowerBound), columns.upperBound) ..< columns.upperBound
        across.withUnsafeBufferPointer { across in
            row.withUnsafeMutableBufferPointer { row in
                for j in 0 ..< strips {
                    let weight = down[j * h + y]
                    guard weight > 1e-7 else { continue }
                    let base = j * n - columns.lowerBound
                    for x in left { row[x &- areaX] -= weight * across[base &+ x] }
                    for x in right { row[x &- areaX] -= weight * across[base &+ x] }
                }
            }
        }
    }
}
