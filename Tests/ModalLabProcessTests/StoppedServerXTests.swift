import Foundation
import Glibc
import ModalKitTestSupport
import ModalKitXTestSupport
import ModalLabDriver
import XCTest

/// The lab's X server stopped (SIGSTOP, as a debugger or a frozen session does): SIGTERM and SIGINT still end the
/// lab within `StopSignals.stuckGrace` (1 s) and a margin, with 128 + N, nothing printed, the trace and the
/// recording whole to their last line and the export written. It used to wait in an X call's poll (closing the
/// connection, or presenting) until the server resumed, for ever if it never did.
final class StoppedServerXTests: XCTestCase {
    private var server: Xvfb?
    private var folder = ""

    override func setUpWithError() throws {
        server = try Xvfb.startOrSkip()
        folder = "/tmp/modal-lab-stopped-\(getpid())-\(Int.random(in: 0 ..< 1_000_000))"
        XCTAssertEqual(mkdir(folder, 0o755), 0)
    }

    override func tearDown() {
        if let server {
            kill(server.pid, SIGCONT)
            server.stop()
        }
        server = nil
        try? FileManager.default.removeItem(atPath: folder)
        super.tearDown()
    }

    /// Every line of `path` parses as a JSON object and the file ends with a newline; returns the line count.
    @discardableResult
    private func assertWholeLines(_ path: String, file: StaticString = #filePath, line: UInt = #line) throws -> Int {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertTrue(text.hasSuffix("\n"), "ends mid-line: …\(text.suffix(80))", file: file, line: line)
        let lines = text.split(separator: "\n")
        for (number, object) in lines.enumerated() {
            let parsed = try? JSONSerialization.jsonObject(with: Data(object.utf8)) as? [String: Any]
            XCTAssertNotNil(parsed, "line \(number + 1): \(object.prefix(120))", file: file, line: line)
        }
        return lines.count
    }

    /// Starts the lab with `options`, a trace, a recording and an export, waits for its first frame, stops the
    /// server, sends `signal`, and checks how the lab ended.
    private func stopServerThenSignal(
        _ options: [String], _ signal: Int32, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let xvfb = try XCTUnwrap(server)
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
        XCTAssertNotNil(
            LabTrace(path: trace).waitFor(from: 0, timeout: 20) { $0.type == "frame" }, lab.standardError,
            file: file, line: line)
        XCTAssertEqual(kill(xvfb.pid, SIGSTOP), 0)
        defer { kill(xvfb.pid, SIGCONT) }
        let start = ChildProcess.now()
        lab.kill(signal)
        XCTAssertEqual(
            lab.wait(timeout: 5), .exited(128 + signal), "\(options): \(lab.standardError)", file: file, line: line)
        XCTAssertLessThan(ChildProcess.now() - start, 3, "\(options)", file: file, line: line)
        XCTAssertEqual(lab.standardError, "", "\(options)", file: file, line: line)
        try assertWholeLines(trace, file: file, line: line)
        try assertWholeLines(record, file: file, line: line)
        XCTAssertEqual(access(export, F_OK), 0, "\(options): the export was written", file: file, line: line)
        let temporaries = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.hasPrefix(".modalkit") }
        XCTAssertEqual(temporaries, [], "\(options)", file: file, line: line)
    }

    func testSIGTERMEndsTheLabWhoseServerIsStopped() throws {
        try stopServerThenSignal(["--scene", "sheet"], SIGTERM)
    }

    func testSIGINTEndsTheLabWhoseServerIsStoppedWithXPutImage() throws {
        try stopServerThenSignal(["--scene", "sheet", "--no-shm"], SIGINT)
    }

    func testSIGTERMEndsACompareWhoseServerIsStopped() throws {
        try stopServerThenSignal(["--scene", "pannable", "--compare", "minimumScreenRatioToHide=0.25"], SIGTERM)
    }
}
