extension Spring {
    /// Displacement from the rest point, in points, `t` seconds after starting at `displacement` points from it
    /// and moving at `velocity` points per second: the same closed form as `value(at:initialVelocity:)`, in
    /// absolute units, so a spring can start on its target with a speed (a scroll view hitting its edge).
    public func displacement(at t: Double, from displacement: Double, velocity: Double) -> Double {
        SpringMotion(spring: self, initialDisplacement: displacement, initialVelocity: velocity)
            .displacement(at: max(t, 0))
    }

    /// Velocity in points per second at `t` for the motion of `displacement(at:from:velocity:)`.
    public func velocity(at t: Double, from displacement: Double, velocity: Double) -> Double {
        SpringMotion(spring: self, initialDisplacement: displacement, initialVelocity: velocity)
            .velocity(at: max(t, 0))
    }

    /// Seconds until the motion of `displacement(at:from:velocity:)` stays within `tolerance` points of the rest
    /// point and slower than `Spring.settlingSpeed`; guaranteed by the same envelope as `settlingDuration`.
    public func settlingDuration(from displacement: Double, velocity: Double, tolerance: Double = 0.1) -> Double {
        let motion = SpringMotion(spring: self, initialDisplacement: displacement, initialVelocity: velocity)
        let envelope = SpringEnvelope(motion: motion)
        let position = envelope.lastExceedance(of: max(tolerance, 1e-6), by: envelope.displacement)
        let speed = envelope.lastExceedance(of: Spring.settlingSpeed, by: envelope.speed)
        return max(position, speed)
    }
}
