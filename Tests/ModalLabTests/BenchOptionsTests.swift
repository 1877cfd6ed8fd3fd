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

    /// Stopped mid-workload with SIGTERM (as Ctrl-C or kill would), the bench takes its X server and lab with it.
    func testASignalledBenchLeavesNoServerOrLabRunning() throws {
        try XCTSkipUnless(access(bench, X_OK) == 0, "modal-bench is not built at \(bench)")
        try XCTSkipUnless(access("/usr/bin/Xvfb", X_OK) == 0, "no Xvfb")
        let run = try ChildProcess(bench, arguments: ["workload", "--runs", "1", "--drags", "30", "--no-peer"])
        var children: [pid_t] = []
        let deadline = ChildProcess.now() + 30
        while children.count < 2 && ChildProcess.now() < deadline {
            children = childPIDs(of: run.pid)
            var pause = timespec(tv_sec: 0, tv_nsec: 50_000_000)
            nanosleep(&pause, nil)
        }
        XCTAssertGreaterThanOrEqual(children.count, 2, "the bench started no server and lab within 30 s")
        run.kill(SIGTERM)
        XCTAssertEqual(run.wait(timeout: 10), .exited(128 + SIGTERM))
        let gone = ChildProcess.now() + 10
        while children.contains(where: isRunning) && ChildProcess.now() < gone {
            var pause = timespec(tv_sec: 0, tv_nsec: 20_000_000)
            nanosleep(&pause, nil)
        }
        let left = children.filter(isRunning)
        XCTAssertEqual(left, [], "still running after the bench ended")
        for pid in left { kill(pid, SIGKILL) }
    }

    /// The direct children of `pid`, from /proc.
    private func childPIDs(of pid: pid_t) -> [pid_t] {
        guard let file = fopen("/proc/\(pid)/task/\(pid)/children", "r") else { return [] }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 4096)
        guard fgets(&buffer, Int32(buffer.count), file) != nil else { return [] }
        return String(cString: buffer).split(separator: " ").compactMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    /// True while `pid` exists and is not a zombie.
    private func isRunning(_ pid: pid_t) -> Bool {
        guard let file = fopen("/proc/\(pid)/stat", "r") else { return false }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 512)
        guard fgets(&buffer, Int32(buffer.count), file) != nil else { return false }
        let text = String(cString: buffer)
        guard let close = text.lastIndex(of: ")") else { return false }
        return !text[close...].hasPrefix(") Z")
    }
}
