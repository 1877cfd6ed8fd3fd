import Glibc

/// A rounded rectangle blurred by a Gaussian, evaluated analytically. Away from the corners the blur is separable
/// (a product of two erf profiles, exact). Near a corner the vertical integral is done numerically over the corner
/// band, with the horizontal blur of each sampled slice still exact; the sample weights and slice extents depend
/// only on the row, so each row prepares them once.
struct ShadowShape {
    let shape: RoundedRectShape
    let sigma: Double
    /// 1/(σ√2), the erf argument scale.
    let k: Double
    /// How far (in σ) the blur reaches before it is below 1/255 of the colour.
    let reach: Double
    let topBand: Double, bottomBand: Double

    init(shape: RoundedRectShape, sigma: Double) {
        self.shape = shape
        self.sigma = sigma
        k = 1 / (sigma * 2.0.squareRoot())
        reach = 3 * sigma
        topBand = Swift.max(shape.radii.topLeft, shape.radii.topRight)
        bottomBand = Swift.max(shape.radii.bottomLeft, shape.radii.bottomRight)
    }

    /// The horizontal blur of the full-width rectangle at column centre `x`.
    func columnProfile(_ x: Double) -> Double { GaussianMath.boxBlur(x, shape.minX, shape.maxX, k: k) }

    /// The vertical blur of the full-height rectangle at row centre `y`.
    func rowProfile(_ y: Double) -> Double { GaussianMath.boxBlur(y, shape.minY, shape.maxY, k: k) }

    /// One horizontal slice of a corner band: its weight in the vertical integral and its extent.
    struct Slice { var weight: Double; var minX: Double; var maxX: Double }

    /// The slices a row centred at `y` needs, empty when the row is far from both corner bands.
    func slices(forRowAt y: Double) -> (middleWeight: Double, slices: [Slice]) {
        var result: [Slice] = []
        let middleLow = shape.minY + topBand, middleHigh = shape.maxY - bottomBand
        let middle = middleHigh > middleLow ? GaussianMath.boxBlur(y, middleLow, middleHigh, k: k) : 0
        appendSlices(&result, y: y, low: shape.minY, high: middleLow)
        appendSlices(&result, y: y, low: Swift.max(middleHigh, middleLow), high: shape.maxY)
        return (middle, result)
    }

    /// Whether a row centred at `y` reaches a corner band at all.
    func rowTouchesCorners(_ y: Double) -> Bool {
        (topBand > 0 && y < shape.minY + topBand + reach) || (bottomBand > 0 && y > shape.maxY - bottomBand - reach)
    }

    /// Whether column centre `x` is close enough to a side for the corners to change its value.
    func columnTouchesCorners(_ x: Double) -> Bool {
        let leftRadius = Swift.max(shape.radii.topLeft, shape.radii.bottomLeft)
        let rightRadius = Swift.max(shape.radii.topRight, shape.radii.bottomRight)
        return x < shape.minX + leftRadius + reach || x > shape.maxX - rightRadius - reach
    }

    /// The blurred coverage at column centre `x` from a row's prepared slices.
    func coverage(x: Double, middleWeight: Double, slices: [Slice]) -> Double {
        var sum = middleWeight * columnProfile(x)
        for s in slices { sum += s.weight * GaussianMath.boxBlur(x, s.minX, s.maxX, k: k) }
        return sum
    }

    /// Midpoint-rule slices of the band [low, high] for row centre `y`, only where the Gaussian is not negligible.
    private func appendSlices(_ out: inout [Slice], y: Double, low: Double, high: Double) {
        let a = Swift.max(low, y - reach - sigma), b = Swift.min(high, y + reach + sigma)
        guard b > a else { return }
        let count = Swift.min(Swift.max(Int(((b - a) / (0.5 * sigma)).rounded(.up)), 2), 24)
        let step = (b - a) / Double(count)
        let norm = step / (sigma * (2 * Double.pi).squareRoot())
        for i in 0 ..< count {
            let sy = a + (Double(i) + 0.5) * step
            let t = (sy - y) / sigma
            let weight = norm * exp(-0.5 * t * t)
            let (x0, x1) = extent(atY: sy)
            if x1 > x0 { out.append(Slice(weight: weight, minX: x0, maxX: x1)) }
        }
    }

    /// The rounded rectangle's horizontal extent at height `y`.
    private func extent(atY y: Double) -> (Double, Double) {
        let r = shape.radii
        var x0 = shape.minX, x1 = shape.maxX
        if y < shape.minY + r.topLeft { x0 += r.topLeft - Self.arcHalfWidth(r.topLeft, shape.minY + r.topLeft - y) }
        if y > shape.maxY - r.bottomLeft {
            x0 += r.bottomLeft - Self.arcHalfWidth(r.bottomLeft, y - (shape.maxY - r.bottomLeft))
        }
        if y < shape.minY + r.topRight { x1 -= r.topRight - Self.arcHalfWidth(r.topRight, shape.minY + r.topRight - y) }
        if y > shape.maxY - r.bottomRight {
            x1 -= r.bottomRight - Self.arcHalfWidth(r.bottomRight, y - (shape.maxY - r.bottomRight))
        }
        return (x0, x1)
    }

    private static func arcHalfWidth(_ r: Double, _ dy: Double) -> Double { Swift.max(0, r * r - dy * dy).squareRoot() }
}
