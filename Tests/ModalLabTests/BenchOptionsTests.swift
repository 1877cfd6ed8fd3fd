import Glibc
import ModalLabDriver
import XCTest

/// modal-bench's options fail the way the lab's do: one line naming the problem, exit 2, nothing measured.
final class BenchOptionsTests: XCTestCase {
    private var bench: String {
        let lab = LabProcess.executablePath
        return String(lab[..<(lab.lastIndex(of: "/") ?? lab.startIndex)]) + "/modal-bench"
    }

    func testABaselineThatIsNotAnExecutableFileIsRefusedBeforeAnythingRuns() throws {
        try XCTSkipUnless(access(bench, X_OK) == 0, "modal-bench is not built at \(bench)")
        let plain = "/tmp/modalkit-bench-options-\(getpid())"
        let fd = open(plain, O_CREAT | O_WRONLY | O_TRUNC, 0o644)
        XCTAssertGreaterThanOrEqual(fd, 0)
        close(fd)
        defer { unlink(plain) }
        for path in ["/nonexistent/modal-lab", "/dev/null", "/tmp", plain] {
            let run = try ChildProcess(bench, arguments: ["workload", "--baseline", path])
            let ended = run.wait(timeout: 30)
            if ended == nil { run.kill(SIGKILL) }
            XCTAssertEqual(ended, .exited(2), path)
            XCTAssertEqual(run.standardError, "modal-bench: --baseline: \(path) is not an executable file\n", path)
            XCTAssertEqual(run.standardOutput, "", path)
        }
    }

    func testABaselineWithoutAValueIsRefused() throws {
        try XCTSkipUnless(access(bench, X_OK) == 0, "modal-bench is not built at \(bench)")
        let run = try ChildProcess(bench, arguments: ["workload", "--baseline"])
        XCTAssertEqual(run.wait(timeout: 30), .exited(2))
        XCTAssertEqual(run.standardError, "modal-bench: --baseline needs a value (see modal-bench --help)\n")
    }
}
