/// UIKit's default animation curve, cubic-bezier(0.42, 0, 0.58, 1), solved here independently of ModalKitMotion so
/// the tests check the lab's numbers against a reference of their own.
enum LabXEaseInOut {
    /// The curve's value at time fraction `x` in 0...1, by bisection on the parameter t (x(t) increases).
    static func value(at x: Double) -> Double {
        var low = 0.0, high = 1.0
        for _ in 0 ..< 60 {
            let t = (low + high) / 2
            if bezier(t, 0.42, 0.58) < x { low = t } else { high = t }
        }
        return bezier((low + high) / 2, 0, 1)
    }

    /// One coordinate of the Bézier from 0 to 1 with control values `c1` and `c2`.
    private static func bezier(_ t: Double, _ c1: Double, _ c2: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * t * c1 + 3 * u * t * t * c2 + t * t * t
    }
}
