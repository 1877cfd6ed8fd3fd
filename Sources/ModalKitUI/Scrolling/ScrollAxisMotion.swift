import Glibc
import ModalKitMotion

/// One axis of a scroll view's free motion after a release, in closed form (no stepping, so the frame rate never
/// changes the path): the release velocity decays at the deceleration rate; if the path reaches an edge, a spring
/// takes over there with the velocity the deceleration had (position and speed continue, no jump); a release past
/// an edge (from the rubber band) springs straight back, carrying the release velocity.
struct ScrollAxisMotion {
    /// The spring that brings an overscrolled scroll view back to its edge: critically damped (no wobble), with a
    /// 0.45 s response, close to how far and how fast UIScrollView bounces.
    static let bounceSpring = Spring(dampingRatio: 1, response: 0.45)
    /// The deceleration ends once less than this many points of its path remain (under a pixel; no final snap).
    static let restDistance = 0.25

    private enum Phase {
        case decelerating
        case springing(edge: Double, displacement: Double, velocity: Double)
    }

    let start: Double
    let deceleration: Deceleration
    /// When the deceleration hands over to the spring or stops at an edge (nil: it runs out inside the range).
    private let edgeTime: Double?
    private let afterEdge: Phase?
    /// Seconds until the motion is at rest.
    let duration: Double

    /// The motion from `position` with `velocity` (points per second, in offset units) inside `range`.
    init(position: Double, velocity: Double, range: ClosedRange<Double>, rate: Double, bounces: Bool) {
        let velocity = velocity.isFinite ? velocity : 0
        start = position
        deceleration = Deceleration(rate: rate, initialVelocity: velocity)
        let spring = ScrollAxisMotion.bounceSpring
        if position < range.lowerBound || position > range.upperBound {
            let edge = position < range.lowerBound ? range.lowerBound : range.upperBound
            edgeTime = 0
            afterEdge = .springing(edge: edge, displacement: position - edge, velocity: bounces ? velocity : 0)
            duration = spring.settlingDuration(from: position - edge, velocity: bounces ? velocity : 0)
            return
        }
        let end = position + deceleration.totalDistance
        guard end < range.lowerBound || end > range.upperBound else {
            let k = abs(1000 * log(rate))
            edgeTime = nil
            afterEdge = nil
            duration = deceleration.duration(untilSpeedBelow: ScrollAxisMotion.restDistance * k)
            return
        }
        let edge = end < range.lowerBound ? range.lowerBound : range.upperBound
        let te = deceleration.time(toTravel: edge - position)
        edgeTime = te
        let ve = bounces ? deceleration.velocity(at: te) : 0
        afterEdge = .springing(edge: edge, displacement: 0, velocity: ve)
        duration = te + spring.settlingDuration(from: 0, velocity: ve)
    }

    /// The offset `t` seconds after the start.
    func position(at t: Double) -> Double {
        guard let te = edgeTime, t >= te, case let .springing(edge, x0, v0)? = afterEdge else {
            return start + deceleration.distance(at: t)
        }
        if t >= duration { return edge }
        return edge + ScrollAxisMotion.bounceSpring.displacement(at: t - te, from: x0, velocity: v0)
    }

    /// The offset's velocity `t` seconds after the start, in points per second.
    func velocity(at t: Double) -> Double {
        guard let te = edgeTime, t >= te, case let .springing(_, x0, v0)? = afterEdge else {
            return deceleration.velocity(at: t)
        }
        if t >= duration { return 0 }
        return ScrollAxisMotion.bounceSpring.velocity(at: t - te, from: x0, velocity: v0)
    }
}

extension Deceleration {
    /// Seconds until the motion has travelled `distance` points (which must lie on its path, short of
    /// `totalDistance`): the inverse of `distance(at:)`.
    func time(toTravel distance: Double) -> Double {
        let k = 1000 * log(rate)
        guard initialVelocity != 0 else { return 0 }
        let inside = 1 + k * distance / initialVelocity
        return inside > 0 ? log(inside) / k : .infinity
    }
}
