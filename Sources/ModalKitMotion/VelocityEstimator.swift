import ModalKitBase

/// One pointer sample: where it was (points) and when (seconds, the window system's event time).
public struct VelocitySample: Equatable, Sendable {
    /// Where the pointer was, in points.
    public var position: Point
    /// When, in seconds of the window system's clock.
    public var time: Double

    /// A sample at `position` at `time`.
    public init(position: Point, time: Double) { self.position = position; self.time = time }
}

/// A way of reading a pointer's velocity at release from its recent samples. Toolkits disagree on it, and the
/// choice decides flicks near a velocity threshold; see the estimator tables in docs/reference.md for how each did on recorded drags.
public enum VelocityEstimator: String, CaseIterable, Sendable {
    /// Least-squares quadratic over the last 100 ms (a straight line with 3 samples), slope at the newest sample;
    /// at least 3 samples, history cut at a 40 ms gap. Flutter's tracker.
    case quadratic
    /// Least-squares straight line over the same samples as `quadratic`.
    case linear
    /// The last two samples' difference, as raw-delta trackers do (PanModal, FloatingPanel read UIKit's).
    case lastTwo = "last-two"
    /// Displacement over elapsed time across the last 150 ms: libadwaita's swipe tracker.
    case mean150 = "mean-150"
    /// Android's impulse strategy: the speed whose kinetic energy equals the work the samples imply, over the
    /// last 100 ms with the same 40 ms rest rule.
    case impulse

    /// The estimator the pan gesture recognizer uses unless told otherwise.
    public static let `default` = VelocityEstimator.quadratic

    /// The name `--set estimator=NAME` takes.
    public var name: String { rawValue }

    /// The estimator with that name, nil when none has it.
    public init?(name: String) { self.init(rawValue: name) }

    /// Velocity (points per second) at `time` from `samples`, oldest first; zero when the samples cannot tell.
    public func velocity(of samples: [VelocitySample], at time: Double) -> Point {
        switch self {
        case .quadratic: return VelocityEstimator.fit(samples, at: time, degree: 2)
        case .linear: return VelocityEstimator.fit(samples, at: time, degree: 1)
        case .lastTwo: return VelocityEstimator.lastTwo(samples, at: time)
        case .mean150: return VelocityEstimator.mean(samples, at: time, window: 0.15)
        case .impulse: return VelocityEstimator.impulse(samples, at: time)
        }
    }
}
