import Glibc
import ModalLabDriver

/// Part (c): pointer motion injected with XTest into a running lab mid-drag, to the moment the frame showing it
/// was handed to the server, and with Present to the blank the server showed it at. Moves are spaced one to two
/// refresh periods apart, at random phases, so each lands in its own frame and the samples cover every phase of
/// the display link. The same build also drags with `--no-present` (the timer path: a frame put at once, no blank
/// to aim at; its rows are named "... (timer path)"). With a baseline build, every build is measured in turns on
/// the same server, so a change is compared with the build before it under the same load.
struct LatencyBench {
    let moves: Int
    /// Another modal-lab build measured beside this one (its rows are named "... (baseline)"), or nil.
    var baselinePath: String? = nil
    /// Drags per build: two in turns, so no build has the quieter minute.
    let rounds = 2

    /// The bare 375 × 667 screen on iOS 18 the rows have always measured (a baseline build older than the default
    /// phone runs there without being told).
    static let oldScreen = ["--size", "375x667", "--ios", "18"]

    /// A lab dragged: which build, with which arguments, and the suffix of its rows.
    private struct Build {
        var suffix: String
        var path: String
        var arguments: [String] = []
    }

    func run(into report: Report, display: String) throws {
        let builds =
            [
                Build(suffix: "", path: LabProcess.executablePath, arguments: Self.oldScreen),
                Build(
                    suffix: " (timer path)", path: LabProcess.executablePath,
                    arguments: Self.oldScreen + ["--no-present"])
            ]
            + (baselinePath.map { [Build(suffix: " (baseline)", path: $0)] } ?? [])
        var drags = Array(repeating: LatencyDrag(), count: builds.count)
        for _ in 0 ..< rounds {
            for (i, build) in builds.enumerated() {
                drags[i].add(try drag(display: display, build: build))
            }
        }
        for (i, build) in builds.enumerated() { drags[i].report(into: report, suffix: build.suffix) }
    }

    /// One held drag of `moves` moves into a fresh lab of `build`.
    private func drag(display: String, build: Build) throws -> LatencyDrag {
        let session = try LabSession(display: display, arguments: build.arguments, executable: build.path)
        guard session.trace.waitFor(from: 0, timeout: 20, { $0.type == "settled" }) != nil else {
            throw BenchError("the lab never came to rest")
        }
        let (x0, y0) = (187, 260)
        session.move(x: x0, y: y0)
        session.button(down: true)
        // Start the pan with a few moves the measurement does not count.
        for i in 1 ... 5 { session.move(x: x0, y: y0 + 4 * i); pause(LabSession.period) }
        var injected: [(t: Double, x: Int, y: Int)] = []
        var random = SystemRandomNumberGenerator()
        for i in 0 ..< moves {
            let (x, y) = (x0 + i / 150, y0 + 30 + i % 150)
            injected.append((session.move(x: x, y: y), x, y))
            pause(LabSession.period * Double.random(in: 1 ... 2, using: &random))
        }
        pause(0.1)
        session.button(down: false)
        pause(0.5)
        session.quit()
        return LatencyDrag(
            injected: injected.map { (t: $0.t, pointer: "\($0.x),\($0.y)") },
            frames: session.trace.events(from: 0, type: "frame"),
            shownLines: session.trace.events(from: 0, type: "shown"))
    }
}

/// What drags measured: each move's time to its frame being handed over and to the blank it was shown at, and
/// the frames' costs and the lead the host settled on.
struct LatencyDrag {
    var latencies: [Double] = []
    var onScreen: [Double] = []
    var missing = 0
    /// The lead each drag's lab had settled on at its end, ms (none from a build that does not report one).
    var settledLeads: [Double] = []
    /// The lead of every frame shown at a blank, ms: where it spent the drags.
    var leads: [Double] = []
    var missedBlanks = 0.0
    var present: [Double] = []
    var render: [Double] = []

    init() {}

    /// Matches moves to frames: a frame shows move i when its pointer is move i or a later one (when two moves
    /// land between the same two ticks, the lab coalesces them and draws only the newest, which also shows the
    /// earlier one's effect).
    init(injected: [(t: Double, pointer: String)], frames: [LabTraceEvent], shownLines: [LabTraceEvent]) {
        var indexOf: [String: Int] = [:]
        for (i, move) in injected.enumerated() { indexOf[move.pointer] = i }
        let shownFrames: [(at: Double, index: Int, frame: Int?)] = frames.compactMap { frame in
            guard let at = frame.number("presented_at"), let p = frame.numbers("pointer"), p.count == 2,
                let index = indexOf["\(Int(p[0])),\(Int(p[1]))"]
            else { return nil }
            return (at, index, frame.number("index").map(Int.init))
        }
        let blanks = LatencyDrag.shownTimes(shownLines)
        for (i, move) in injected.enumerated() {
            if let shown = shownFrames.first(where: { $0.at > move.t && $0.index >= i }) {
                latencies.append(shown.at - move.t)
                if let at = shown.frame.flatMap({ blanks[$0] }) { onScreen.append(at - move.t) }
            } else {
                missing += 1
            }
        }
        leads = shownLines.compactMap { $0.number("lead_ms") }
        settledLeads = Array(leads.suffix(1))
        missedBlanks = shownLines.compactMap { $0.number("missed") }.reduce(0, +)
        present = frames.compactMap { $0.number("present_ms") }
        render = frames.compactMap { $0.number("render_ms") }
    }

    mutating func add(_ other: LatencyDrag) {
        latencies += other.latencies
        onScreen += other.onScreen
        missing += other.missing
        settledLeads += other.settledLeads
        leads += other.leads
        missedBlanks += other.missedBlanks
        present += other.present
        render += other.render
    }

    func report(into report: Report, suffix: String) {
        let s = Summary(latencies)
        let period = LabSession.period
        // Drawn a lead before its blank, a frame is handed over about a lead before it is seen: this row's budget
        // is the timer path's (no Present), where the frame handed over is the frame seen.
        report.add(
            Row(
                section: "input", label: "XTest motion → presented (\(s.count) moves)\(suffix)",
                figures: [
                    ("p50", s.p50 * 1000, " ms"), ("p99", s.p99 * 1000, " ms"),
                    ("max", s.max * 1000, " ms"), ("unmatched", Double(missing), "")
                ],
                budget: onScreen.isEmpty ? "p50 ≤ 4 ms, p99 ≤ 16.7 ms" : nil,
                met: onScreen.isEmpty ? s.p50 <= 0.004 && s.p99 <= period && missing == 0 : nil))
        if !onScreen.isEmpty {
            // With Present the server says when the frame reached the screen: the wait for the blank included.
            let b = Summary(onScreen)
            report.add(
                Row(
                    section: "input", label: "XTest motion → shown at the blank (\(b.count) moves)\(suffix)",
                    figures: [
                        ("p50", b.p50 * 1000, " ms"), ("p90", b.p90 * 1000, " ms"),
                        ("p99", b.p99 * 1000, " ms"), ("lead p50", Summary(leads).p50, " ms"),
                        ("lead", settledLeads.last ?? .nan, " ms"),
                        ("missed", missedBlanks, "")
                    ],
                    budget: "p50 ≤ 16.7 ms, p90 ≤ 25 ms",
                    met: b.p50 <= period * 1.002 && b.p90 <= 0.025))
        }
        let present = Summary(present), render = Summary(render)
        report.add(
            Row(
                section: "present", label: "lab frames mid-drag, MIT-SHM @1x\(suffix)",
                figures: [
                    ("render p50", render.p50, " ms"), ("render p99", render.p99, " ms"),
                    ("present p50", present.p50, " ms"), ("present p99", present.p99, " ms")
                ],
                budget: "present p99 ≤ 0.5 ms", met: present.p99 <= 0.5))
    }

    /// The server's time for each frame it showed at a vertical blank, by the frame's index.
    private static func shownTimes(_ lines: [LabTraceEvent]) -> [Int: Double] {
        var times: [Int: Double] = [:]
        for line in lines {
            if let frame = line.number("frame"), let at = line.number("shown_at") { times[Int(frame)] = at }
        }
        return times
    }
}
