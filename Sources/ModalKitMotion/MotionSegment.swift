/// One stretch of an animator's motion: as the segment's own clock `u` runs 0...1, the time fraction runs
/// linearly from `fromFraction` to `toFraction` and progress from `fromProgress` to `toProgress` along `shape`.
///
/// A fresh animator has one segment covering the whole timeline (0, 0) → (1, 1). `continueAnimation` replaces it
/// with a segment from where the animation stands to its target, so the new timing starts with no jump.
struct MotionSegment {
    var fromFraction = 0.0, fromProgress = 0.0
    var toFraction = 1.0, toProgress = 1.0
    var shape: SegmentShape
    /// Seconds of animation time for u to run 0 → 1 (before the slow-animation factor).
    var duration: Double
    /// Whole-timeline segments run backwards when the animator is reversed; a continuation instead always runs
    /// forward toward the target chosen when it was made.
    var coversTimeline: Bool { fromFraction == 0 && toFraction == 1 && fromProgress == 0 && toProgress == 1 }

    func progress(at u: Double) -> Double { fromProgress + (toProgress - fromProgress) * shape.value(at: u) }

    func fraction(at u: Double) -> Double { fromFraction + (toFraction - fromFraction) * u }

    /// Progress per second of animation time at u, moving forward.
    func progressVelocity(at u: Double) -> Double {
        duration > 0 ? (toProgress - fromProgress) * shape.slope(at: u) / duration : 0
    }

    /// The u at which the segment shows time fraction `fraction`, clamped to the segment.
    func u(forFraction fraction: Double) -> Double {
        let span = toFraction - fromFraction
        guard abs(span) > 1e-12 else { return 1 }
        return min(max((fraction - fromFraction) / span, 0), 1)
    }
}

/// The shape of progress over a segment's clock u in 0...1, normalized to run 0 → 1.
enum SegmentShape {
    case curve(TimingCurve)
    /// A spring evaluated at u * duration seconds; it reads exactly 1 at u = 1 (it has settled there).
    case spring(Spring, initialVelocity: Double, duration: Double)
    /// Straight lines through (0, 0), (kneeU, kneeValue), (1, 1): scrubbing an animator that was continued, so
    /// grabbing it where it stands never jumps.
    case polyline(kneeU: Double, kneeValue: Double)

    func value(at u: Double) -> Double {
        switch self {
        case let .curve(curve): return curve.value(at: u)
        case let .spring(spring, velocity, duration):
            return u >= 1 ? 1 : spring.value(at: max(u, 0) * duration, initialVelocity: velocity)
        case let .polyline(kneeU, kneeValue):
            let u = min(max(u, 0), 1)
            if u <= kneeU { return kneeU > 0 ? kneeValue * u / kneeU : kneeValue }
            return kneeValue + (1 - kneeValue) * (u - kneeU) / (1 - kneeU)
        }
    }

    /// d(value)/du.
    func slope(at u: Double) -> Double {
        switch self {
        case let .curve(curve): return curve.slope(at: u)
        case let .spring(spring, velocity, duration):
            return u >= 1 ? 0 : spring.velocity(at: max(u, 0) * duration, initialVelocity: velocity) * duration
        case let .polyline(kneeU, kneeValue):
            if u <= kneeU { return kneeU > 0 ? kneeValue / kneeU : 0 }
            return kneeU < 1 ? (1 - kneeValue) / (1 - kneeU) : 0
        }
    }
}
