import Glibc
import ModalLabDriver

/// Part (d): frame pacing through finish and cancel animations of the interactor scene, driven with XTest.
struct PacingBench {
    let animations: Int

    /// Intervals (seconds) between presented frames through the first finish animation, for the plot.
    private(set) var firstFinishIntervals: [Double] = []
    /// The lab's peak RSS after all the animations, megabytes.
    private(set) var peakResident: Double?

    mutating func run(into report: Report, display: String) throws {
        let session = try LabSession(
            display: display, arguments: LatencyBench.oldScreen + ["--scene", "interactor", "--no-hud"])
        guard session.trace.waitFor(from: 0, timeout: 20, { $0.type == "settled" }) != nil else {
            throw BenchError("the lab never came to rest")
        }
        for i in 0 ..< animations {
            let finish = i % 2 == 0
            let before = session.trace.mark
            drag(session, distance: finish ? 400 : 60)
            guard waitFor(session, after: before, { $0.string("event") == "completed" }) else {
                throw BenchError("animation \(i + 1) did not complete")
            }
            if finish {
                let shown = session.trace.mark
                session.key(.space)
                _ = waitFor(session, after: shown, { $0.string("type") == "settled" })
            }
        }
        peakResident = session.peakResidentMegabytes()
        session.quit()
        summarize(session.trace.events(from: 0), into: report)
    }

    /// Presses on the card, drags `distance` pixels down in ten steps, holds still, then lets go.
    private func drag(_ session: LabSession, distance: Int) {
        let (x, y) = (187, 200)
        session.move(x: x, y: y)
        session.button(down: true)
        for i in 1 ... 10 {
            session.move(x: x, y: y + distance * i / 10)
            pause(LabSession.period)
        }
        pause(0.25)
        session.button(down: false)
    }

    /// Waits up to five seconds for a trace line after the first `index` lines that passes `test`.
    private func waitFor(_ session: LabSession, after index: Int, _ test: (LabTraceEvent) -> Bool) -> Bool {
        let deadline = monotonicNow() + 5
        while monotonicNow() < deadline {
            if session.trace.events(from: index).contains(where: { test($0) }) { return true }
            pause(0.01)
        }
        return false
    }

    /// Every finish or cancel to its completion: presented frames against the refresh periods they spanned.
    private mutating func summarize(_ lines: [LabTraceEvent], into report: Report) {
        let period = LabSession.period
        var intervals: [Double] = []
        var presented = 0, expected = 0, count = 0, finishes = 0
        var start: Double?
        var isFinish = false
        var stamps: [Double] = []
        var indices: [Int] = [], animations: [[Int]] = []
        for line in lines {
            let event = line.string("event")
            if event == "finish" || event == "cancel" {
                start = line.number("t")
                isFinish = event == "finish"
                stamps = []
                indices = []
            } else if start != nil, line.string("type") == "frame", let at = line.number("presented_at") {
                stamps.append(at)
                if let index = line.number("index") { indices.append(Int(index)) }
            } else if event == "completed", start != nil, stamps.count > 1 {
                let gaps = zip(stamps.dropFirst(), stamps).map { $0 - $1 }
                intervals += gaps
                presented += stamps.count
                expected += Int(((stamps[stamps.count - 1] - stamps[0]) / period).rounded()) + 1
                if isFinish && finishes == 0 { firstFinishIntervals = gaps }
                finishes += isFinish ? 1 : 0
                count += 1
                animations.append(indices)
                start = nil
            }
        }
        let s = Summary(intervals)
        let ratio = expected > 0 ? Double(presented) / Double(expected) : .nan
        let long = intervals.filter { $0 > 1.5 * period }.count
        report.add(
            Row(
                section: "pacing", label: "\(count) animations (\(finishes) finish), 60 Hz",
                figures: [
                    ("presented/expected", ratio, ""), ("p50", s.p50 * 1000, " ms"),
                    ("p99", s.p99 * 1000, " ms"), ("max", s.max * 1000, " ms"),
                    (">1.5 periods", Double(long), "")
                ],
                budget: "≥ 0.98, max ≤ 33.3 ms", met: ratio >= 0.98 && s.max <= 2 * period))
        if let row = BlankPacing(animations: animations, lines: lines).row(period: period) { report.add(row) }
    }
}
