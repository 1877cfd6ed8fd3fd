import Glibc

/// How a sheet moves to a detent (or off the screen) on its own, from where it is shown, in closed form.
///
/// From rest (presenting, Escape, the arrow keys, a backdrop tap) it is a critically damped spring: it leaves with
/// the spring's full pull, as UIKit's own modal presentation does (a spring of mass 3, stiffness 1000, damping 500;
/// material-motion's MDMAnimationTraits), about 41% of the way after four 60 Hz frames, never past the target.
///
/// After a release at 300 pt/s or more it is a `SmoothSettle` (zero acceleration at release), whose frequency is
/// the response's, lowered only as far as needed for the first 60 Hz frame to run within `firstFrameSpeed` of the
/// release speed (a slow release far from its detent is not hauled along at up to 1.6×). It is never raised: a
/// fast release near its detent carries past it and comes back (the sheet shows that through a rubber band),
/// instead of stopping within a few frames. Between rest and 300 pt/s the two are blended by the speed, so nothing
/// changes abruptly with it.
public struct SheetSettle: Hashable, Sendable {
    /// From this speed up (points per second) a release is carried as it left; below, the spring's pull mixes in.
    public static let carriedSpeed = 300.0
    /// How fast the first 60 Hz frame after a release may run, as a share of the release speed: 0.85–1.2×. The
    /// response's own frequency mostly keeps within it (a 0.3-s response brings 500 pt/s from medium to large within
    /// half a point in 0.5 s, as iOS 26's critically damped 0.344-s spring does); the 3% the settle used to keep
    /// lowered it to two thirds and took 0.8 s.
    public static let firstFrameSpeed = 0.85 ... 1.2
    /// The frame the first-frame rule is judged over.
    public static let firstFrame = 1 / 60.0

    /// Target − start, in points.
    public let distance: Double
    /// The settle used after a release (its frequency may be lower than the response's).
    public let settle: SmoothSettle
    /// The spring's natural frequency, in radians per second.
    public let springOmega: Double
    /// The settle's share of the motion: 0 from rest, 1 from `carriedSpeed` up.
    public let carried: Double
    private let velocity: Double

    /// A motion covering `distance` points (target − start), leaving at `velocity` points per second (same sign
    /// convention), at the frequency of a critically damped spring of `response` seconds.
    ///
    /// With `overshootLimit` (points past the target; the sheet passes it for the room the window leaves above its
    /// largest detent) the frequency is raised as far as needed to stay within it, up to the frequency that does
    /// not overshoot at all: a release too fast for the room slows from its first frame instead of pinning there.
    public init(distance: Double, velocity: Double, response: Double, overshootLimit: Double? = nil) {
        let base = 2 * Double.pi / max(response, 1e-3)
        let velocity = velocity.isFinite ? velocity : 0
        self.distance = distance
        self.velocity = velocity
        springOmega = base
        carried = min(abs(velocity) / SheetSettle.carriedSpeed, 1)
        let lowest = SheetSettle.frequencyKeepingSpeed(distance: distance, velocity: velocity, from: base)
        var omega = base - carried * (base - lowest)
        if let limit = overshootLimit {
            omega = SheetSettle.frequency(limiting: distance, velocity: velocity, from: omega, to: max(limit, 0))
        }
        settle = SmoothSettle(distance: distance, velocity: velocity, omega: omega)
    }

    /// The lowest frequency from `omega` up whose settle passes its target by at most `limit` points (bisected up
    /// to 2v/d, at which the settle does not overshoot at all).
    static func frequency(limiting distance: Double, velocity: Double, from omega: Double, to limit: Double) -> Double {
        func fits(_ w: Double) -> Bool {
            let settle = SmoothSettle(distance: distance, velocity: velocity, omega: w)
            let step = 0.05 / w
            return !(1 ... 400).contains { i in
                (settle.offset(at: Double(i) * step, distance: distance) - distance)
                    * (distance < 0 ? -1 : 1) > limit
            }
        }
        guard distance * velocity > 0, !fits(omega) else { return omega }
        var low = omega, high = max(omega, 2 * abs(velocity) / max(abs(distance), 1e-9)) * 1.01
        guard fits(high) else { return high }
        for _ in 0 ..< 40 {
            let middle = (low + high) / 2
            if fits(middle) { high = middle } else { low = middle }
        }
        return high
    }

    /// The highest frequency up to `base` whose first frame runs within `firstFrameSpeed` of `velocity`
    /// (bisected; the first frame's speed changes monotonically with the frequency over this range, to the release
    /// speed as the frequency goes to zero).
    static func frequencyKeepingSpeed(distance: Double, velocity: Double, from base: Double) -> Double {
        func keeps(_ omega: Double) -> Bool {
            let settle = SmoothSettle(distance: distance, velocity: velocity, omega: omega)
            let speed = settle.offset(at: firstFrame, distance: distance) / firstFrame
            return firstFrameSpeed.contains(speed / velocity)
        }
        guard velocity != 0, !keeps(base) else { return base }
        var low = 0.5, high = base
        guard keeps(low) else { return low }
        for _ in 0 ..< 40 {
            let middle = (low + high) / 2
            if keeps(middle) { low = middle } else { high = middle }
        }
        return low
    }

    /// The position relative to the start at `t` seconds: 0 at the start, `distance` once settled.
    public func offset(at t: Double) -> Double { distance + displacement(at: t) }

    /// Displacement from the target at `t` seconds (−distance at the start).
    public func displacement(at t: Double) -> Double {
        carried * settle.displacement(at: t) + (1 - carried) * springDisplacement(at: max(t, 0))
    }

    /// Velocity in points per second at `t` seconds.
    public func velocity(at t: Double) -> Double {
        let t = max(t, 0), w = springOmega, a = -distance, b = velocity + w * a
        let spring = exp(-w * t) * (b - w * (a + b * t))
        return carried * settle.velocity(at: t) + (1 - carried) * spring
    }

    /// The critically damped spring's displacement: e^(−ωt)·(a + (v + ωa)·t).
    private func springDisplacement(at t: Double) -> Double {
        let w = springOmega, a = -distance
        return exp(-w * t) * (a + (velocity + w * a) * t)
    }

    /// Seconds until it stays within `SmoothSettle.tolerance` of the target and slower than
    /// `SmoothSettle.restingSpeed`: the later of the two parts' settling times (each is judged on a bound that
    /// falls for good, and their mix is a convex combination of them).
    public var settlingDuration: Double {
        let w = springOmega, a = abs(distance), b = abs(velocity - w * distance)
        func position(_ t: Double) -> Double { exp(-w * t) * (a + b * t) }
        func speed(_ t: Double) -> Double { exp(-w * t) * (b + w * (a + b * t)) }
        let step = 0.25 / w, horizon = 60 / w
        var last = 0.0, t = 0.0
        while carried < 1 && t <= horizon {
            if position(t) > SmoothSettle.tolerance || speed(t) > SmoothSettle.restingSpeed { last = t + step }
            t += step
        }
        return max(carried > 0 ? settle.settlingDuration : 0, min(last, horizon))
    }
}
