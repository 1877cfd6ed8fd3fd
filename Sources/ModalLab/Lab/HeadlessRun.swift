import ModalKit
import ModalKitX11

/// `--headless`: the lab on a virtual clock with no X server. Replays a recording if given, writes the trace,
/// and renders the final frame to `--screenshot`.
enum HeadlessRun {
    /// The longest virtual time a replay may run after its last event before it is called stuck.
    static let settleLimit = 120.0

    /// Runs to rest and returns the exit code; `outputs` default to files opened from the configuration, and a
    /// stop signal from `signals` ends the run with 128 + its number.
    static func run(
        _ configuration: LabConfiguration, replay recording: Recording?, outputs given: LabOutputs? = nil,
        signals: StopSignals? = nil
    ) throws -> Int32 {
        let outputs = try given ?? LabOutputs(configuration)
        let clock = ManualClock(), fps = configuration.fps ?? 60
        let scale = configuration.scale ?? 1
        let replay = Replay(recording ?? Recording(), clock: clock, fps: fps)
        let harness = HeadlessLab(
            stage: try HostedLabs.make(configuration, clock: clock, outputs: outputs), clock: clock, fps: fps)
        let lab = harness.stage
        defer { lab.finish() }
        var bitmap = Bitmap(
            width: Int((configuration.windowSize.width * scale).rounded()),
            height: Int((configuration.windowSize.height * scale).rounded()))
        frame(lab, &bitmap, scale, clock)
        var settledAt: Double?
        while replay.hasPendingEvents || !harness.isSettled {
            if let signal = signals?.take() { return 128 + signal }
            if let failure = outputs.failure { throw failure }
            replay.step(harness)
            frame(lab, &bitmap, scale, clock)
            if !replay.hasPendingEvents {
                settledAt = settledAt ?? clock.now
                if let start = settledAt, clock.now - start > settleLimit {
                    throw LabError.io("replay did not come to rest within \(Int(settleLimit)) s of its last event")
                }
            }
        }
        lab.finish()
        if let failure = outputs.failure ?? lab.exportFailure { throw failure }
        try outputs.writeScreenshot(bitmap)
        return 0
    }

    private static func frame(_ lab: any HostedLab, _ bitmap: inout Bitmap, _ scale: Double, _ clock: ManualClock) {
        guard lab.needsDisplay else { return }
        let start = MonotonicClock().now
        lab.render(into: &bitmap, scale: scale)
        lab.didPresent(FrameReport(frameTime: clock.now, renderSeconds: MonotonicClock().now - start))
    }
}
