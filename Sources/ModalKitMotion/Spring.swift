import Glibc

/// Closed-form damped spring (no step integration): under-, critically, over-damped.
///
/// Progress starts at 0 and is pulled toward 1 by `stiffness`, slowed by `damping`, with inertia `mass`; the
/// position is evaluated exactly at any time, so frame rate and frame drops never change the path.
public struct Spring: Hashable, Sendable {
    /// The moving mass (UIKit's `mass`).
    public var mass: Double
    /// The pull toward the target per unit of displacement (UIKit's `stiffness`).
    public var stiffness: Double
    /// The drag per unit of velocity (UIKit's `damping`).
    public var damping: Double

    /// A spring from its physical constants.
    public init(mass: Double = 1, stiffness: Double, damping: Double) {
        self.mass = mass; self.stiffness = stiffness; self.damping = damping
    }

    /// A spring of mass 1 from its damping ratio and `response`, the period in seconds it would oscillate with
    /// no damping (SwiftUI's and FloatingPanel's parameters).
    public init(dampingRatio: Double, response: Double) {
        let omega = 2 * Double.pi / response
        self.init(mass: 1, stiffness: omega * omega, damping: 2 * dampingRatio * omega)
    }

    /// damping / critical damping: below 1 it overshoots, 1 is the fastest without overshoot, above 1 creeps.
    public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

    /// The same mass and stiffness, critically damped: no overshoot (used under reduced motion).
    public var criticallyDamped: Spring {
        Spring(mass: mass, stiffness: stiffness, damping: 2 * (stiffness * mass).squareRoot())
    }

    /// Progress from 0 toward 1 at time t, starting at 0 with `initialVelocity` in "distance units per second"
    /// (UIKit's relative initialSpringVelocity: 1 = the whole distance in one second).
    public func value(at t: Double, initialVelocity: Double) -> Double {
        1 + motion(initialVelocity: initialVelocity).displacement(at: max(t, 0))
    }

    /// d(progress)/dt at time t, in distance units per second.
    public func velocity(at t: Double, initialVelocity: Double) -> Double {
        motion(initialVelocity: initialVelocity).velocity(at: max(t, 0))
    }

    /// The solved equation for displacement from the target, which starts at -1.
    func motion(initialVelocity: Double) -> SpringMotion {
        SpringMotion(spring: self, initialDisplacement: -1, initialVelocity: initialVelocity)
    }
}
