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
            children = ProcessTree.children(of: wrapper.pid)
            var pause = timespec(tv_sec: 0, tv_nsec: 10_000_000)
            nanosleep(&pause, nil)
        }
        XCTAssertEqual(children.count, 1, "the wrapper started its child")
        wrapper.kill(SIGTERM)
        XCTAssertNotNil(wrapper.wait(timeout: 10))
        let gone = ChildProcess.now() + 10
        while children.contains(where: ProcessTree.isRunning) && ChildProcess.now() < gone {
            var pause = timespec(tv_sec: 0, tv_nsec: 10_000_000)
            nanosleep(&pause, nil)
        }
        let left = children.filter(ProcessTree.isRunning)
        XCTAssertEqual(left, [], "the wrapper's child outlived it")
        for pid in left { kill(pid, SIGKILL) }
    }
}
