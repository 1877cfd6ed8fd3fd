import Foundation
import Glibc
import ModalKitTestSupport
import ModalKitXTestSupport
import ModalLabDriver
import Testing

/// Faults from outside under a private Xvfb: the server dying at rest, mid-drag and mid-animation, another client
/// destroying the window, a close request mid-animation. The lab ends at once with one line (or none, for a
/// close), leaves no shared memory segment behind and leaves a trace that is valid JSON to its last line.
@Suite final class LabFaultXTests {
    private var server: Xvfb?
    private var tracePath = ""

    init() throws {
        server = try Xvfb.startOrSkip()
        tracePath = "/tmp/modal-lab-fault-\(getpid())-\(Int.random(in: 0 ..< 1_000_000)).jsonl"
        unlink(tracePath)
    }

    deinit {
        server?.stop()
        server = nil
        unlink(tracePath)
    }

    /// Starts the lab with a trace and waits for its first frame; returns it with its window and segments.
    private func launch(_ options: [String] = []) throws -> (ChildProcess, XWindowID, [Int32]) {
        let display = try #require(server?.display)
        let lab = try LabProcess.launchPinned(
            ["--scene", "interactor", "--scale", "1", "--trace", tracePath] + options,
            display: display)
        let window: XWindowID
        do {
            // This connection closes before any fault: a dying server would take the test process with it.
            let client = try XvfbClient(display: display)
            window = try #require(client.waitForWindow(class: "ModalLab"), Comment(rawValue: lab.standardError))
        }
        #expect(
            LabTrace(path: tracePath).waitFor(from: 0, timeout: 10) { $0.type == "frame" } != nil,
            Comment(rawValue: lab.standardError))
        return (lab, window, SharedMemorySegments.created(by: lab.pid).map(\.id))
    }

    /// Runs xdotool against the test's server (its connection is its own and ends with it).
    private func xdotool(_ arguments: [String]) throws {
        var environment = ChildProcess.currentEnvironment()
        environment["DISPLAY"] = server?.display
        let tool = try ChildProcess("/usr/bin/xdotool", arguments: arguments, environment: environment)
        #expect(tool.wait(timeout: 10) == .exited(0), "xdotool \(arguments): \(tool.standardError)")
    }

    /// Presses in the middle of the window and drags down without releasing, then waits for the drag in the trace.
    private func holdADrag(_ window: XWindowID) throws {
        try xdotool(["mousemove", "--window", "\(window)", "187", "300", "mousedown", "1"])
        for y in stride(from: 310, through: 450, by: 10) {
            try xdotool(["mousemove", "--window", "\(window)", "187", "\(y)"])
        }
        #expect(
            LabTrace(path: tracePath).waitFor(from: 0) { $0.type == "gesture" && $0.string("state") == "changed" }
                != nil)
    }

    /// Escape under --slow: a 6 s dismissal, then waits for it to begin in the trace.
    private func startASlowDismissal(_ window: XWindowID) throws {
        try xdotool(["mousemove", "--window", "\(window)", "187", "600", "key", "Escape"])
        #expect(
            LabTrace(path: tracePath).waitFor(from: 0) {
                $0.type == "transition" && $0.string("event") == "began" && $0.string("kind") == "dismiss"
            } != nil)
    }

    /// The lab ended within `within` seconds as `expected`, with `lines` lines on stderr, its segments gone and
    /// its trace whole.
    private func assertEnded(
        _ lab: ChildProcess, _ segments: [Int32], as expected: ChildProcess.Termination,
        within seconds: Double, stderrLines lines: Int, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let start = ChildProcess.now()
        let ended = lab.wait(timeout: seconds)
        #expect(
            ended == expected,
            "ended \(String(describing: ended)) after \(ChildProcess.now() - start) s: \(lab.standardError)",
            sourceLocation: sourceLocation)
        #expect(
            lab.standardError.split(separator: "\n").count == lines, Comment(rawValue: lab.standardError),
            sourceLocation: sourceLocation)
        #expect(
            segments.count == 1, "one presentation segment while running (it holds what the server shows)",
            sourceLocation: sourceLocation)
        let deadline = ChildProcess.now() + 5
        var left = Set(segments)
        while !left.isEmpty && ChildProcess.now() < deadline {
            left = left.intersection(SharedMemorySegments.all().map(\.id))
            var pause = timespec(tv_sec: 0, tv_nsec: 10_000_000)
            nanosleep(&pause, nil)
        }
        #expect(left == [], "segments outlived the lab", sourceLocation: sourceLocation)
        assertTraceIsWhole(sourceLocation: sourceLocation)
    }

    /// Every line of the trace is a JSON object and the file ends with a newline.
    private func assertTraceIsWhole(sourceLocation: SourceLocation = #_sourceLocation) {
        guard let data = FileManager.default.contents(atPath: tracePath), !data.isEmpty else {
            Issue.record("no trace", sourceLocation: sourceLocation); return
        }
        #expect(data.last == UInt8(ascii: "\n"), "the trace ends mid-line", sourceLocation: sourceLocation)
        for text in data.split(separator: UInt8(ascii: "\n")) {
            let object = try? JSONSerialization.jsonObject(with: Data(text)) as? [String: Any]
            #expect(
                object != nil, "not a JSON object: \(String(decoding: text, as: UTF8.self))",
                sourceLocation: sourceLocation)
        }
    }

    private func killServer() { server?.kill9() }

    @Test func testServerKilledAtRest() throws {
        let (lab, _, segments) = try launch()
        killServer()
        assertEnded(lab, segments, as: .exited(3), within: 1, stderrLines: 1)
    }

    @Test func testServerKilledMidDrag() throws {
        let (lab, window, segments) = try launch()
        try holdADrag(window)
        killServer()
        assertEnded(lab, segments, as: .exited(3), within: 1, stderrLines: 1)
    }

    @Test func testServerKilledMidAnimation() throws {
        let (lab, window, segments) = try launch(["--slow"])
        try startASlowDismissal(window)
        killServer()
        assertEnded(lab, segments, as: .exited(3), within: 1, stderrLines: 1)
    }

    /// `xdotool windowclose` (XDestroyWindow from another client) ends the lab as a close request does.
    @Test func testWindowDestroyedByAnotherClientEndsTheLab() throws {
        let (lab, window, segments) = try launch()
        try xdotool(["windowclose", "\(window)"])
        assertEnded(lab, segments, as: .exited(0), within: 5, stderrLines: 0)
    }

    @Test func testWindowDestroyedMidDragEndsTheLab() throws {
        let (lab, window, segments) = try launch()
        try holdADrag(window)
        try xdotool(["windowclose", "\(window)"])
        assertEnded(lab, segments, as: .exited(0), within: 5, stderrLines: 0)
        try xdotool(["mouseup", "1"])
    }

    /// The window resized 40 times in the middle of a drag (sizes chosen so some shrink past the card), then the
    /// release: the lab settles with the modal filling the window or gone, never stuck, and keeps running.
    @Test func testResizeStormMidDragEndsInALegalState() throws {
        let (lab, window, _) = try launch()
        try holdADrag(window)
        let sizes = [(500, 400), (300, 700), (640, 300), (375, 667)]
        for i in 0 ..< 40 {
            let (w, h) = sizes[i % sizes.count]
            try xdotool([
                "windowsize", "\(window)", "\(w)", "\(h)", "mousemove", "--window", "\(window)", "187", "\(200 + i * 3)"
            ])
        }
        let trace = LabTrace(path: tracePath)
        let mark = trace.mark
        try xdotool(["mouseup", "1"])
        let settled = trace.waitFor(from: mark) { $0.type == "settled" }
        #expect(settled != nil, "the lab came to rest after the storm: \(lab.standardError)")
        // The lab writes `settled` after the frame that shows the rest.
        let last = trace.events(from: mark, type: "frame").last { $0.index < settled?.index ?? .max }
        #expect(last?.card == [0, 0, 375, 667], "the modal fills the final window size")
        #expect(lab.wait(timeout: 0) == nil, "still running: \(lab.standardError)")
        #expect(lab.standardError == "")
        let frames = trace.events(from: 0, type: "frame").compactMap(\.card)
        #expect(frames.contains { $0[2] != 375 }, "the storm reached the lab")
        #expect(
            frames.allSatisfy { $0[1] >= -0.25 * 700 && $0[1] <= 700 },
            "the card stayed in range: \(frames.map { $0[1] })")
    }

    /// WM_DELETE_WINDOW while a (slow) dismissal animates: exit 0 at once, the trace closed whole.
    @Test func testCloseRequestMidAnimationExitsZero() throws {
        let (lab, window, segments) = try launch(["--slow"])
        try startASlowDismissal(window)
        let client = try XvfbClient(display: try #require(server?.display))
        client.sendDeleteWindow(window)
        assertEnded(lab, segments, as: .exited(0), within: 5, stderrLines: 0)
    }
}
