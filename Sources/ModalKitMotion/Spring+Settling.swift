import Glibc

extension Spring {
    /// How close to the target, in points, counts as arrived: half a point, under a pixel at any scale ≥ 1.
    public static let settlingTolerance = 0.5
    /// How slow, in points per second, counts as at rest: half a point per 60 Hz frame.
    public static let settlingSpeed = 30.0
    /// The distance in points assumed where none is known: an animator's springs and the duration fit settle to
    /// half a point over 1000 points (a tall sheet), i.e. to 1/2000 of the travel.
    public static let referenceDistance = 1000.0

    /// Time when the motion has settled: from then on it stays within `settlingTolerance` (0.5 pt) of the target
    /// and slower than `settlingSpeed` (30 pt/s), for a travel of `distance` points.
    ///
    /// "Stays" is guaranteed, not sampled: the test runs on an analytic envelope that bounds the displacement
    /// and speed at every later instant, so no later wiggle can break it. For an underdamped spring the envelope
    /// touches the oscillation's peaks, so the last visible excursion beyond the tolerance ends at most half an
    /// oscillation earlier. 0 when `distance` is 0; infinite for an undamped spring.
    public func settlingDuration(initialVelocity: Double, distance: Double) -> Double {
        let distance = abs(distance)
        guard distance > 0 else { return 0 }
        let envelope = SpringEnvelope(motion: motion(initialVelocity: initialVelocity))
        let position = envelope.lastExceedance(of: Spring.settlingTolerance / distance, by: envelope.displacement)
        let speed = envelope.lastExceedance(of: Spring.settlingSpeed / distance, by: envelope.speed)
        return max(position, speed)
    }

    /// UIKit's duration-based call (usingSpringWithDamping:initialSpringVelocity:): fitted so the motion ends at
    /// `duration`.
    ///
    /// The fit is our own and exact against `settlingDuration`: mass 1, the given damping ratio, and the
    /// stiffness (found by bisection) at which a spring starting at rest over `referenceDistance` settles at
    /// exactly `duration`. Where the position criterion decides (every ratio below 1 unless the spring is very
    /// stiff), this is the closed form of ANCHORS.md, stiffness = ln(K)^2 / (duration^2 * ratio^2), with
    /// K = 2000 / sqrt(1 - ratio^2) in place of 1500. The ratio is clamped to at least 0.01.
    public init(duration: Double, dampingRatio: Double) {
        let ratio = max(dampingRatio, 0.01), duration = max(duration, 1e-3)
        func spring(_ w0: Double) -> Spring { Spring(mass: 1, stiffness: w0 * w0, damping: 2 * ratio * w0) }
        // Settling time falls as the natural frequency rises; bisect on its logarithm across every usable spring.
        var lo = log(1e-3), hi = log(1e6)
        for _ in 0 ..< 64 {
            let mid = (lo + hi) / 2
            let settles = spring(exp(mid)).settlingDuration(initialVelocity: 0, distance: Spring.referenceDistance)
            if settles > duration { lo = mid } else { hi = mid }
        }
        self = spring(exp(hi))
    }
}

/// Analytic upper bounds on a spring's |displacement| and |velocity| that decrease after `monotoneAfter`.
struct SpringEnvelope {
    let displacement: (Double) -> Double
    let speed: (Double) -> Double
    /// After this time both bounds only fall.
    let monotoneAfter: Double
    /// The slowest decay time constant, the natural step for searching forward.
    let timeScale: Double

    init(motion: SpringMotion) {
        let v0 = motion.v0
        switch motion.form {
        case let .underdamped(decay, w, a, b):
            // |a cos + b sin| <= sqrt(a^2 + b^2), and also <= |a| + |b| w t since |sin(w t)| <= w t; the second
            // keeps the bound tight near critical damping, where b grows without bound but b w does not.
            let w0 = motion.naturalFrequency, amplitude = (a * a + b * b).squareRoot()
            let growth = abs(decay * v0 + w0 * w0 * a)
            displacement = { t in exp(-decay * t) * min(amplitude, abs(a) + abs(b * w) * t) }
            speed = { t in exp(-decay * t) * min(w0 * amplitude, abs(v0) + growth * t) }
            monotoneAfter = 1 / decay; timeScale = 1 / decay
        case let .critical(rate, a, b):
            displacement = { t in exp(-rate * t) * (abs(a) + abs(b) * t) }
            speed = { t in exp(-rate * t) * (abs(v0) + rate * abs(b) * t) }
            monotoneAfter = 1 / rate; timeScale = 1 / rate
        case let .overdamped(r1, r2, c1, c2):
            displacement = { t in abs(c1) * exp(r1 * t) + abs(c2) * exp(r2 * t) }
            speed = { t in abs(c1 * r1) * exp(r1 * t) + abs(c2 * r2) * exp(r2 * t) }
            monotoneAfter = 0; timeScale = -1 / r1
        case .settled:
            displacement = { _ in 0 }; speed = { _ in 0 }
            monotoneAfter = 0; timeScale = 1
        }
    }

    /// The earliest time from which `bound` never again exceeds `threshold`.
    func lastExceedance(of threshold: Double, by bound: (Double) -> Double) -> Double {
        guard timeScale.isFinite, timeScale > 0 else { return .infinity }
        let t0 = monotoneAfter
        if bound(t0) > threshold {
            var lo = t0, hi = t0 + timeScale
            for _ in 0 ..< 200 where bound(hi) > threshold { lo = hi; hi = t0 + 2 * (hi - t0) }
            guard bound(hi) <= threshold else { return .infinity }
            return bisect(lo, hi, threshold, bound)
        }
        // Before t0 a bound can rise and fall once; walk it on a fine grid to find its last excursion.
        let steps = 256
        guard let last = (0 ..< steps).last(where: { bound(t0 * Double($0) / Double(steps)) > threshold }) else {
            return 0
        }
        return bisect(t0 * Double(last) / Double(steps), t0 * Double(last + 1) / Double(steps), threshold, bound)
    }

    /// Narrows [above, below] where bound(above) > threshold >= bound(below) and returns the settled end.
    private func bisect(_ above: Double, _ below: Double, _ threshold: Double, _ bound: (Double) -> Double) -> Double {
        var above = above, below = below
        for _ in 0 ..< 60 {
            let mid = (above + below) / 2
            if bound(mid) > threshold { above = mid } else { below = mid }
        }
        return below
    }
}
