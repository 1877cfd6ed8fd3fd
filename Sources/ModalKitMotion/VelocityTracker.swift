import ModalKitBase

/// Velocity of a pointer from timestamped samples (points, seconds).
///
/// Times should be the window system's event times (converted with `ServerTime`), not arrival times, so bursts
/// of queued events do not look like bursts of speed.
public struct VelocityTracker {
    /// Only this recent a history counts.
    public static let window = 0.1
    /// A pause this long means the pointer stopped: older samples are not part of the current movement.
    public static let restGap = 0.04
    /// More than a window's worth at any real pointer rate; older samples are dropped.
    private static let capacity = 128

    private var samples: [(position: Point, time: Double)] = []

    /// An empty tracker.
    public init() {}

    /// Records where the pointer was at `time`; a sample older than the newest one is ignored.
    public mutating func addSample(_ position: Point, time: Double) {
        if let last = samples.last, time < last.time { return }
        samples.append((position, time))
        if samples.count > Self.capacity { samples.removeFirst(samples.count - Self.capacity) }
    }

    /// Forgets every sample (a new gesture).
    public mutating func reset() { samples.removeAll() }

    /// Least-squares fit over the samples in the last 100 ms before `time` with at least 3 samples; 0 if fewer, or
    /// if the pointer rested (no sample) for 40 ms or more before `time` (the release). Never from the last two
    /// samples alone. Points per second.
    ///
    /// With 4 or more samples the fit is a quadratic (exact for constant acceleration), with 3 a straight line;
    /// the velocity is the fit's slope at the newest sample. A 40 ms gap between samples also ends the history.
    public func velocity(at time: Double) -> Point {
        let recent = recentSamples(before: time)
        guard recent.count >= 3, let newest = recent.last else { return .zero }
        let times = recent.map { $0.time - newest.time }
        guard let vx = PolynomialFit.slopeAtZero(times: times, values: recent.map { $0.position.x },
                                                 degree: recent.count >= 4 ? 2 : 1),
              let vy = PolynomialFit.slopeAtZero(times: times, values: recent.map { $0.position.y },
                                                 degree: recent.count >= 4 ? 2 : 1) else { return .zero }
        return Point(x: vx, y: vy)
    }

    /// The unbroken run of samples within the window before `time`, oldest first.
    private func recentSamples(before time: Double) -> [(position: Point, time: Double)] {
        // A nanosecond of slack so a gap of exactly 40 ms, computed from rounded seconds, still counts as rest.
        let slack = 1e-9
        guard let end = samples.lastIndex(where: { $0.time <= time + slack }),
              time - samples[end].time < Self.restGap - slack else { return [] }
        var start = end
        while start > 0, samples[start - 1].time >= time - Self.window - slack,
              samples[start].time - samples[start - 1].time < Self.restGap - slack {
            start -= 1
        }
        return Array(samples[start...end])
    }
}
