import Glibc

/// A critically damped settle of the third order: the motion of a point pulled by a critically damped spring
/// toward a target that is itself pulled the same way, in closed form. It starts where the sheet is, at the
/// release velocity and with zero acceleration, so the speed of the first frames is the release's, whatever it is;
/// it then eases into the target without overshoot and settles about as fast as a critically damped spring of the
/// same frequency.
///
/// displacement(t) = e^(−ωt)·(d + b·t + c·t²) with b = ωd + v₀ and c = ωb − ω²d/2 (d the displacement from the
/// target, v₀ its rate of change). Moving toward the target at speed v, ω ≥ 2v/d keeps every coefficient
/// non-negative, so it never crosses the target: `init` raises ω to that when the release is faster.
public struct SmoothSettle: Hashable, Sendable {
    /// The natural frequency used, in radians per second.
    public let omega: Double
    private let a: Double, b: Double, c: Double

    /// A settle from `distance` points before the target (target − start) leaving at `velocity` points per
    /// second (same sign convention: positive toward a target below), at the frequency of a spring with
    /// `response` seconds, raised for fast releases so it never overshoots.
    public init(distance: Double, velocity: Double, response: Double) {
        let base = 2 * Double.pi / max(response, 1e-3)
        let toward = distance * velocity > 0 ? abs(velocity) / max(abs(distance), 1e-9) : 0
        self.init(distance: distance, velocity: velocity, omega: max(base, 2 * toward))
    }

    /// A settle at exactly `omega` radians per second: fast releases toward a near target then carry past it and
    /// come back, as a scroll view does at its edge.
    public init(distance: Double, velocity: Double, omega: Double) {
        self.omega = max(omega, 1e-3)
        // Displacement from the target: starts at −distance, its rate is the velocity.
        a = -distance
        b = velocity + omega * a
        c = omega * b - omega * omega * a / 2
    }

    /// The position relative to the start at `t` seconds: 0 at the start, `distance` once settled.
    public func offset(at t: Double, distance: Double) -> Double { distance + displacement(at: t) }

    /// Displacement from the target at `t` seconds (−distance at the start).
    public func displacement(at t: Double) -> Double {
        let t = max(t, 0)
        return exp(-omega * t) * (a + b * t + c * t * t)
    }

    /// Velocity in points per second at `t` seconds.
    public func velocity(at t: Double) -> Double {
        let t = max(t, 0)
        return exp(-omega * t) * (b + 2 * c * t - omega * (a + b * t + c * t * t))
    }

    /// How close, in points, counts as arrived: a tenth of a point, so the last frame's step onto the target is
    /// under a pixel even at 2x and 3x (a sheet rests there, in full view, for as long as the user looks).
    public static let tolerance = 0.1
    /// How slow, in points per second, counts as at rest: a tenth of a point per 60 Hz frame.
    public static let restingSpeed = 6.0

    /// Seconds until it stays within `tolerance` of the target and slower than `restingSpeed`, judged on a bound
    /// (|a| + |b|t + |c|t²)·e^(−ωt) that falls for good after its last peak, so nothing later can break it.
    public var settlingDuration: Double {
        let (pa, pb, pc) = (abs(a), abs(b), abs(c))
        let w = omega
        func position(_ t: Double) -> Double { exp(-w * t) * (pa + pb * t + pc * t * t) }
        func speed(_ t: Double) -> Double { exp(-w * t) * (pb + 2 * pc * t + w * (pa + pb * t + pc * t * t)) }
        let step = 0.25 / w, horizon = 60 / w
        var last = 0.0, t = 0.0
        while t <= horizon {
            if position(t) > SmoothSettle.tolerance || speed(t) > SmoothSettle.restingSpeed { last = t + step }
            t += step
        }
        return min(last, horizon)
    }
}
