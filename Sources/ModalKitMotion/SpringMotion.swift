import Glibc

/// The solution of m x'' + c x' + k x = 0 for one starting displacement and velocity: x(t) is the displacement
/// from the spring's rest point.
struct SpringMotion {
    enum Form {
        /// e^(-decay t) (a cos(w t) + b sin(w t))
        case underdamped(decay: Double, frequency: Double, a: Double, b: Double)
        /// e^(-rate t) (a + b t)
        case critical(rate: Double, a: Double, b: Double)
        /// c1 e^(r1 t) + c2 e^(r2 t), r2 < r1 < 0
        case overdamped(r1: Double, r2: Double, c1: Double, c2: Double)
        /// A spring with no stiffness or mass to speak of is at rest on its target at once.
        case settled
    }

    let form: Form
    let naturalFrequency: Double
    let x0: Double
    let v0: Double

    init(spring: Spring, initialDisplacement x0: Double, initialVelocity v0: Double) {
        self.x0 = x0; self.v0 = v0
        guard spring.mass > 0, spring.stiffness > 0, spring.damping >= 0 else {
            form = .settled; naturalFrequency = .infinity; return
        }
        let w0 = (spring.stiffness / spring.mass).squareRoot()
        let zeta = spring.dampingRatio
        naturalFrequency = w0
        // Within a millionth of critical the three forms agree to far below a pixel; the critical one is the
        // numerically safe choice there (the others divide by a vanishing frequency difference).
        if abs(zeta - 1) < 1e-6 {
            form = .critical(rate: w0, a: x0, b: v0 + w0 * x0)
        } else if zeta < 1 {
            let decay = zeta * w0, w = w0 * (1 - zeta * zeta).squareRoot()
            form = .underdamped(decay: decay, frequency: w, a: x0, b: (v0 + decay * x0) / w)
        } else {
            let root = (zeta * zeta - 1).squareRoot()
            let r1 = -w0 * (zeta - root), r2 = -w0 * (zeta + root)
            let c1 = (v0 - r2 * x0) / (r1 - r2)
            form = .overdamped(r1: r1, r2: r2, c1: c1, c2: x0 - c1)
        }
    }

    func displacement(at t: Double) -> Double {
        switch form {
        case let .underdamped(decay, w, a, b): return exp(-decay * t) * (a * cos(w * t) + b * sin(w * t))
        case let .critical(rate, a, b): return exp(-rate * t) * (a + b * t)
        case let .overdamped(r1, r2, c1, c2): return c1 * exp(r1 * t) + c2 * exp(r2 * t)
        case .settled: return 0
        }
    }

    func velocity(at t: Double) -> Double {
        switch form {
        case let .underdamped(decay, w, a, b):
            let c = cos(w * t), s = sin(w * t)
            return exp(-decay * t) * ((w * b - decay * a) * c - (decay * b + w * a) * s)
        case let .critical(rate, a, b): return exp(-rate * t) * (b - rate * a - rate * b * t)
        case let .overdamped(r1, r2, c1, c2): return c1 * r1 * exp(r1 * t) + c2 * r2 * exp(r2 * t)
        case .settled: return 0
        }
    }
}
