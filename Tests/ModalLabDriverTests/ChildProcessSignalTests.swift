import Foundation
import Glibc
import ModalLabDriver
import XCTest

/// A child starts with the signals a shell would give it, whatever the test process did to its own: a lab run in
/// the test process (`RenderCommand.run`, `LabMain.run`) blocks SIGTERM, SIGINT, SIGHUP and SIGQUIT for its
/// signalfd and ignores SIGPIPE, and a child inheriting that outlived every SIGTERM. Each Xvfb then took the
/// 5 s of `stop()`'s grace before SIGKILL, in every X test that ran after such a test.
final class ChildProcessSignalTests: XCTestCase {
    func testAChildOfAProcessBlockingSIGTERMStillEndsOnIt() throws {
        var blocked = sigset_t(), previous = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        let child = try ChildProcess("/bin/sleep", arguments: ["30"])
        child.kill(SIGTERM)
        XCTAssertEqual(child.wait(timeout: 2), .signaled(SIGTERM), "the child kept the parent's blocked SIGTERM")
    }

    func testAChildOfAProcessIgnoringSIGPIPEHasItsDefault() throws {
        let before = signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGPIPE, before) }
        let child = try ChildProcess("/bin/sleep", arguments: ["30"])
        defer { child.kill(SIGKILL) }
        // The kernel's own account of what the child ignores: a hexadecimal mask, bit N - 1 for signal N.
        let status = try String(contentsOfFile: "/proc/\(child.pid)/status", encoding: .utf8)
        let ignored = try XCTUnwrap(
            status.split(separator: "\n").first { $0.hasPrefix("SigIgn:") }.flatMap {
                UInt64($0.dropFirst("SigIgn:".count).trimmingCharacters(in: .whitespaces), radix: 16)
            })
        XCTAssertEqual(ignored & (1 << (UInt64(SIGPIPE) - 1)), 0, "the child kept the parent's ignored SIGPIPE")
    }
}
