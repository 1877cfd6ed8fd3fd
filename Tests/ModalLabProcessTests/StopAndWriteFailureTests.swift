import Foundation
import Glibc
import ModalKitTestSupport
import ModalKitXTestSupport
import ModalLabDriver
import Testing

/// Ending on a signal, and failing to write, leave outputs whole: every line a complete JSON object, the exit
/// code saying what happened, and at most one line on stderr.
@Suite final class StopAndWriteFailureTests {
    private let fixtures: BadInputFixtures
    private var server: Xvfb?

    init() throws {
        fixtures = try BadInputFixtures()
    }

    deinit {
        server?.stop()
        server = nil
    }

    /// Every line of `path` parses as a JSON object and the file ends with a newline; returns the line count.
    @discardableResult
    private func assertWholeLines(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Int {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(
            text.isEmpty || text.hasSuffix("\n"), "ends mid-line: …\(text.suffix(80))", sourceLocation: sourceLocation)
        let lines = text.split(separator: "\n")
        for (number, object) in lines.enumerated() {
            let parsed = try? JSONSerialization.jsonObject(with: Data(object.utf8)) as? [String: Any]
            #expect(
                parsed != nil, "line \(number + 1) is not a JSON object: \(object.prefix(120))",
                sourceLocation: sourceLocation)
        }
        return lines.count
    }

    private func waitForLines(_ path: String, _ count: Int, timeout: Double = 20) -> Bool {
        let deadline = ChildProcess.now() + timeout
        while ChildProcess.now() < deadline {
            if let text = try? String(contentsOfFile: path, encoding: .utf8), text.split(separator: "\n").count >= count
            {
                return true
            }
            var pause = timespec(tv_sec: 0, tv_nsec: 5_000_000)
            nanosleep(&pause, nil)
        }
        return false
    }

    @Test func testStopSignalsEndAHeadlessReplayCleanly() throws {
        let busy = try OutputSafetyTests.longDrag(in: fixtures)
        for signal in [SIGTERM, SIGINT, SIGHUP, SIGQUIT] {
            let trace = fixtures.path("signal-\(signal).jsonl")
            let lab = try LabProcess.launchPinned(["--headless", "--replay", busy, "--trace", trace], display: nil)
            #expect(waitForLines(trace, 50), "the replay wrote its trace")
            lab.kill(signal)
            #expect(lab.wait(timeout: 5) == .exited(128 + signal), "signal \(signal): \(lab.standardError)")
            #expect(lab.standardError == "", "signal \(signal): no message, no crash report")
            try assertWholeLines(trace)
        }
    }

    @Test func testStopSignalsEndTheLabInAWindowCleanly() throws {
        let xvfb = try Xvfb.startOrSkip()
        server = xvfb
        let client = try XvfbClient(display: xvfb.display)
        for signal in [SIGTERM, SIGINT, SIGHUP, SIGQUIT] {
            let trace = fixtures.path("window-signal-\(signal).jsonl"),
                record = fixtures.path("window-record-\(signal).jsonl")
            let lab = try LabProcess.launchPinned(
                ["--size", "240x400", "--trace", trace, "--record", record], display: xvfb.display)
            #expect(client.waitForWindow(class: "ModalLab") != nil, Comment(rawValue: lab.standardError))
            #expect(waitForLines(trace, 2), "the first frame is traced")
            lab.kill(signal)
            #expect(lab.wait(timeout: 5) == .exited(128 + signal), "signal \(signal): \(lab.standardError)")
            #expect(lab.standardError == "", "signal \(signal)")
            try assertWholeLines(trace)
            try assertWholeLines(record)
            #expect(SharedMemorySegments.created(by: lab.pid) == [], "segments released")
        }
    }

    /// A disk that fills mid-line (a file-size limit does the same): the file is cut back to its last whole line.
    @Test func testAnAlmostFullDiskLeavesOnlyWholeLines() throws {
        let busy = try OutputSafetyTests.longDrag(in: fixtures)
        let trace = fixtures.path("limited.jsonl")
        let command =
            "ulimit -f 8; exec '\(LabProcess.executablePath)' --headless --replay '\(busy)' --trace '\(trace)'"
        let shell = try ChildProcess("/bin/bash", arguments: ["-c", command])
        #expect(shell.wait(timeout: 60) == .exited(1), Comment(rawValue: shell.standardError))
        #expect(shell.standardError == "modal-lab: cannot write trace \(trace): File too large\n")
        let lines = try assertWholeLines(trace)
        #expect(lines > 10, "the lines written before the limit are kept")
    }
}

extension StopAndWriteFailureTests {
    /// Waiting for the other end of a FIFO (a recording streamed in), as a shell redirection does, still gives way
    /// to every stop signal: exit 128 + N, no crash report. (An output FIFO is not waited for: with nothing reading
    /// it, it is refused at once; see `BadInputTableTests.testOutputsToAFIFONobodyReads`.)
    @Test func testWaitingForAFIFOGivesWayToStopSignals() throws {
        let fifo = fixtures.path("out.fifo")
        for signal in [SIGTERM, SIGINT, SIGHUP, SIGQUIT] {
            for arguments in [["--headless", "--replay", fifo, "--trace", "-"]] {
                let lab = try LabProcess.launchPinned(arguments, display: nil)
                var pause = timespec(tv_sec: 0, tv_nsec: 300_000_000)
                nanosleep(&pause, nil)
                #expect(lab.wait(timeout: 0) == nil, "\(arguments) waits for the other end")
                lab.kill(signal)
                #expect(lab.wait(timeout: 5) == .exited(128 + signal), "\(arguments), signal \(signal)")
                #expect(lab.standardError == "", "\(arguments), signal \(signal)")
            }
        }
    }
}
