import Foundation
import ModalKit
import ModalLabDriver

/// modal-bench [--quick] [--json FILE] [--plot FILE] [--only render,present,input,pacing,process]
/// Measures the lab against the budgets of BENCHMARKS.md and prints one table.
struct BenchOptions {
    var quick = false
    var jsonPath: String?
    var plotPath: String?
    var sections: Set<String> = ["render", "present", "input", "pacing", "process"]

    init(_ arguments: [String]) throws {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--quick": quick = true
            case "--json": jsonPath = rest.popFirst()
            case "--plot": plotPath = rest.popFirst()
            case "--only": sections = Set((rest.popFirst() ?? "").split(separator: ",").map(String.init))
            default: throw BenchError("unknown option \(argument)\nusage: modal-bench [--quick] [--json FILE] [--plot FILE] [--only SECTIONS]")
            }
        }
    }
}

func runBench() -> Int32 {
    let options: BenchOptions
    do { options = try BenchOptions(Array(CommandLine.arguments.dropFirst())) } catch {
        FileHandle.standardError.write(Data("modal-bench: \(error)\n".utf8))
        return 2
    }
    let report = Report()
    report.machine = Machine.describe()
    report.machine["mode"] = options.quick ? "quick" : "full"
    print("modal-bench (\(options.quick ? "quick" : "full")) on \(report.machine["cpu"] ?? "?"), \(report.machine["nproc"] ?? "?") CPUs")
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
        var bench = RenderBench(samples: options.quick ? 12 : 240)
        try bench.run(into: report)
        try InspectorBench(samples: options.quick ? 12 : 240).run(into: report)
    }
    var server: Xvfb?
    let needsServer = !options.sections.isDisjoint(with: ["present", "input", "pacing", "process"])
    if needsServer {
        do { server = try Xvfb.start(width: 1600, height: 1400) } catch { failures.append("xvfb: \(error)") }
    }
    var peak: Double?
    if let server {
        section("present") { try PresentBench(samples: options.quick ? 30 : 500).run(into: report, display: server.display) }
        section("input") { try LatencyBench(moves: options.quick ? 40 : 320).run(into: report, display: server.display) }
        section("pacing") {
            var bench = PacingBench(animations: options.quick ? 2 : 20)
            try bench.run(into: report, display: server.display)
            peak = bench.peakResident
            if let path = options.plotPath, !bench.firstFinishIntervals.isEmpty {
                try PNG.write(IntervalPlot.draw(bench.firstFinishIntervals, period: LabSession.period), to: path)
            }
        }
        section("process") {
            try ProcessBench(idleSeconds: options.quick ? 1 : 5, launches: options.quick ? 1 : 5)
                .run(into: report, display: server.display, peakResident: peak)
        }
        server.stop()
    }
    if let path = options.jsonPath {
        do { try report.json().write(toFile: path, atomically: true, encoding: .utf8) } catch {
            failures.append("json: \(error)")
        }
    }
    for failure in failures { FileHandle.standardError.write(Data("modal-bench: \(failure)\n".utf8)) }
    return failures.isEmpty ? 0 : 1
}

exit(runBench())
