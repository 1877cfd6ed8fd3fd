/// A CSS-style cubic Bézier from (0, 0) to (1, 1) with control points (x1, y1) and (x2, y2), solved for y given x.
public struct UnitBezier: Sendable {
    /// Polynomial coefficients of x(t) = ((ax t + bx) t + cx) t, and the same for y.
    private let ax, bx, cx, ay, by, cy: Double

    /// A curve through the two control points; x1 and x2 are clamped to 0...1 so x(t) stays monotonic.
    public init(x1: Double, y1: Double, x2: Double, y2: Double) {
        let x1 = min(max(x1, 0), 1), x2 = min(max(x2, 0), 1)
        cx = 3 * x1
        bx = 3 * (x2 - x1) - cx
        ax = 1 - cx - bx
        cy = 3 * y1
        by = 3 * (y2 - y1) - cy
        ay = 1 - cy - by
    }

    func x(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
    func y(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
    func dx(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }
    func dy(_ t: Double) -> Double { (3 * ay * t + 2 * by) * t + cy }

    /// The curve's y at horizontal position `x` (clamped to 0...1), to within `epsilon` in the parameter.
    public func solve(x: Double, epsilon: Double = 1e-6) -> Double {
        y(parameter(forX: min(max(x, 0), 1), epsilon: epsilon))
    }

    /// dy/dx at `x`; where the curve is momentarily vertical in both coordinates (a control point on an end
    /// point), the limit is taken from just inside the curve.
    public func slope(x: Double) -> Double {
        var t = parameter(forX: min(max(x, 0), 1), epsilon: 1e-9)
        if abs(dx(t)) < 1e-9 {
            t += t < 0.5 ? 1e-6 : -1e-6
        }
        let d = dx(t)
        return abs(d) < 1e-12 ? 0 : dy(t) / d
    }

    /// The parameter t with x(t) = x: Newton's method from t = x, falling back to bisection where the
    /// derivative is too flat for Newton to be trusted.
    func parameter(forX x: Double, epsilon: Double) -> Double {
        var t = x
        for _ in 0 ..< 8 {
            let error = self.x(t) - x
            if abs(error) < epsilon { return t }
            let d = dx(t)
            if abs(d) < 1e-6 { break }
            t -= error / d
        }
        var lo = 0.0, hi = 1.0
        t = x
        while hi - lo > epsilon * 1e-3 {
            let value = self.x(t)
            if abs(value - x) < epsilon { return t }
            if value < x { lo = t } else { hi = t }
            t = (lo + hi) / 2
        }
        return t
    }
}
