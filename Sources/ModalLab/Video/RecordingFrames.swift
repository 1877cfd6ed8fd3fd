import ModalKit
import ModalKitX11

/// Every display frame of a recording, rendered headless exactly as `--headless --replay` renders them: the same
/// replay, the same lab, the same frame loop, to the same end (the lab at rest after the last event). Frames the
/// replay skips because nothing moves (`Replay`) are handed on as the frame before them, which they are, so the
/// count is the recording's duration at the frame rate.
struct RecordingFrames {
    /// One display frame: its pixels and where the pointer was.
    struct Frame {
        var bitmap: Bitmap
        var pointer: PointerState
        /// Its number from 0, at `index` frame intervals from the start.
        var index = 0

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

    /// Renders the frames in order, handing each to `each`; returns how many there were. A stop signal ends the
    /// run by throwing `RenderStopped`.
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
        RecordingFrames.draw(harness.stage, &frame.bitmap, scale)
        try each(frame)
        var shown = 0, settledAt: Double?
        func emit() throws {
            shown += 1
            frame.index = shown
            try each(frame)
        }
        while replay.hasPendingEvents || !harness.isSettled {
            if let signal = signals?.take() { throw RenderStopped(signal: signal) }
            replay.step(harness)
            let index = Int((clock.now / frameInterval).rounded())
            // Frames skipped while nothing moved looked like the last one drawn.
            while shown + 1 < index { try emit() }
            frame.pointer.advance(to: clock.now)
            RecordingFrames.draw(harness.stage, &frame.bitmap, scale)
            try emit()
            if !replay.hasPendingEvents {
                settledAt = settledAt ?? clock.now
                if let start = settledAt, clock.now - start > HeadlessRun.settleLimit {
                    throw LabError.io(
                        "replay did not come to rest within \(Int(HeadlessRun.settleLimit)) s of its last event")
                }
            }
        }
        return shown + 1
    }

    /// Draws a frame as `HeadlessRun` does. The render time handed to the HUD is 0, not this machine's: a clip
    /// shows the motion, not how long an offline render took.
    private static func draw(_ lab: any HostedLab, _ bitmap: inout Bitmap, _ scale: Double) {
        guard lab.needsDisplay else { return }
        lab.render(into: &bitmap, scale: scale)
        lab.didPresent(renderSeconds: 0, presentSeconds: 0, presentedAt: nil, index: nil)
    }
}

/// A stop signal (SIGINT, SIGTERM, SIGHUP, SIGQUIT) ended a render; the output was removed.
struct RenderStopped: Error {
    let signal: Int32
}
