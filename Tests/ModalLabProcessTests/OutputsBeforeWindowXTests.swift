import Glibc
import ModalKitTestSupport
import ModalKitXTestSupport
import ModalLabDriver
import XCTest

/// With an X server there to connect to, a bad output still fails before any window is created, and a trace
/// that cannot be written stops the lab in its window with one line.
final class OutputsBeforeWindowXTests: XCTestCase {
    private var server: Xvfb?
    private var fixtures: BadInputFixtures!

    override func setUpWithError() throws {
        fixtures = try BadInputFixtures()
    }

    override func tearDown() {
        server?.stop()
        server = nil
        fixtures = nil
        super.tearDown()
    }

    func testBadOutputsFailBeforeAnyWindow() throws {
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
            XCTAssertTrue(ended == .exited(1) || ended == .exited(2), "\(arguments): \(String(describing: ended))")
            XCTAssertEqual(lab.standardError.split(separator: "\n").count, 1, "\(arguments): \(lab.standardError)")
            XCTAssertEqual(client.drainCreatedWindows(), [], "\(arguments) opened a window")
        }
    }

    /// A server at scale 2 picks an image's @2x, known only once connected: one that does not decode stops the
    /// lab with one line (exit 2), and the trace and recording it had made are gone again (they were left empty).
    func testAnImageBrokenAtTheServersScaleLeavesNoFiles() throws {
        let xvfb = try Xvfb.startOrSkip()
        server = xvfb
        try XvfbClient(display: xvfb.display).setResources("Xft.dpi:\t192\n")
        try fixtures.write("screen@2x.png", "not a PNG at 2x")
        let made = [fixtures.path("made-trace.jsonl"), fixtures.path("made-recording.jsonl")]
        let lab = try LabProcess.launchPinned(
            ["--scene-file", fixtures.path("scene.json"), "--trace", made[0], "--record", made[1]],
            display: xvfb.display)
        XCTAssertEqual(lab.wait(timeout: 10), .exited(2), lab.standardError)
        XCTAssertEqual(
            lab.standardError,
            "modal-lab: scene file \(fixtures.path("scene.json")): presenting image: cannot read PNG "
                + "\(fixtures.path("screen@2x.png")): not a PNG file (see modal-lab --help)\n")
        XCTAssertEqual(made.filter { access($0, F_OK) == 0 }, [], "a failed start left files behind")
    }

    func testATraceThatCannotBeWrittenStopsTheLabInItsWindow() throws {
        let xvfb = try Xvfb.startOrSkip()
        server = xvfb
        let lab = try LabProcess.launchPinned(["--size", "240x400", "--trace", "/dev/full"], display: xvfb.display)
        XCTAssertEqual(lab.wait(timeout: 10), .exited(1), lab.standardError)
        XCTAssertEqual(lab.standardError, "modal-lab: cannot write trace /dev/full: No space left on device\n")
        XCTAssertEqual(SharedMemorySegments.created(by: lab.pid), [], "segments released")
    }
}
