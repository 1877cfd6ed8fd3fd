import Glibc
import ModalKitTestSupport
import ModalKitXTestSupport
import ModalLabDriver
import Foundation
import Testing

/// With an X server there to connect to, a bad output still fails before any window is created, and a trace
/// that cannot be written stops the lab in its window with one line.
@Suite final class OutputsBeforeWindowXTests {
    private var server: Xvfb?
    private let fixtures: BadInputFixtures

    init() throws {
        fixtures = try BadInputFixtures()
    }

    deinit {
        server?.stop()
        server = nil
    }

    @Test func testBadOutputsFailBeforeAnyWindow() throws {
        let xvfb = try Xvfb.startOrSkip()
        server = xvfb
        let client = try XvfbClient(display: xvfb.display)
        let cases: [[String]] = [
            ["--trace", fixtures.path("folder")], ["--screenshot", fixtures.path("folder")],
            ["--trace", "/proc/modal-lab-trace"], ["--record", fixtures.path("no/folder.jsonl")],
            ["--scale", "1000"], ["--fps", "1e-20"], ["--config", fixtures.path("dup.json")]
        ]
        for arguments in cases {
            let lab = try LabProcess.launchPinned(arguments, display: xvfb.display)
            let ended = lab.wait(timeout: 10)
            #expect(ended == .exited(1) || ended == .exited(2), "\(arguments): \(String(describing: ended))")
            #expect(lab.standardError.split(separator: "\n").count == 1, "\(arguments): \(lab.standardError)")
            #expect(client.drainCreatedWindows() == [], "\(arguments) opened a window")
        }
    }

    /// A server at scale 2 picks an image's @2x, known only once connected: one that does not decode stops the
    /// lab with one line (exit 2), and the trace and recording it had made are gone again (they were left empty).
    @Test func testAnImageBrokenAtTheServersScaleLeavesNoFiles() throws {
        let xvfb = try Xvfb.startOrSkip()
        server = xvfb
        try XvfbClient(display: xvfb.display).setResources("Xft.dpi:\t192\n")
        try fixtures.write("screen@2x.png", "not a PNG at 2x")
        let made = [fixtures.path("made-trace.jsonl"), fixtures.path("made-recording.jsonl")]
        let lab = try LabProcess.launchPinned(
            ["--scene-file", fixtures.path("scene.json"), "--trace", made[0], "--record", made[1]],
            display: xvfb.display)
        #expect(lab.wait(timeout: 10) == .exited(2), Comment(rawValue: lab.standardError))
        #expect(
            lab.standardError
                == "modal-lab: scene file \(fixtures.path("scene.json")): presenting image: cannot read PNG "
                + "\(fixtures.path("screen@2x.png")): not a PNG file (see modal-lab --help)\n")
        #expect(made.filter { access($0, F_OK) == 0 } == [], "a failed start left files behind")
    }

    @Test func testATraceThatCannotBeWrittenStopsTheLabInItsWindow() throws {
        let xvfb = try Xvfb.startOrSkip()
        server = xvfb
        let lab = try LabProcess.launchPinned(["--size", "240x400", "--trace", "/dev/full"], display: xvfb.display)
        #expect(lab.wait(timeout: 10) == .exited(1), Comment(rawValue: lab.standardError))
        #expect(lab.standardError == "modal-lab: cannot write trace /dev/full: No space left on device\n")
        #expect(SharedMemorySegments.created(by: lab.pid) == [], "segments released")
    }
}
