import Foundation
import Glibc
import ModalLabDriver
import XCTest

/// `modal-lab plot` given inputs that once trapped, hung or said too little: numbers near Double's limit, a FIFO,
/// an idle standard input, a scale that makes no pixels, a long path, `--help`.
final class PlotCommandInputTests: XCTestCase {
    private let folder = NSTemporaryDirectory() + "plot-input-\(getpid())"

    override func setUpWithError() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: folder) }

    /// A trace of one drag and its release, with `huge` in place of the number named by `field`.
    private func trace(_ field: String, _ huge: String) -> String {
        let t = field == "t" ? huge : "1.03", y = field == "y" ? huge : "40", v = field == "velocity" ? huge : "1200"
        let lines = [
            #"{"t":0,"type":"scene","name":"pannable","threshold_y":333.5,"velocity_threshold":1500}"#,
            #"{"t":0.9,"type":"frame","phase":"idle","progress":0,"card":[0,0,375,667],"pointer":[187,100]}"#,
            #"{"t":1,"type":"gesture","state":"began","translation":[0,11],"velocity":[0,0]}"#,
            #"{"t":1.016,"type":"frame","phase":"interactive","progress":0.1,"card":[0,\#(y),375,667],"pointer":[187,140]}"#,
            #"{"t":\#(t),"type":"gesture","state":"ended","translation":[0,50],"velocity":[0,\#(v)],"estimates":{"quadratic":[0,\#(v)]},"estimator":"quadratic"}"#,
            #"{"t":1.3,"type":"settled","top":"presenting"}"#
        ]
        let path = folder + "/\(field)-\(huge).jsonl"
        FileManager.default.createFile(atPath: path, contents: Data(lines.joined(separator: "\n").utf8))
        return path
    }

    private func plot(_ arguments: [String], stdin: Int32? = nil) throws -> ChildProcess {
        try ChildProcess(
            LabProcess.executablePath, arguments: ["plot"] + arguments, environment: nil,
            dup2: stdin.map { [(parent: $0, child: Int32(0))] } ?? [])
    }

    /// A pipe whose ends close on exec: the child gets only the read end, as its stdin, so closing the write end
    /// here is its end of file.
    private func privatePipe() throws -> [Int32] {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw XCTSkip("no pipe") }
        for fd in ends { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return ends
    }

    func testNumbersNearDoublesLimitDrawAPlot() throws {
        for field in ["velocity", "y", "t"] {
            for huge in ["1.7e308", "-1.7e308", "1e300"] {
                let out = folder + "/\(field)\(huge).png"
                let process = try plot([trace(field, huge), out])
                XCTAssertEqual(process.wait(timeout: 30), .exited(0), "\(field) \(huge): \(process.standardError)")
                XCTAssertEqual(access(out, F_OK), 0, "\(field) \(huge): the plot is written")
            }
        }
    }

    func testAFIFOIsRefusedAtOnce() throws {
        let fifo = folder + "/trace.fifo"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let process = try plot([fifo, folder + "/out.png"])
        XCTAssertEqual(process.wait(timeout: 5), .exited(1), process.standardError)
        XCTAssertEqual(
            process.standardError, "modal-lab plot: cannot read trace \(fifo): it is a FIFO, not a regular file\n")
    }

    /// `plot -` reads standard input; while it waits there, every stop signal ends it with 128 + N and no file.
    func testWaitingOnStandardInputGivesWayToStopSignals() throws {
        for signal in [SIGTERM, SIGINT, SIGHUP] {
            let ends = try privatePipe()
            let out = folder + "/stdin-\(signal).png"
            let process = try plot(["-", out], stdin: ends[0])
            close(ends[0])
            var pause = timespec(tv_sec: 0, tv_nsec: 300_000_000)
            nanosleep(&pause, nil)
            XCTAssertNil(process.wait(timeout: 0), "waits for the trace")
            process.kill(signal)
            XCTAssertEqual(
                process.wait(timeout: 5), .exited(128 + signal), "signal \(signal): \(process.standardError)")
            XCTAssertNotEqual(access(out, F_OK), 0, "no output")
            close(ends[1])
        }
    }

    func testATraceOnStandardInputIsPlotted() throws {
        let ends = try privatePipe()
        let out = folder + "/from-stdin.png"
        let process = try plot(["-", out], stdin: ends[0])
        close(ends[0])
        let text = try String(contentsOfFile: trace("none", "0"), encoding: .utf8)
        _ = text.utf8CString.withUnsafeBufferPointer { write(ends[1], $0.baseAddress, $0.count - 1) }
        close(ends[1])
        XCTAssertEqual(process.wait(timeout: 30), .exited(0), process.standardError)
        XCTAssertEqual(access(out, F_OK), 0)
    }

    func testBadArgumentsAndFilesSayWhy() throws {
        let good = trace("none", "0"), out = folder + "/out.png"
        let long = "/nonexistent/" + String(repeating: "a", count: 300)
        let cases: [([String], Int32, String)] = [
            ([good, out, "--scale", "1e-300"], 2, "--scale needs a number from 0.5 to 4, not '1e-300'"),
            ([good, out, "--scale", "100"], 2, "--scale needs a number from 0.5 to 4, not '100'"),
            (
                ["/nonexistent/trace.jsonl", out], 1,
                "cannot read trace /nonexistent/trace.jsonl: No such file or directory"
            ),
            ([long, out], 1, "cannot read trace " + String(long.prefix(80)) + "…: No such file or directory"),
            ([good, out, "--bad\u{1b}[2J"], 2, "unknown option '--bad\\u{1b}[2J' for plot")
        ]
        for (arguments, code, line) in cases {
            let process = try plot(arguments)
            XCTAssertEqual(process.wait(timeout: 20), .exited(code), process.standardError)
            XCTAssertEqual(process.standardError, "modal-lab plot: \(line)\n")
        }
        XCTAssertNotEqual(access(out, F_OK), 0, "nothing written")
    }

    /// The output rule `render` follows: the plot never replaces the trace it reads, named twice, through a
    /// link, or as standard input. Nothing is written and the trace is whole.
    func testThePlotNeverReplacesItsTrace() throws {
        let good = trace("none", "0"), link = folder + "/link.jsonl"
        let text = try String(contentsOfFile: good, encoding: .utf8)
        XCTAssertEqual(symlink(good, link), 0)
        let input = open(good, O_RDONLY | O_CLOEXEC)
        defer { close(input) }
        let cases: [([String], Int32?, String)] = [
            ([good, good], nil, good), ([good, link], nil, link), ([link, good], nil, good), (["-", good], input, good)
        ]
        for (arguments, stdin, out) in cases {
            let process = try plot(arguments, stdin: stdin)
            XCTAssertEqual(process.wait(timeout: 20), .exited(2), "\(arguments): \(process.standardError)")
            XCTAssertEqual(process.standardError, "modal-lab plot: TRACE and OUT name the same file '\(out)'\n")
            XCTAssertEqual(try String(contentsOfFile: good, encoding: .utf8), text, "\(arguments): the trace is whole")
        }
    }

    func testHelpIsAnAnswerAndTheLabsHelpNamesPlot() throws {
        for flag in ["--help", "-h"] {
            let process = try plot([flag])
            XCTAssertEqual(process.wait(timeout: 10), .exited(0), process.standardError)
            XCTAssertTrue(
                process.standardOutput.hasPrefix("usage: modal-lab plot TRACE.jsonl|- OUT.png"), process.standardOutput)
            XCTAssertEqual(process.standardError, "")
        }
        let lab = try LabProcess.launch(["--help"], display: nil)
        XCTAssertEqual(lab.wait(timeout: 10), .exited(0))
        XCTAssertTrue(lab.standardOutput.contains("\nplot: modal-lab plot TRACE.jsonl|- OUT.png"), lab.standardOutput)
    }
}
