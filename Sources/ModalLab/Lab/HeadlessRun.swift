import ModalKit

/// `--headless`: the lab on a virtual clock with no X server. Replays a recording if given, writes the trace,
/// and renders the final frame to `--screenshot`.
enum HeadlessRun {
    /// The longest virtual time a replay may run after its last event before it is called stuck.
    static let settleLimit = 120.0

    static func run(_ configuration: LabConfiguration, replay recording: Recording?) throws -> Int32 {
        let harness = try HeadlessLab(configuration: configuration, fps: configuration.fps ?? 60)
        let lab = harness.lab, clock = harness.clock
        defer { lab.finish() }
        let scale = configuration.scale ?? 1
        var bitmap = Bitmap(width: Int((configuration.size.width * scale).rounded()),
                            height: Int((configuration.size.height * scale).rounded()))
        let replay = Replay(recording ?? Recording(), clock: clock, fps: configuration.fps ?? 60)
        frame(lab, &bitmap, scale, clock)
        var settledAt: Double?
        while replay.hasPendingEvents || !harness.isSettled {
            replay.step(harness)
            frame(lab, &bitmap, scale, clock)
            if !replay.hasPendingEvents {
                settledAt = settledAt ?? clock.now
                if let start = settledAt, clock.now - start > settleLimit {
                    throw LabError.io("replay did not come to rest within \(Int(settleLimit)) s of its last event")
                }
            }
        }
        if let path = configuration.screenshotPath {
            do { try PNG.write(bitmap, to: path) } catch { throw LabError.io("\(error)") }
        }
        return 0
    }

    private static func frame(_ lab: Lab, _ bitmap: inout Bitmap, _ scale: Double, _ clock: ManualClock) {
        guard lab.needsDisplay else { return }
        let start = MonotonicClock().now
        lab.render(into: &bitmap, scale: scale)
        lab.didPresent(renderSeconds: MonotonicClock().now - start, presentSeconds: 0, presentedAt: nil)
    }
}
