import ModalKit

/// The last drag in a trace and what followed it: what a motion plot shows.
package struct ReleaseStory {
    /// How the release ended: the modal went away, came back, or the trace stops before telling.
    enum Decision: String { case finish, cancel, undecided }

    /// When the drag began (the pan's `began`), when it was released (nil if the trace ends mid-drag) and when the
    /// plot ends (everything at rest again, or the trace's end).
    var began: Double
    var release: Double?
    var end: Double
    /// Frames from a little before `began` to `end`.
    var frames: [MotionTrace.Frame]
    /// The pan's velocity readings (`changed` and the release), in pt/s down the screen.
    var readings: [(t: Double, vy: Double)]
    /// The velocity the pan reported at release.
    var releaseVelocity: Point?
    /// What each velocity estimator read at the release (when the trace has it).
    var estimates: [(name: String, velocity: Point)]
    /// The estimator the pan used.
    var estimator: String?
    var decision: Decision
    var scene: MotionTrace.SceneRecord?

    /// Frames shown before the drag began, for the approach (the slop and the press).
    static let lead = 0.1
    /// Frames shown after rest, so the end is visibly flat.
    static let tail = 0.05

    /// The last drag of `trace`; an error when it holds none.
    package init(_ trace: MotionTrace) throws {
        guard let beganIndex = trace.gestures.lastIndex(where: { $0.state == "began" }) else {
            throw LabError.usage("no gesture: the trace holds no drag (a pan that began)")
        }
        began = trace.gestures[beganIndex].t
        let after = trace.gestures[(beganIndex + 1)...]
        let released = after.first { $0.state == "ended" || $0.state == "cancelled" }
        release = released?.t
        releaseVelocity = released?.velocity
        estimates = released?.estimates ?? []
        estimator = released?.estimator
        let settle = release.flatMap { r in trace.settles.first { $0.t >= r } }
        end = settle.map { $0.t + Self.tail } ?? (trace.frames.last?.t ?? released?.t ?? began)
        let (from, to) = (began - Self.lead, end)
        frames = trace.frames.filter { $0.t >= from && $0.t <= to }
        let releaseTime = release ?? .infinity
        readings = ([trace.gestures[beganIndex]] + after.prefix { $0.t <= releaseTime }).map { ($0.t, $0.velocity.y) }
        decision = release.map { Self.decision(trace, after: $0, settled: settle) } ?? .undecided
        let beganTime = began
        scene = trace.scenes.last { $0.t <= beganTime }
    }

    /// The first record after the release that tells: a percent-driven transition's finish or cancel, a dismissal
    /// starting, or what is on top when everything rests.
    private static func decision(_ trace: MotionTrace, after release: Double, settled: MotionTrace.Settled?) -> Decision
    {
        let next = trace.transitions.first {
            $0.t >= release
                && ($0.event == "finish" || $0.event == "cancel"
                    || ($0.event == "began" && $0.kind == "dismiss"))
        }
        if let next, settled.map({ next.t <= $0.t }) ?? true { return next.event == "cancel" ? .cancel : .finish }
        guard let settled else { return .undecided }
        return settled.top == "presenting" ? .finish : .cancel
    }
}
