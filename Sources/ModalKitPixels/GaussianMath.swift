/// The few special functions the analytic shadow needs, written out so results do not depend on the C library.
enum GaussianMath {
    /// The error function, Abramowitz & Stegun 7.1.28 (absolute error below 3e-7); no `exp` call, so it is cheap
    /// enough to run a few times a pixel.
    @inline(__always)
    static func erf(_ x: Double) -> Double {
        let a = abs(x)
        var p = 0.0000430638 * a + 0.0002765672
        p = p * a + 0.0001520143
        p = p * a + 0.0092705272
        p = p * a + 0.0422820123
        p = p * a + 0.0705230784
        p = p * a + 1
        var q = p * p; q = q * q; q = q * q; q = q * q
        let result = 1 - 1 / q
        return x < 0 ? -result : result
    }

    /// How much of a Gaussian centred at `center` falls inside [low, high], where `k` is 1/(σ√2): the 1-D blur
    /// of a box, sampled at one point.
    @inline(__always)
    static func boxBlur(_ center: Double, _ low: Double, _ high: Double, k: Double) -> Double {
        0.5 * (erf((high - center) * k) - erf((low - center) * k))
    }
}
