import Glibc
import ModalLabDriver

/// Part (e): what a lab costs the machine: CPU while at rest, peak memory, and how soon its first frame is up.
struct ProcessBench {
    let idleSeconds: Double
    let launches: Int

    func run(into report: Report, display: String, peakResident: Double?) throws {
        var firstFrames: [Double] = []
        for _ in 0 ..< launches {
            let session = try LabSession(display: display, arguments: LatencyBench.oldScreen)
            let first = session.trace.waitFor(from: 0, timeout: 20) {
                $0.type == "frame" && $0.has("presented_at")
            }
            if let at = first?.number("presented_at") { firstFrames.append(at - session.spawnedAt) }
            session.quit()
        }
        let start = Summary(firstFrames)
        report.add(
            Row(
                section: "process", label: "start → first frame presented (\(start.count) runs)",
                figures: [("p50", start.p50 * 1000, " ms"), ("max", start.max * 1000, " ms")],
                budget: "≤ 150 ms", met: start.max <= 0.150))

        let session = try LabSession(display: display, arguments: LatencyBench.oldScreen)
        guard session.trace.waitFor(from: 0, timeout: 20, { $0.type == "settled" }) != nil else {
            throw BenchError("the lab never came to rest")
        }
        pause(0.5)
        let before = session.cpuSeconds()
        pause(idleSeconds)
        let after = session.cpuSeconds()
        let idleRSS = session.peakResidentMegabytes()
        session.quit()
        let cpu = before.flatMap { b in after.map { ($0 - b) * 1000 } } ?? .nan
        // The budget is for 5 s; a shorter quick run is scaled to it.
        let per5s = cpu * 5 / idleSeconds
        report.add(
            Row(
                section: "process", label: "idle CPU over \(Report.number(idleSeconds)) s",
                figures: [("cpu", cpu, " ms"), ("per 5 s", per5s, " ms")],
                budget: "≤ 5 ms per 5 s", met: per5s <= 5))
        let peak = max(peakResident ?? 0, idleRSS ?? 0)
        report.add(
            Row(
                section: "process", label: "peak RSS @1x (after the pacing run)",
                figures: [("VmHWM", peak, " MB")], budget: "≤ 40 MB", met: peak <= 40))
    }
}
