import CX11
import CXTest
import Foundation
import ModalKitTestSupport

/// A real `modal-lab` under an Xvfb, writing its trace to a file, driven with XTest as a user would drive it.
final class LabSession {
    let process: ChildProcess
    let client: XvfbClient
    let window: CX11.Window
    let tracePath: String
    /// CLOCK_MONOTONIC just before the process was spawned.
    let spawnedAt: Double
    /// The window's top-left on the root, in pixels: XTest positions are root positions.
    let origin: (x: Int, y: Int)
    /// One display refresh, seconds (the lab runs at `--fps 60`).
    static let period = 1.0 / 60

    init(display: String, arguments: [String] = []) throws {
        tracePath = "/tmp/modal-bench-\(getpid())-\(LabSession.counter()).jsonl"
        var environment = ChildProcess.currentEnvironment()
        environment["DISPLAY"] = display
        spawnedAt = monotonicNow()
        process = try ChildProcess(LabSession.labPath, arguments: ["--fps", "60", "--scale", "1", "--trace", tracePath]
                                   + arguments, environment: environment)
        client = try XvfbClient(display: display)
        guard let found = client.waitForWindow(class: "ModalLab", timeout: 20) else {
            throw BenchError("modal-lab showed no window: \(process.standardError)")
        }
        window = found
        var x: Int32 = 0, y: Int32 = 0, child: CX11.Window = 0
        XTranslateCoordinates(client.connection, window, client.root, 0, 0, &x, &y, &child)
        origin = (Int(x), Int(y))
    }

    deinit { unlink(tracePath) }

    /// The `modal-lab` built next to this executable.
    static var labPath: String {
        let me = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return (me as NSString).deletingLastPathComponent + "/modal-lab"
    }

    private static var launched = 0
    private static func counter() -> Int { launched += 1; return launched }

    /// Every trace line so far, parsed.
    func trace() -> [[String: Any]] {
        guard let text = try? String(contentsOfFile: tracePath, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
        }
    }

    /// Waits (up to `timeout` s) until the trace holds a line passing `test`; returns it.
    @discardableResult
    func waitForLine(timeout: Double = 10, _ test: ([String: Any]) -> Bool) -> [String: Any]? {
        let deadline = monotonicNow() + timeout
        while monotonicNow() < deadline {
            if let line = trace().first(where: test) { return line }
            pause(0.01)
        }
        return nil
    }

    /// Moves the pointer to (x, y) window pixels and flushes; returns CLOCK_MONOTONIC after the flush.
    @discardableResult
    func move(x: Int, y: Int) -> Double {
        client.movePointer(x: origin.x + x, y: origin.y + y)
        return monotonicNow()
    }

    func button(down: Bool) { client.setButton(1, down: down) }

    /// Presses and releases a key by its keysym.
    func key(_ keysym: Int32) {
        let code = XKeysymToKeycode(client.connection, KeySym(keysym))
        XTestFakeKeyEvent(client.connection, UInt32(code), True, 0)
        XTestFakeKeyEvent(client.connection, UInt32(code), False, 0)
        XFlush(client.connection)
    }

    /// CPU seconds the lab has used so far (user + system, every thread), to the nanosecond.
    func cpuSeconds() -> Double? {
        var clock = clockid_t()
        guard clock_getcpuclockid(process.pid, &clock) == 0 else { return nil }
        var ts = timespec()
        guard clock_gettime(clock, &ts) == 0 else { return nil }
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// The lab's peak resident set (VmHWM) in megabytes.
    func peakResidentMegabytes() -> Double? {
        guard let status = try? String(contentsOfFile: "/proc/\(process.pid)/status", encoding: .utf8) else { return nil }
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
        let kb = line?.split(separator: " ").dropFirst().first.flatMap { Double($0) }
        return kb.map { $0 / 1024 }
    }

    /// Closes the window as a window manager would and waits for the lab to exit.
    func quit() {
        client.sendDeleteWindow(window)
        if process.wait(timeout: 10) == nil { process.kill(SIGKILL); process.wait(timeout: 5) }
    }

    /// Frame lines of the trace in order.
    static func frames(_ lines: [[String: Any]]) -> [[String: Any]] {
        lines.filter { $0["type"] as? String == "frame" }
    }
}
