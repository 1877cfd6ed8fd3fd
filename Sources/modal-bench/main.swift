import Foundation
import ModalKit
import ModalLab
import ModalLabDriver

/// modal-bench [workload] [--quick] [--json FILE] [--plot FILE] [--only SECTIONS] [--rows TEXT] [--runs N]
///             [--drags N] [--no-peer] [--baseline FILE]
/// Measures the lab against the budgets of BENCHMARKS.md and prints one table.
struct BenchOptions {
    static let usage =
        "usage: modal-bench [workload] [--quick] [--json FILE] [--plot FILE] [--only SECTIONS] [--rows TEXT] "
        + "[--runs N] [--drags N] [--no-peer] [--baseline FILE]"
    static let allSections: Set<String> = ["render", "present", "input", "pacing", "process", "workload"]

    var quick = false
    var jsonPath: String?
    var plotPath: String?
    /// The full run leaves out the workload (minutes long, `modal-bench workload`); quick runs a short one.
    var sections: Set<String> = ["render", "present", "input", "pacing", "process"]
    var workloadRuns: Int?
    var workloadDrags: Int?
    var peer = true
    /// `--baseline FILE`: another modal-lab build the workload and the input section run beside this one, so a
    /// change is measured before and after in one run on one machine.
    var baselinePath: String?
    /// `--rows TEXT`: the render section measures only its rows whose label contains TEXT (and the memcpy rows
    /// they are compared with; not the inspector's); nil measures them all.
    var rows: String?
    /// `--help`: print the usage and the sections, measure nothing.
    var wantsHelp = false

    init(_ arguments: [String]) throws {
        var rest = arguments[...]
        if rest.first == "workload" {
            rest = rest.dropFirst()
            sections = ["workload"]
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "--quick": quick = true
            case "--json": jsonPath = try BenchOptions.value(argument, &rest)
            case "--plot": plotPath = try BenchOptions.value(argument, &rest)
            case "--only": sections = try BenchOptions.sections(argument, &rest)
            case "--rows":
                let text = try BenchOptions.value(argument, &rest)
                guard !text.isEmpty else { throw BenchError("--rows needs some text of a render row's label") }
                rows = text
            case "--runs": workloadRuns = try BenchOptions.count(argument, &rest)
            case "--drags": workloadDrags = try BenchOptions.count(argument, &rest)
            case "--no-peer": peer = false
            case "--baseline": baselinePath = try BenchOptions.executable(argument, &rest)
            case "--help", "-h": wantsHelp = true
            default: throw BenchError("unknown option \(argument) (see modal-bench --help)")
            }
        }
        if quick && arguments.first != "workload" && !arguments.contains("--only") { sections.insert("workload") }
        if let unknown = sections.subtracting(BenchOptions.allSections).sorted().first {
            throw BenchError("unknown section \(unknown) (sections: render, present, input, pacing, process, workload)")
        }
        // A filter that picks no row would measure nothing and pass.
        if let rows, !RenderBench.labels.contains(where: { $0.contains(rows) }) {
            throw BenchError("--rows: no render row's label contains '\(rows.prefix(200))'")
        }
    }

    private static func value(_ option: String, _ rest: inout ArraySlice<String>) throws -> String {
        guard let value = rest.popFirst() else { throw BenchError("\(option) needs a value (see modal-bench --help)") }
        return value
    }

    /// `--only a,b`: at least one section, so a run that measures nothing cannot pass as a run that met its budgets.
    private static func sections(_ option: String, _ rest: inout ArraySlice<String>) throws -> Set<String> {
        let text = try value(option, &rest)
        let names = Set(text.split(separator: ",").map(String.init))
        guard !names.isEmpty else {
            throw BenchError("\(option) needs a comma-separated list of sections, not '\(text.prefix(200))'")
        }
        return names
    }

    private static func executable(_ option: String, _ rest: inout ArraySlice<String>) throws -> String {
        let path = try value(option, &rest)
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, access(path, X_OK) == 0 else {
            throw BenchError("\(option): \(path.prefix(200)) is not an executable file")
        }
        return path
    }

    private static func count(_ option: String, _ rest: inout ArraySlice<String>) throws -> Int {
        let text = try value(option, &rest)
        guard let n = Int(text), (1 ... 1000).contains(n) else {
            throw BenchError("\(option) takes a whole number from 1 to 1000, not '\(text)'")
        }
        return n
    }

    /// The workload as these options ask for it: three runs of 30 drags with the peer; in quick mode one run of
    /// two drags (one short, one long), no peer.
    var workload: WorkloadBench {
        WorkloadBench(
            runs: workloadRuns ?? (quick ? 1 : 3), drags: workloadDrags ?? (quick ? 2 : 30),
            includesPeer: peer && !quick, baselinePath: baselinePath)
    }
}

func runBench() -> Int32 {
    ChildProcess.endChildrenOnSignals()
    let options: BenchOptions
    do { options = try BenchOptions(Array(CommandLine.arguments.dropFirst())) } catch {
        FileHandle.standardError.write(Data("modal-bench: \(error)\n".utf8))
        return 2
    }
    if options.wantsHelp {
        print(BenchOptions.usage)
        print("sections: render, present, input, pacing, process (the default), workload (modal-bench workload);")
        print("--rows TEXT: the render section's rows whose label contains TEXT, e.g. --rows 'ios 26 @2x'")
        print("--baseline FILE: the workload and the input section also run FILE (another modal-lab build), in turns")
        print("the workload's peer, the Qt Quick Drawer, runs twice: with Qt's durations and with the scene's")
        print("budgets and the last runs: BENCHMARKS.md")
        return 0
    }
    let outputs: BenchOutputs
    do { outputs = try BenchOutputs(options) } catch {
        FileHandle.standardError.write(Data("modal-bench: \(error)\n".utf8))
        return (error as? LabError)?.exitCode ?? 1
    }
    let report = Report()
    report.machine = Machine.describe()
    report.machine["mode"] = options.quick ? "quick" : "full"
    print(
        "modal-bench (\(options.quick ? "quick" : "full")) on \(report.machine["cpu"] ?? "?"), \(report.machine["nproc"] ?? "?") CPUs"
    )
    print(Report.header())
    var failures: [String] = []
    func section(_ name: String, _ body: () throws -> Void) {
        guard options.sections.contains(name) else { return }
        do { try body() } catch {
            failures.append("\(name): \(error)")
            report.add(Row(section: name, label: "FAILED: \(error)", figures: []))
        }
    }
    section("render") {
        var bench = RenderBench(samples: options.quick ? 12 : 240, rows: options.rows)
        try bench.run(into: report)
        // The inspector's rows are not render rows by label: `--rows` leaves them out.
        if options.rows == nil { try InspectorBench(samples: options.quick ? 12 : 240).run(into: report) }
    }
    var server: Xvfb?
    let needsServer = !options.sections.isDisjoint(with: ["present", "input", "pacing", "process"])
    if needsServer {
        do { server = try Xvfb.start(width: 1600, height: 1400) } catch { failures.append("xvfb: \(error)") }
    }
    var peak: Double?
    if let server {
        section("present") {
            try PresentBench(samples: options.quick ? 30 : 500).run(into: report, display: server.display)
        }
        section("input") {
            try LatencyBench(moves: options.quick ? 40 : 320, baselinePath: options.baselinePath)
                .run(into: report, display: server.display)
        }
        section("pacing") {
            var bench = PacingBench(animations: options.quick ? 2 : 20)
            try bench.run(into: report, display: server.display)
            peak = bench.peakResident
            if !bench.firstFinishIntervals.isEmpty {
                try outputs.writePlot(IntervalPlot.draw(bench.firstFinishIntervals, period: LabSession.period))
            }
        }
        section("process") {
            try ProcessBench(idleSeconds: options.quick ? 1 : 5, launches: options.quick ? 1 : 5)
                .run(into: report, display: server.display, peakResident: peak)
        }
        server.stop()
    }
    section("workload") { try options.workload.run(into: report) }
    do { try outputs.writeJSON(report.json()) } catch { failures.append("\(error)") }
    for failure in failures { FileHandle.standardError.write(Data("modal-bench: \(failure)\n".utf8)) }
    return failures.isEmpty ? 0 : 1
}

exit(runBench())
