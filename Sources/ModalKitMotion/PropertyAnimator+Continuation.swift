extension PropertyAnimator {
    /// A new curve or spring that carries the current velocity on from where the animation stands, with no jump;
    /// durationFactor scales the remaining duration (UIKit semantics); nil keeps the old timing.
    ///
    /// The remaining motion runs from the current progress to 1 (to 0 when reversed) and resumes a paused
    /// animator. A curve's remaining time is (remaining fraction) * duration * durationFactor and, if the
    /// animation was running, its start is bent to leave at the current speed. A spring takes the current velocity
    /// (0 when paused) plus the parameter's own relative initialVelocity, and runs until it settles; durationFactor
    /// does not stretch it, since a slowed spring would no longer carry the velocity. Reduced motion makes the
    /// spring critically damped.
    public func continueAnimation(withTimingParameters parameters: TimingParameters?, durationFactor: Double) {
        guard state == .active else { return }
        if let parameters {
            aim(parameters, durationFactor: max(durationFactor, 0))
        } else if durationFactor != 1, durationFactor > 0 {
            // Same path, different pace: keep the progress and stretch the rest of the segment's time.
            segment.duration *= durationFactor
        }
        if !isRunning { run() }
    }

    /// Replaces the current segment with one from the current state to the target the direction points at.
    func aim(_ parameters: TimingParameters, durationFactor: Double) {
        let fraction = fractionComplete, progress = presentedProgress, velocity = progressVelocity
        let target = isReversed ? 0.0 : 1.0
        let distance = target - progress
        var next = MotionSegment(
            fromFraction: fraction, fromProgress: progress, toFraction: target,
            toProgress: target, shape: .curve(.linear), duration: 0)
        switch parameters {
        case let .curve(curve):
            next.duration = abs(target - fraction) * duration * durationFactor
            // A paused animation has no speed to keep; bending the curve to start from rest would only distort it.
            if isRunning, abs(distance) > 1e-9 {
                next.shape = .curve(curve.startingWithSlope(velocity * next.duration / distance))
            } else {
                next.shape = .curve(curve)
            }
        case let .spring(spring, extraVelocity):
            let spring = driver?.reducedMotion == true ? spring.criticallyDamped : spring
            let relative = relativeVelocity(velocity, remainingDistance: distance) + extraVelocity
            next.duration = spring.settlingDuration(
                initialVelocity: relative,
                distance: abs(distance) * Spring.referenceDistance)
            next.shape = .spring(spring, initialVelocity: relative, duration: next.duration)
        }
        segment = next
        u = 0
        continuation = parameters
    }

    /// Keeps a reversed animation moving from where it stands: a whole-timeline segment simply runs backwards;
    /// a continuation is re-aimed at the other end with its own timing.
    func reverseDirection() {
        guard state == .active, !segment.coversTimeline else { return }
        aim(continuation ?? timingParameters, durationFactor: 1)
    }
}
