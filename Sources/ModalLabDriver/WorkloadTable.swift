/// What one run of the workload script cost one program.
public struct WorkloadSample: Equatable {
    /// Frames counted from the server's damage.
    public var frames = 0.0
    /// The program's CPU (user + system) over the script.
    public var appSeconds = 0.0
    /// The X server's CPU over the script.
    public var serverSeconds = 0.0
    /// The program's VmHWM at the end.
    public var peakMegabytes = Double.nan
    /// Spawn to the first pixels it put.
    public var firstFrameMilliseconds = Double.nan
    /// Pixels the server reported damaged, per frame.
    public var pixelsPerFrame = Double.nan

    /// A sample with every figure given.
    public init(
        frames: Double = 0, appSeconds: Double = 0, serverSeconds: Double = 0, peakMegabytes: Double = .nan,
        firstFrameMilliseconds: Double = .nan, pixelsPerFrame: Double = .nan
    ) {
        self.frames = frames
        self.appSeconds = appSeconds
        self.serverSeconds = serverSeconds
        self.peakMegabytes = peakMegabytes
        self.firstFrameMilliseconds = firstFrameMilliseconds
        self.pixelsPerFrame = pixelsPerFrame
    }

    /// The program's CPU per frame, in milliseconds.
    public var appPerFrame: Double { WorkloadStatistics.ratio(appSeconds * 1000, frames) }
    /// The X server's CPU per frame, in milliseconds.
    public var serverPerFrame: Double { WorkloadStatistics.ratio(serverSeconds * 1000, frames) }
    /// Program and X server together per frame, in milliseconds: what a frame costs the machine.
    public var bothPerFrame: Double { appPerFrame + serverPerFrame }
    /// Program and X server together over the whole script, in seconds.
    public var totalSeconds: Double { appSeconds + serverSeconds }

    /// Each figure's median over `samples` (NaNs left out).
    public static func median(_ samples: [WorkloadSample]) -> WorkloadSample {
        func m(_ key: KeyPath<WorkloadSample, Double>) -> Double {
            WorkloadStatistics.median(samples.map { $0[keyPath: key] })
        }
        return WorkloadSample(
            frames: m(\.frames), appSeconds: m(\.appSeconds), serverSeconds: m(\.serverSeconds),
            peakMegabytes: m(\.peakMegabytes), firstFrameMilliseconds: m(\.firstFrameMilliseconds),
            pixelsPerFrame: m(\.pixelsPerFrame))
    }
}

/// The rows `modal-bench workload` prints (issue 23 item 3): each program's frames and CPU per frame and over the
/// session, then each lab scene against each peer configuration and against the baseline build. Kept apart from
/// the measuring so its shape is tested without running anything.
public enum WorkloadTable {
    /// What a measured program is, which decides its budgets and the comparisons it gets.
    public enum Kind: Equatable {
        /// The lab in a scene; `sheet` has the looser budgets; `baseline` is the build before the change.
        case lab(scene: String, sheet: Bool, baseline: Bool)
        /// A Qt Quick Drawer configuration; `fair` is the one with the scene's durations, the budgets' yardstick.
        case peer(fair: Bool)
    }

    /// One measured program: its name in the table, what it is, and its medians.
    public struct Program {
        /// The name in the table.
        public let name: String
        /// What it is.
        public let kind: Kind
        /// Its medians over the runs.
        public let sample: WorkloadSample

        /// A program as measured.
        public init(name: String, kind: Kind, sample: WorkloadSample) {
            self.name = name
            self.kind = kind
            self.sample = sample
        }
    }

    /// One row: named figures and the budget they are held to, if any.
    public struct Line {
        /// The row's case.
        public let label: String
        /// (name, value, unit) in order.
        public let figures: [(name: String, value: Double, unit: String)]
        /// The budget in words, or nil.
        public let budget: String?
        /// Whether the figures meet it; nil without a budget.
        public let met: Bool?
    }

    /// Client CPU per frame the lab may spend with the HUD on (issue 23 item 2).
    public static func appBudget(sheet: Bool) -> Double { sheet ? 0.35 : 0.2 }
    /// App + X per frame against the fair peer's (issue 23 item 2).
    public static func perFrameRatioBudget(sheet: Bool) -> Double { sheet ? 0.5 : 0.35 }

    /// Every row for `programs` (in the order measured), `drags` drags and `runs` runs each.
    public static func lines(_ programs: [Program], drags: Int, runs: Int) -> [Line] {
        let peers = programs.filter { if case .peer = $0.kind { return true } else { return false } }
        var out = programs.flatMap { programLines($0, drags: drags, runs: runs) }
        for program in programs {
            guard case .lab(let scene, let sheet, let baseline) = program.kind else { continue }
            out += peers.map { ratioLine(program, $0, sheet: sheet, budgeted: !baseline) }
            if !baseline,
                let before = programs.first(where: { $0.kind == .lab(scene: scene, sheet: sheet, baseline: true) })
            {
                out.append(ratioLine(program, before, sheet: sheet, budgeted: false))
            }
        }
        return out
    }

    private static func programLines(_ p: Program, drags: Int, runs: Int) -> [Line] {
        let m = p.sample
        var appBudget: Double?
        if case .lab(_, let sheet, false) = p.kind { appBudget = WorkloadTable.appBudget(sheet: sheet) }
        let perFrame = Line(
            label: "\(p.name) (\(drags) drags, \(runs) runs)",
            figures: [
                ("frames", m.frames, ""), ("app/frame", m.appPerFrame, " ms"), ("X/frame", m.serverPerFrame, " ms"),
                ("app+X/frame", m.bothPerFrame, " ms"), ("px/frame", m.pixelsPerFrame / 1000, "k")
            ],
            budget: appBudget.map { "app ≤ \(number($0)) ms/frame" }, met: appBudget.map { m.appPerFrame <= $0 })
        let isLab = appBudget != nil
        let totals = Line(
            label: "\(p.name) totals",
            figures: [
                ("app", m.appSeconds, " s"), ("X", m.serverSeconds, " s"), ("total", m.totalSeconds, " s"),
                ("VmHWM", m.peakMegabytes, " MB"), ("first pixels", m.firstFrameMilliseconds, " ms")
            ],
            budget: isLab ? "RSS ≤ 20 MB, first ≤ 50 ms" : nil,
            met: isLab ? m.peakMegabytes <= 20 && m.firstFrameMilliseconds <= 50 : nil)
        return [perFrame, totals]
    }

    /// `p` against `other`: whole-session ratios, per-frame ratios and peak RSS. Budgeted only for the current
    /// build against the fair peer.
    private static func ratioLine(_ p: Program, _ other: Program, sheet: Bool, budgeted: Bool) -> Line {
        let r = WorkloadStatistics.ratio
        let a = p.sample, b = other.sample
        let perFrame = r(a.bothPerFrame, b.bothPerFrame)
        let limit = perFrameRatioBudget(sheet: sheet)
        let fair = budgeted && other.kind == .peer(fair: true)
        return Line(
            label: "\(p.name) ÷ \(other.name)",
            figures: [
                ("frames", r(a.frames, b.frames), "x"), ("app", r(a.appSeconds, b.appSeconds), "x"),
                ("X", r(a.serverSeconds, b.serverSeconds), "x"), ("total", r(a.totalSeconds, b.totalSeconds), "x"),
                ("app/frame", r(a.appPerFrame, b.appPerFrame), "x"), ("app+X/frame", perFrame, "x"),
                ("RSS", r(a.peakMegabytes, b.peakMegabytes), "x")
            ],
            budget: fair ? "app+X/frame ≤ \(number(limit))×" : nil, met: fair ? perFrame <= limit : nil)
    }

    /// A budget's figure without trailing zeros (0.2, 0.35).
    private static func number(_ value: Double) -> String {
        var text = "\(value)"
        while text.hasSuffix("0") { text.removeLast() }
        return text.hasSuffix(".") ? String(text.dropLast()) : text
    }
}
