import ModalKit
import ModalKitX11

/// Every display frame of a recording, rendered headless exactly as `--headless --replay` renders them: the same
/// replay, the same lab, the same frame loop, to the same end (the lab at rest after the last event). Frames the
/// replay skips because nothing moves (`Replay`) are the frame before them, which they are: that frame is handed
/// on once, with the number of display frames it stays (`count`), so an idle stretch costs one frame however long
/// it is, and the counts add up to the recording's duration at the frame rate.
struct RecordingFrames {
    /// One picture and the display frames it is shown for: its pixels and where the pointer was.
    struct Frame {
        var bitmap: Bitmap
        var pointer: PointerState
        /// The number of its first display frame from 0, at `index` frame intervals from the start.
        var index = 0
        /// How many display frames it stays: 1, or more while nothing moves.
        var count = 1

        /// The bitmap with the pointer drawn on it (`--pointer`).
        func withPointer(scale: Double) -> Bitmap {
            var shown = bitmap
            pointer.draw(on: &shown, scale: scale)
            return shown
        }
    }

    let configuration: LabConfiguration
    let recording: Recording

    /// Seconds between frames: the session's frame rate, else 60.
    var frameInterval: Double { 1 / (configuration.fps ?? 60) }

    /// Renders the frames in order, handing each picture to `each` once it is known how long it stays; returns
    /// how many display frames there were. A stop signal ends the run by throwing `RenderStopped`: it is looked
    /// at every frame drawn, and an idle stretch draws none, so a long pause never keeps it waiting.
    @discardableResult
    func run(signals: StopSignals?, _ each: (Frame) throws -> Void) throws -> Int {
        let clock = ManualClock(), fps = configuration.fps ?? 60
        let replay = Replay(recording, clock: clock, fps: fps)
        let outputs = try LabOutputs(configuration)
        let harness = HeadlessLab(
            stage: try HostedLabs.make(configuration, clock: clock, outputs: outputs), clock: clock, fps: fps)
        defer { harness.stage.finish() }
        let scale = configuration.scale ?? 1
        var frame = Frame(
            bitmap: Bitmap(
                width: Int((configuration.windowSize.width * scale).rounded()),
                height: Int((configuration.windowSize.height * scale).rounded())),
            pointer: PointerState(recording))
        RecordingFrames.draw(harness.stage, &frame.bitmap, scale, at: clock.now)
        var settledAt: Double?
        while replay.hasPendingEvents || !harness.isSettled {
            if let signal = signals?.take() { throw RenderStopped(signal: signal) }
            replay.step(harness)
            // Frames skipped while nothing moved looked like the last one drawn: it stays that much longer.
            let index = Int((clock.now / frameInterval).rounded())
            frame.count = max(1, index - frame.index)
            try each(frame)
            frame.index += frame.count
            frame.count = 1
            frame.pointer.advance(to: clock.now)
            RecordingFrames.draw(harness.stage, &frame.bitmap, scale, at: clock.now)
            if !replay.hasPendingEvents {
                settledAt = settledAt ?? clock.now
                if let start = settledAt, clock.now - start > HeadlessRun.settleLimit {
                    throw LabError.io(
                        "replay did not come to rest within \(Int(HeadlessRun.settleLimit)) s of its last event")
                }
            }
        }
        try each(frame)
        return frame.index + 1
    }

    /// Draws a frame as `HeadlessRun` does. The render time handed to the HUD is 0, not this machine's: a clip
    /// shows the motion, not how long an offline render took.
    private static func draw(_ lab: any HostedLab, _ bitmap: inout Bitmap, _ scale: Double, at frameTime: Double) {
        guard lab.needsDisplay else { return }
        lab.render(into: &bitmap, scale: scale)
        lab.didPresent(FrameReport(frameTime: frameTime, renderSeconds: 0))
    }
}

/// A stop signal (SIGINT, SIGTERM, SIGHUP, SIGQUIT) ended a render; the output was removed.
struct RenderStopped: Error {
    let signal: Int32
}
