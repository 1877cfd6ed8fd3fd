/// A value carried toward a target on a spring, in closed form from the last time it was aimed, so any frame time
/// gives the same path: the stepper for a zoom's flight progress, its landing, its spring back and the covered page.
///
/// Aiming it again (`aim`) keeps where it is and how fast it moves, so a retargeted or regrabbed motion never
/// jumps; `advance(to:)` moves its clock; `hasConverged` says when it is at rest on its target.
public struct ZoomStepper: Sendable {
    /// Where it is now.
    public private(set) var value: Double
    /// How fast it moves now, units per second.
    public private(set) var velocity: Double
    /// Where the spring pulls it.
    public private(set) var target: Double
    /// The spring pulling it.
    public private(set) var spring: Spring
    /// The time `value` and `velocity` were last computed.
    public private(set) var time: Double
    private var start: (time: Double, displacement: Double, velocity: Double)

    /// A stepper at rest at `value`, at `time`.
    public init(value: Double, time: Double, spring: Spring) {
        self.value = value
        self.velocity = 0
        self.target = value
        self.spring = spring
        self.time = time
        start = (time, 0, 0)
    }

    /// Springs toward `target` on `spring` from where it is now, keeping its speed (or leaving at `velocity`).
    public mutating func aim(at target: Double, spring: Spring, velocity: Double? = nil) {
        if let velocity { self.velocity = velocity }
        self.target = target
        self.spring = spring
        start = (time, value - target, self.velocity)
    }

    /// Puts it at `value`, still (a finger holds it).
    public mutating func hold(at value: Double) {
        self.value = value
        velocity = 0
        target = value
        start = (time, 0, 0)
    }

    /// Moves its clock to `now` (never backwards) and computes the value there.
    public mutating func advance(to now: Double) {
        time = max(now, time)
        let t = time - start.time
        value = target + spring.displacement(at: t, from: start.displacement, velocity: start.velocity)
        velocity = spring.velocity(at: t, from: start.displacement, velocity: start.velocity)
    }

    /// Whether it rests on its target: within `tolerance` of it and slower than `tolerance` per 1/60 s.
    public func hasConverged(tolerance: Double = 1e-3) -> Bool {
        abs(value - target) <= tolerance && abs(velocity) <= tolerance * 60
    }

    /// Puts it exactly on its target, at rest.
    public mutating func land() { hold(at: target) }
}
