import CX11
import Glibc
import ModalKitPixels
import ModalKitTestSupport
import XCTest

/// A point in the lab window, in points (the lab runs at scale 1, so also window pixels).
typealias LabXPoint = (x: Double, y: Double)

/// One `modal-lab` under a test's Xvfb, with its trace, driven like a user through XTest: the pointer and keys
/// go through the server, never XSendEvent. Positions are window points; the lab runs at `--scale 1`.
final class LabXSession {
    let process: ChildProcess
    let client: XvfbClient
    let window: Window
    let trace: LabXTrace
    private let origin: (x: Int, y: Int)
    private let tracePath: String
    private let display: String

    /// Window height in points at the default size.
    static let height = 667.0
    /// Window width in points at the default size.
    static let width = 375.0

    /// Launches `--scene scene` with `--set` assignments, waits for the window and for the first frame and rest.
    init(scene: String, settings: [String] = [], hud: Bool = false, display: String,
         file: StaticString = #filePath, line: UInt = #line) throws {
        self.display = display
        tracePath = "/tmp/labx-trace-\(getpid())-\(LabXSession.nextNumber()).jsonl"
        unlink(tracePath)
        var arguments = ["--scene", scene, "--scale", "1", "--fps", "60", "--trace", tracePath]
        arguments += settings.flatMap { ["--set", $0] }
        if !hud { arguments.append("--no-hud") }
        process = try LabProcess.launch(arguments, display: display, file: file, line: line)
        client = try XvfbClient(display: display)
        window = try XCTUnwrap(client.waitForWindow(class: "ModalLab"), process.standardError, file: file, line: line)
        origin = try XCTUnwrap(client.rootOrigin(of: window), file: file, line: line)
        trace = LabXTrace(path: tracePath)
        let firstFrame = trace.waitFor(from: 0, timeout: 10) { $0.type == "frame" }
        _ = try XCTUnwrap(firstFrame, "no frame in the trace: \(process.standardError)", file: file, line: line)
        // Keys go to the window under the pointer (Xvfb's focus is PointerRoot with no window manager).
        move(to: (Self.width / 2, Self.height - 40))
    }

    deinit {
        // A test that failed mid-drag must not leave the button held for the next one on this server.
        client.setButton(down: false)
        process.kill(SIGTERM)
        if process.wait(timeout: 2) == nil { process.kill(SIGKILL); process.wait(timeout: 2) }
        unlink(tracePath)
    }

    // MARK: Input

    func move(to p: LabXPoint, delayMilliseconds: UInt = 0) {
        client.movePointer(x: origin.x + Int(p.x.rounded()), y: origin.y + Int(p.y.rounded()),
                           delayMilliseconds: delayMilliseconds)
    }

    /// Presses at `start`, moves by `offset` in `steps` equal steps `every` milliseconds apart (server-timed), and
    /// releases right after the last move unless `release` is false. Returns the last pointer position.
    @discardableResult
    func drag(from start: LabXPoint, by offset: LabXPoint, steps: Int, every milliseconds: UInt,
              release: Bool = true) -> LabXPoint {
        move(to: start)
        client.setButton(down: true)
        var last = start
        for i in 1 ... steps {
            let f = Double(i) / Double(steps)
            last = (start.x + offset.x * f, start.y + offset.y * f)
            move(to: last, delayMilliseconds: milliseconds)
        }
        if release { client.setButton(down: false) }
        return last
    }

    /// A press and release in place, as a tap.
    func click(at p: LabXPoint) {
        move(to: p)
        client.setButton(down: true)
        client.setButton(down: false, delayMilliseconds: 30)
    }

    func release() { client.setButton(down: false) }

    func key(_ keysym: Int32) {
        XCTAssertTrue(client.tapKey(keysym), "no keycode for keysym \(keysym)")
    }

    // MARK: Reading the trace

    /// Waits for the next `settled` line at `from` or later and the frame drawn after it; fails the test if
    /// nothing comes to rest within `timeout` seconds.
    func waitForRest(from start: Int, timeout: Double = 15, file: StaticString = #filePath,
                     line: UInt = #line) -> (top: String?, lastFrame: LabXEvent?) {
        guard let settled = trace.waitFor(from: start, timeout: timeout, { $0.type == "settled" }) else {
            XCTFail("nothing settled within \(timeout) s: \(summary(from: start)); \(serverSideState())", file: file, line: line)
            return (nil, nil)
        }
        // The frame that shows the rest is drawn right after the tick that settled.
        let frame = trace.waitFor(from: settled.index, timeout: 2) { $0.type == "frame" }
            ?? trace.events(from: 0, type: "frame").last(where: { $0.index < settled.index })
        return (settled.string("top"), frame)
    }

    /// The trace from `start` in short form, for failure messages.
    func summary(from start: Int) -> String {
        trace.events(from: start).filter { $0.type != "frame" }.map { event in
            [event.type, event.string("state"), event.string("event"), event.string("kind"), event.string("top")]
                .compactMap { $0 }.joined(separator: " ")
        }.joined(separator: "; ")
    }

    /// Where the server has the pointer and the last frame's pointer, asked on a second connection (this one may
    /// be asleep in the server on a delayed XTest request), for failure messages.
    func serverSideState() -> String {
        var text = "last frame pointer \(trace.events(from: 0, type: "frame").last?.pointer ?? [])"
        if let spy = try? XvfbClient(display: display) {
            var r: Window = 0, c: Window = 0
            var rx: Int32 = 0, ry: Int32 = 0, wx: Int32 = 0, wy: Int32 = 0, mask: UInt32 = 0
            XQueryPointer(spy.connection, spy.root, &r, &c, &rx, &ry, &wx, &wy, &mask)
            text += ", server pointer \(Int(rx) - origin.x),\(Int(ry) - origin.y) buttons 0x\(String(mask, radix: 16))"
        }
        return text + ", lab \(process.wait(timeout: 0).map { "ended \($0)" } ?? "running")"
    }

    /// What the window shows once two reads in a row agree (a frame may be on its way to the server).
    func stableCapture(file: StaticString = #filePath, line: UInt = #line) -> Bitmap? {
        var previous = client.captureWindow(window)
        for _ in 0 ..< 20 {
            let next = client.captureWindow(window)
            if let next, next == previous { return next }
            previous = next
        }
        XCTFail("the window kept changing", file: file, line: line)
        return nil
    }

    private static var launched = 0
    private static func nextNumber() -> Int { launched += 1; return launched }
}
