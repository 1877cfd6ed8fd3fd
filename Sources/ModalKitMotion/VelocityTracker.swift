import ModalKitBase

/// Velocity of a pointer from timestamped samples (points, seconds).
///
/// Times should be the window system's event times (converted with `ServerTime`), not arrival times, so bursts
/// of queued events do not look like bursts of speed. How the samples become a velocity is the `estimator`'s
/// business (see `VelocityEstimator`).
public struct VelocityTracker {
    /// Only this recent a history counts (for the fits and the impulse estimator).
    public static let window = VelocityEstimator.window
    /// A pause this long means the pointer stopped: older samples are not part of the current movement.
    public static let restGap = VelocityEstimator.restGap
    /// More than any estimator's window at any real pointer rate; older samples are dropped.
    private static let capacity = 128

    /// How the velocity is read from the samples.
    public var estimator: VelocityEstimator
    private var samples: [VelocitySample] = []

    /// An empty tracker reading velocities with `estimator`.
    public init(estimator: VelocityEstimator = .default) { self.estimator = estimator }

    /// Records where the pointer was at `time`; a sample older than the newest one is ignored.
    public mutating func addSample(_ position: Point, time: Double) {
        if let last = samples.last, time < last.time { return }
        samples.append(VelocitySample(position: position, time: time))
        if samples.count > Self.capacity { samples.removeFirst(samples.count - Self.capacity) }
    }

    /// Forgets every sample (a new gesture).
    public mutating func reset() { samples.removeAll() }

    /// The samples held now, oldest first, so other estimators can be compared on the same gesture.
    public var recentSamples: [VelocitySample] { samples }

    /// Points per second at `time` (the release) by the `estimator`; zero when it cannot tell, and with the
    /// default `quadratic`: a least-squares fit over the last 100 ms with at least 3 samples, 0 after a rest of
    /// 40 ms or more, never from the last two samples alone.
    public func velocity(at time: Double) -> Point { estimator.velocity(of: samples, at: time) }

    /// The velocity each estimator would read at `time` from the same samples.
    public func velocities(at time: Double) -> [(estimator: VelocityEstimator, velocity: Point)] {
        VelocityEstimator.allCases.map { ($0, $0.velocity(of: samples, at: time)) }
    }
}
