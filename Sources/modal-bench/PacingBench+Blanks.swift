import ModalLabDriver

/// The pacing as the X server saw it: with Present the trace's `shown` lines carry each frame's blank (msc) and
/// the server's time for it, so intervals and missed blanks come from the display's clock, not the lab's.
struct BlankPacing {
    /// Seconds between the server's times of consecutive animation frames.
    private(set) var intervals: [Double] = []
    /// Blanks that went by without the frame meant for them, over all animation frames.
    private(set) var missed = 0
    /// Animation frames after the first of each animation, and how many of them were shown (a frame that
    /// changed no pixel presents nothing: it only waits for the blank).
    private(set) var frames = 0
    private(set) var shown = 0

    /// Reads `animations` (each the frame indices of one finish or cancel, in order) against the `shown` lines.
    init(animations: [[Int]], lines: [LabTraceEvent]) {
        var byFrame: [Int: (at: Double, missed: Int)] = [:]
        for line in lines where line.string("type") == "shown" {
            guard let frame = line.number("frame"), let at = line.number("shown_at") else { continue }
            byFrame[Int(frame)] = (at, Int(line.number("missed") ?? 0))
        }
        for indices in animations {
            for (a, b) in zip(indices, indices.dropFirst()) {
                frames += 1
                guard let later = byFrame[b] else { continue }
                shown += 1
                missed += later.missed
                if let earlier = byFrame[a] { intervals.append(later.at - earlier.at) }
            }
        }
    }

    /// The report row, or nil when the lab did not use Present (no `shown` lines).
    func row(period: Double) -> Row? {
        guard shown > 0 else { return nil }
        let s = Summary(intervals)
        let missedShare = Double(missed) / Double(max(1, frames))
        return Row(
            section: "pacing", label: "the server's blank times (Present)",
            figures: [
                ("shown", Double(shown), ""), ("p50", s.p50 * 1000, " ms"),
                ("p99", s.p99 * 1000, " ms"), ("max", s.max * 1000, " ms"),
                ("missed", Double(missed), "")
            ],
            budget: "missed ≤ 2% of frames, p99 ≤ 1.5 periods",
            met: missedShare <= 0.02 && s.p99 <= 1.5 * period)
    }
}
