import Foundation
import Glibc
import ModalKitTestSupport
import ModalKitXTestSupport
import ModalLabDriver
import Testing

/// The lab's X server stopped (SIGSTOP, as a debugger or a frozen session does): SIGTERM and SIGINT still end the
/// lab within `StopSignals.stuckGrace` (1 s) and a margin, with 128 + N, nothing printed, the trace and the
/// recording whole to their last line and the export written. It used to wait in an X call's poll (closing the
/// connection, or presenting) until the server resumed, for ever if it never did.
@Suite final class StoppedServerXTests {
    private var server: Xvfb?
    private var folder = ""

    init() throws {
        server = try Xvfb.startOrSkip()
        folder = "/tmp/modal-lab-stopped-\(getpid())-\(Int.random(in: 0 ..< 1_000_000))"
        #expect(mkdir(folder, 0o755) == 0)
    }

    deinit {
        if let server {
            kill(server.pid, SIGCONT)
            server.stop()
        }
        server = nil
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Every line of `path` parses as a JSON object and the file ends with a newline; returns the line count.
    @discardableResult
    private func assertWholeLines(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Int {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasSuffix("\n"), "ends mid-line: …\(text.suffix(80))", sourceLocation: sourceLocation)
        let lines = text.split(separator: "\n")
        for (number, object) in lines.enumerated() {
            let parsed = try? JSONSerialization.jsonObject(with: Data(object.utf8)) as? [String: Any]
            #expect(parsed != nil, "line \(number + 1): \(object.prefix(120))", sourceLocation: sourceLocation)
        }
        return lines.count
    }

    /// Starts the lab with `options`, a trace, a recording and an export, waits for its first frame, stops the
    /// server, sends `signal`, and checks how the lab ended.
    private func stopServerThenSignal(
        _ options: [String], _ signal: Int32, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let xvfb = try #require(server)
        let name = "\(signal)-\(options.count)"
        let trace = "\(folder)/trace-\(name).jsonl", record = "\(folder)/record-\(name).jsonl",
            export = "\(folder)/export-\(name).swift"
        let lab = try LabProcess.launchPinned(
            options + ["--size", "240x400", "--trace", trace, "--record", record, "--export", export],
            display: xvfb.display)
        defer {
            if lab.wait(timeout: 0) == nil {
                lab.kill(SIGKILL)
                _ = lab.wait(timeout: 5)
            }
        }
        #expect(
            LabTrace(path: trace).waitFor(from: 0, timeout: 20) { $0.type == "frame" } != nil,
            Comment(rawValue: lab.standardError), sourceLocation: sourceLocation)
        #expect(kill(xvfb.pid, SIGSTOP) == 0)
        defer { kill(xvfb.pid, SIGCONT) }
        let start = ChildProcess.now()
        lab.kill(signal)
        #expect(
            lab.wait(timeout: 5) == .exited(128 + signal), "\(options): \(lab.standardError)",
            sourceLocation: sourceLocation)
        #expect(ChildProcess.now() - start < 3, "\(options)", sourceLocation: sourceLocation)
        #expect(lab.standardError == "", "\(options)", sourceLocation: sourceLocation)
        try assertWholeLines(trace, sourceLocation: sourceLocation)
        try assertWholeLines(record, sourceLocation: sourceLocation)
        #expect(access(export, F_OK) == 0, "\(options): the export was written", sourceLocation: sourceLocation)
        let temporaries = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.hasPrefix(".modalkit") }
        #expect(temporaries == [], "\(options)", sourceLocation: sourceLocation)
    }

    @Test func testSIGTERMEndsTheLabWhoseServerIsStopped() throws {
        try stopServerThenSignal(["--scene", "sheet"], SIGTERM)
    }

    @Test func testSIGINTEndsTheLabWhoseServerIsStoppedWithXPutImage() throws {
        try stopServerThenSignal(["--scene", "sheet", "--no-shm"], SIGINT)
    }

    @Test func testSIGTERMEndsACompareWhoseServerIsStopped() throws {
        try stopServerThenSignal(["--scene", "pannable", "--compare", "minimumScreenRatioToHide=0.25"], SIGTERM)
    }
}
