import Glibc

/// UIScrollView's deceleration: the speed falls by a constant factor every millisecond, in closed form.
///
/// With `rate` r per millisecond (UIKit's `.normal` 0.998, `.fast` 0.99) and a start velocity v (points per second),
/// the velocity after t seconds is v·r^(1000t) and the distance travelled is v·(r^(1000t) − 1)/(1000·ln r), which
/// tends to −v/(1000·ln r). Evaluated exactly at any time, so frame rate never changes the path.
public struct Deceleration: Hashable, Sendable {
    /// UIKit's `UIScrollView.DecelerationRate.normal`.
    public static let normalRate = 0.998
    /// UIKit's `UIScrollView.DecelerationRate.fast`.
    public static let fastRate = 0.99

    /// The fraction of its speed the motion keeps each millisecond, in 0 < r < 1.
    public var rate: Double
    /// The velocity at the start, in points per second.
    public var initialVelocity: Double

    /// A deceleration from `initialVelocity` at `rate`.
    public init(rate: Double = Deceleration.normalRate, initialVelocity: Double) {
        self.rate = rate
        self.initialVelocity = initialVelocity
    }

    /// ln(r) per second: the exponent of the decay.
    private var decayPerSecond: Double { 1000 * log(rate) }

    /// Points travelled after `t` seconds.
    public func distance(at t: Double) -> Double {
        initialVelocity * (exp(decayPerSecond * max(t, 0)) - 1) / decayPerSecond
    }

    /// Velocity after `t` seconds, in points per second.
    public func velocity(at t: Double) -> Double {
        initialVelocity * exp(decayPerSecond * max(t, 0))
    }

    /// The whole distance the motion would travel if nothing stopped it.
    public var totalDistance: Double { -initialVelocity / decayPerSecond }

    /// Seconds until the speed falls below `speed` points per second (0 if it starts below).
    public func duration(untilSpeedBelow speed: Double = 1) -> Double {
        let v = abs(initialVelocity)
        guard v > speed, speed > 0 else { return 0 }
        return log(speed / v) / decayPerSecond
    }

    /// Where a release at `velocity` (points per second) is heading, as "Designing Fluid Interfaces" (WWDC 2018)
    /// projects it: the sum of the per-millisecond steps, `v/1000 · r/(1 − r)`. Used to pick a sheet's detent.
    public static func projectedDistance(velocity: Double, rate: Double = normalRate) -> Double {
        velocity / 1000 * rate / (1 - rate)
    }
}
