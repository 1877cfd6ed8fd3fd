import ModalKit

/// Feeds a recording into a lab on a virtual clock: each event is handled at its recorded time, frames come at a
/// fixed rate in between, so a replay makes the same decisions every time, with or without an X server.
package final class Replay {
    private let entries: [Recording.Entry]
    private var next = 0
    package let clock: ManualClock
    let frameInterval: Double

    package init(_ recording: Recording, clock: ManualClock, fps: Double) {
        entries = recording.entries.sorted { $0.t < $1.t }
        self.clock = clock
        let range = LabLimits.fps
        frameInterval = 1 / (fps.isFinite ? min(max(fps, range.lowerBound), range.upperBound) : 60)
    }

    /// Whether recorded events remain.
    package var hasPendingEvents: Bool { next < entries.count }

    /// The harness stepping the lab of a windowed replay, made on its first frame.
    private var harness: HeadlessLab?

    /// One frame of a replay in a window: see `step(_:)` with a harness.
    package func step(_ lab: any HostedLab) {
        let harness =
            self.harness.flatMap { $0.stage === lab ? $0 : nil }
            ?? HeadlessLab(stage: lab, clock: clock, fps: 1 / frameInterval)
        self.harness = harness
        step(harness)
    }

    /// Moves virtual time one frame on, handing the lab every event recorded before then at its own time, and
    /// advances the lab's animations to the new frame time. An event recorded at a frame's own time (to the
    /// microsecond a recording keeps) arrived after that frame was made, so it waits for the next one.
    /// While nothing moves, the frames up to the one before the next event are skipped in one jump: nothing
    /// could happen in them, and a recording with a long pause (or a time of a day) must not be simulated
    /// frame by frame.
    package func step(_ harness: HeadlessLab) {
        skipIdleFrames(harness.stage)
        harness.step { frameTime in
            while next < entries.count, entries[next].t < frameTime - 1e-6 {
                clock.set(to: max(clock.now, entries[next].t))
                harness.stage.handle(entries[next].event)
                next += 1
            }
        }
    }

    /// Up to the frame before the next event, or before the frame the lab asked for (`nextFrameTime`).
    private func skipIdleFrames(_ lab: any HostedLab) {
        guard next < entries.count, !lab.isAnimating, !lab.needsDisplay else { return }
        let until = min(entries[next].t, lab.nextFrameTime ?? .infinity)
        let idleFrames = ((until - clock.now) / frameInterval).rounded(.down) - 1
        guard idleFrames >= 1 else { return }
        let frameTime = clock.now + idleFrames * frameInterval
        clock.set(to: frameTime)
        lab.advance(to: frameTime)
    }
}
