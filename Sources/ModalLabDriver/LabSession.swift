import CX11
import Glibc
import ModalKitPixels
import Synchronization

/// An X window id, as the driver's calls take and return it.
public typealias XWindowID = CX11.Window

/// A real `modal-lab` under an X server, writing its trace to a file, driven through XTest as a user would drive
/// it: pointer and keys go through the server, never XSendEvent. The X tests and modal-bench both use it.
/// The lab runs at `--scale 1 --fps 60`, so window pixels are points.
public final class LabSession {
    /// Why a session could not start.
    public struct StartError: Error, CustomStringConvertible {
        /// One line naming the problem.
        public let description: String
    }

    /// The lab process.
    public let process: ChildProcess
    /// This session's own connection: XTest input, window lookup, read-back.
    public let client: XvfbClient
    /// The lab's window.
    public let window: XWindowID
    /// The lab's trace, read as it is written.
    public let trace: LabTrace
    /// The display, like ":3".
    public let display: String
    /// CLOCK_MONOTONIC just before the process was spawned.
    public let spawnedAt: Double
    /// The window's top-left on the root, in pixels: XTest positions are root positions.
    public let origin: (x: Int, y: Int)
    /// One display refresh, seconds (the lab runs at `--fps 60`).
    public static let period = 1.0 / 60

    /// Launches `modal-lab` (or another build of it at `executable`) with `arguments` under `display` and waits
    /// up to `windowTimeout` seconds for its window to be viewable.
    public init(
        display: String, arguments: [String] = [], windowTimeout: Double = 20,
        executable: String = LabProcess.executablePath
    ) throws {
        self.display = display
        let tracePath = "/tmp/modal-lab-session-\(getpid())-\(LabSession.nextNumber()).jsonl"
        unlink(tracePath)
        trace = LabTrace(path: tracePath)
        spawnedAt = ChildProcess.now()
        process = try LabProcess.launch(
            ["--fps", "60", "--scale", "1", "--trace", tracePath] + arguments,
            display: display, executable: executable)
        client = try XvfbClient(display: display)
        guard let found = client.waitForWindow(class: "ModalLab", timeout: windowTimeout),
            let origin = client.rootOrigin(of: found)
        else {
            throw StartError(description: "modal-lab showed no window: \(process.standardError)")
        }
        window = found
        self.origin = origin
    }

    deinit {
        if process.termination == nil {
            // A session that ended mid-drag must not leave the button held for the next one on this server.
            client.setButton(down: false)
            process.kill(SIGTERM)
            if process.wait(timeout: 2) == nil { process.kill(SIGKILL); process.wait(timeout: 2) }
        }
        unlink(trace.path)
    }

    /// Closes the window as a window manager would and waits for the lab to exit.
    public func quit() {
        client.sendDeleteWindow(window)
        if process.wait(timeout: 10) == nil { process.kill(SIGKILL); process.wait(timeout: 5) }
    }

    /// Sessions started so far, for unique trace names: tests start them from several threads at once.
    private static let launched = Atomic<Int>(0)
    private static func nextNumber() -> Int { launched.add(1, ordering: .relaxed).newValue }

    // MARK: Input

    /// Moves the pointer to (x, y) window pixels and flushes; returns CLOCK_MONOTONIC after the flush.
    @discardableResult
    public func move(x: Int, y: Int) -> Double {
        client.movePointer(x: origin.x + x, y: origin.y + y)
        return ChildProcess.now()
    }

    /// Moves the pointer to a window point (rounded to a pixel); the server waits `delayMilliseconds` first.
    public func move(to p: (x: Double, y: Double), delayMilliseconds: UInt = 0) {
        client.movePointer(
            x: origin.x + Int(p.x.rounded()), y: origin.y + Int(p.y.rounded()),
            delayMilliseconds: delayMilliseconds)
    }

    /// Presses or releases the primary button.
    public func button(down: Bool, delayMilliseconds: UInt = 0) {
        client.setButton(down: down, delayMilliseconds: delayMilliseconds)
    }

    /// Releases the primary button.
    public func release() { button(down: false) }

    /// Presses at `start`, moves by `offset` in `steps` equal steps `every` milliseconds apart (server-timed), and
    /// releases right after the last move unless `release` is false. Returns the last pointer position.
    @discardableResult
    public func drag(
        from start: (x: Double, y: Double), by offset: (x: Double, y: Double), steps: Int,
        every milliseconds: UInt, release: Bool = true
    ) -> (x: Double, y: Double) {
        move(to: start)
        button(down: true)
        var last = start
        for i in 1 ... max(steps, 1) {
            let f = Double(i) / Double(max(steps, 1))
            last = (start.x + offset.x * f, start.y + offset.y * f)
            move(to: last, delayMilliseconds: milliseconds)
        }
        if release { button(down: false) }
        return last
    }

    /// A press and release in place, as a tap.
    public func click(at p: (x: Double, y: Double)) {
        move(to: p)
        button(down: true)
        button(down: false, delayMilliseconds: 30)
    }

    /// Presses and releases a key; false when no key on the server's keyboard produces it.
    @discardableResult
    public func key(_ key: LabKey) -> Bool { client.tapKey(key.keysym) }

    // MARK: Process

    /// CPU seconds the lab has used so far.
    public func cpuSeconds() -> Double? { ProcessCost.cpuSeconds(of: process.pid) }

    /// The lab's peak resident set in megabytes.
    public func peakResidentMegabytes() -> Double? { ProcessCost.peakResidentMegabytes(of: process.pid) }
}

/// The keys the lab answers to (README's Keys), by what they are called.
public enum LabKey {
    case escape, space, returnKey, up, down, character(Character)

    /// The X keysym that types it.
    public var keysym: Int32 {
        switch self {
        case .escape: return XK_Escape
        case .space: return XK_space
        case .returnKey: return XK_Return
        case .up: return XK_Up
        case .down: return XK_Down
        case .character(let c): return Int32(c.unicodeScalars.first.map { Int($0.value) } ?? 0)
        }
    }
}
