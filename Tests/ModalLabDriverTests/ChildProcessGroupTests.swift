import Glibc
import ModalLabDriver
import XCTest

/// A lab started through a wrapper script that does not `exec` it (`modal-bench workload --baseline wrapper`):
/// ending the child ends the wrapper's children too.
final class ChildProcessGroupTests: XCTestCase {
    private var script = ""

    override func setUpWithError() throws {
        script = "/tmp/modalkit-wrapper-\(getpid()).sh"
        // The wrapper's child stands for the lab: it outlives a SIGTERM to the wrapper unless the group is signalled.
        let text = "#!/bin/sh\nsleep 300\n"
        let fd = open(script, O_WRONLY | O_CREAT | O_TRUNC, 0o755)
        XCTAssertGreaterThanOrEqual(fd, 0)
        _ = text.withCString { write(fd, $0, strlen($0)) }
        close(fd)
    }

    override func tearDown() {
        unlink(script)
        super.tearDown()
    }

    func testEndingAWrappedLabEndsWhatTheWrapperStarted() throws {
        let wrapper = try LabProcess.launch([], display: nil, executable: script)
        var children: [pid_t] = []
        let deadline = ChildProcess.now() + 10
        while children.isEmpty && ChildProcess.now() < deadline {
            children = childPIDs(of: wrapper.pid)
            var pause = timespec(tv_sec: 0, tv_nsec: 10_000_000)
            nanosleep(&pause, nil)
        }
        XCTAssertEqual(children.count, 1, "the wrapper started its child")
        wrapper.kill(SIGTERM)
        XCTAssertNotNil(wrapper.wait(timeout: 10))
        let gone = ChildProcess.now() + 10
        while children.contains(where: isRunning) && ChildProcess.now() < gone {
            var pause = timespec(tv_sec: 0, tv_nsec: 10_000_000)
            nanosleep(&pause, nil)
        }
        let left = children.filter(isRunning)
        XCTAssertEqual(left, [], "the wrapper's child outlived it")
        for pid in left { kill(pid, SIGKILL) }
    }

    /// The direct children of `pid`, from /proc.
    private func childPIDs(of pid: pid_t) -> [pid_t] {
        guard let file = fopen("/proc/\(pid)/task/\(pid)/children", "r") else { return [] }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 4096)
        guard fgets(&buffer, Int32(buffer.count), file) != nil else { return [] }
        return String(cString: buffer).split(separator: " ").compactMap { pid_t(String($0).filter(\.isNumber)) }
    }

    /// True while `pid` exists and is not a zombie (an orphan is reaped by init, so a zombie is as good as gone).
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
