import CX11
import Glibc
import ModalKitTestSupport
import XCTest

/// An Xvfb with a desktop program running on it (a reparenting window manager or a compositing manager), and the
/// lab launched there, found wherever the manager put its window, driven through XTest.
final class DesktopSession {
    let server: Xvfb
    let manager: ChildProcess
    /// Closed before the server stops: a connection to a dead server would end the test process.
    private(set) var client: XvfbClient!
    private(set) var lab: ChildProcess?
    private(set) var window: Window = 0
    let tracePath: String
    let trace: LabXTrace

    /// Starts Xvfb and `manager` (a path), and waits until `ready` says the manager has taken over the screen.
    init(manager path: String, arguments: [String] = [], ready: (XvfbClient) -> Bool) throws {
        guard access(path, X_OK) == 0 else {
            if ProcessInfo.processInfo.environment["CI"] == "true" { throw XCTSkip("\(path) missing under CI=true: install it with .ci/deps --test") }
            throw XCTSkip("\(path) is not installed")
        }
        server = try Xvfb.startOrSkip()
        var environment = ChildProcess.currentEnvironment()
        environment["DISPLAY"] = server.display
        manager = try ChildProcess(path, arguments: arguments, environment: environment)
        client = try XvfbClient(display: server.display)
        tracePath = "/tmp/modal-lab-desktop-\(getpid())-\(DesktopSession.nextNumber()).jsonl"
        unlink(tracePath)
        trace = LabXTrace(path: tracePath)
        let deadline = ChildProcess.now() + 10
        while !ready(client) {
            guard ChildProcess.now() < deadline, manager.wait(timeout: 0.05) == nil else {
                throw DesktopError(description: "\(path) did not start: \(manager.standardError)")
            }
        }
    }

    deinit {
        client.setButton(down: false)
        lab?.kill(SIGTERM)
        _ = lab?.wait(timeout: 2)
        manager.kill(SIGTERM)
        _ = manager.wait(timeout: 2)
        client = nil
        server.stop()
        unlink(tracePath)
    }

    /// Launches the lab with a trace and waits for its window to be viewable and its first frame.
    func launch(_ options: [String], file: StaticString = #filePath, line: UInt = #line) throws -> ChildProcess {
        let lab = try LabProcess.launch(["--scale", "1", "--fps", "60", "--no-hud", "--trace", tracePath] + options,
                                        display: server.display)
        self.lab = lab
        window = try XCTUnwrap(client.waitForViewableWindow(class: "ModalLab"),
                               "lab \(lab.wait(timeout: 0).map { "ended \($0)" } ?? "running"): \(lab.standardError); manager: \(manager.standardError)",
                               file: file, line: line)
        XCTAssertNotNil(trace.waitFor(from: 0, timeout: 10) { $0.type == "frame" }, lab.standardError, file: file, line: line)
        return lab
    }

    /// Where a point of the lab's window (points = pixels at scale 1) is on the root window now.
    func rootPoint(_ x: Double, _ y: Double) -> (x: Int, y: Int) {
        let origin = client.rootOrigin(of: window) ?? (0, 0)
        return (origin.x + Int(x.rounded()), origin.y + Int(y.rounded()))
    }

    /// A slow drag straight down by `dy` points from (187, 250), 10 points every 20 ms, then the release.
    func slowDrag(dy: Double) {
        let start = rootPoint(187, 250)
        client.movePointer(x: start.x, y: start.y)
        client.setButton(down: true)
        for step in 1 ... Int(dy / 10) {
            client.movePointer(x: start.x, y: start.y + step * 10, delayMilliseconds: 20)
        }
        client.setButton(down: false)
    }

    private static var count = 0
    private static func nextNumber() -> Int { count += 1; return count }
}

/// A desktop program that did not come up.
struct DesktopError: Error, CustomStringConvertible {
    let description: String
}

extension XvfbClient {
    /// A viewable window with that WM_CLASS class anywhere in the tree: under a reparenting window manager the
    /// client's window is a child of the manager's frame, not of the root.
    func waitForViewableWindow(class windowClass: String, timeout: Double = 10) -> Window? {
        let deadline = ChildProcess.now() + timeout
        while ChildProcess.now() < deadline {
            if let found = search(root, windowClass) { return found }
            var pause = timespec(tv_sec: 0, tv_nsec: 20_000_000)
            nanosleep(&pause, nil)
        }
        return nil
    }

    private func search(_ parent: Window, _ windowClass: String) -> Window? {
        var rootReturn: Window = 0, parentReturn: Window = 0, count: UInt32 = 0
        var children: UnsafeMutablePointer<Window>?
        guard XQueryTree(connection, parent, &rootReturn, &parentReturn, &children, &count) != 0, let children else {
            return nil
        }
        defer { XFree(children) }
        for i in 0 ..< Int(count) {
            var attributes = XWindowAttributes()
            if self.windowClass(children[i])?.class == windowClass,
               XGetWindowAttributes(connection, children[i], &attributes) != 0, attributes.map_state == IsViewable {
                return children[i]
            }
            if let found = search(children[i], windowClass) { return found }
        }
        return nil
    }

    /// The parent of `window` in the tree.
    func parent(of window: Window) -> Window? {
        var rootReturn: Window = 0, parent: Window = 0, count: UInt32 = 0
        var children: UnsafeMutablePointer<Window>?
        guard XQueryTree(connection, window, &rootReturn, &parent, &children, &count) != 0 else { return nil }
        if let children { XFree(children) }
        return parent
    }

    /// The window with the keyboard focus.
    var focusedWindow: Window {
        var focus: Window = 0
        var revert: Int32 = 0
        XGetInputFocus(connection, &focus, &revert)
        return focus
    }

    /// Asks the window manager to close `window` the way its close button does (_NET_CLOSE_WINDOW to the root;
    /// the manager then sends the client WM_DELETE_WINDOW).
    func askManagerToClose(_ window: Window) {
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = window
        event.xclient.message_type = XInternAtom(connection, "_NET_CLOSE_WINDOW", False)
        event.xclient.format = 32
        event.xclient.data.l.0 = Int(CurrentTime)
        event.xclient.data.l.1 = 2 // source: a pager or a user action
        XSendEvent(connection, root, False, SubstructureRedirectMask | SubstructureNotifyMask, &event)
        XFlush(connection)
    }

    /// Asks the window manager to resize `window` (a ConfigureRequest it intercepts and applies).
    func requestSize(_ window: Window, width: Int, height: Int) {
        XResizeWindow(connection, window, UInt32(width), UInt32(height))
        XFlush(connection)
    }

    /// Whether a window manager announces itself (_NET_SUPPORTING_WM_CHECK on the root).
    var hasWindowManager: Bool { cardinalWindow(root, "_NET_SUPPORTING_WM_CHECK") != nil }

    /// Whether a compositing manager owns the screen's _NET_WM_CM_S0 selection.
    var hasCompositingManager: Bool { XGetSelectionOwner(connection, XInternAtom(connection, "_NET_WM_CM_S0", False)) != 0 }

    private func cardinalWindow(_ window: Window, _ property: String) -> Window? {
        var type: Atom = 0, format: Int32 = 0, count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard XGetWindowProperty(connection, window, XInternAtom(connection, property, False), 0, 1, False,
                                 XA_WINDOW, &type, &format, &count, &after, &data) == Success, let data else { return nil }
        defer { XFree(data) }
        return count == 1 ? UnsafeRawPointer(data).load(as: Window.self) : nil
    }
}
