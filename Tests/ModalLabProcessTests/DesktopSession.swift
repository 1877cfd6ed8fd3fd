import Glibc
import ModalKitTestSupport
import ModalKitXTestSupport
import ModalLabDriver
import Foundation
import Testing

/// An Xvfb with a desktop program running on it (a reparenting window manager or a compositing manager), and the
/// lab launched there, found wherever the manager put its window, driven through XTest.
final class DesktopSession {
    let server: Xvfb
    let manager: ChildProcess
    /// Closed before the server stops: a connection to a dead server would end the test process. Set in `init`,
    /// nil only while the session stops.
    // swift-format-ignore: NeverUseImplicitlyUnwrappedOptionals
    private(set) var client: XvfbClient!
    private(set) var lab: ChildProcess?
    private(set) var window: XWindowID = 0
    let tracePath: String
    let trace: LabTrace

    /// Starts Xvfb and `manager` (a path), and waits until `ready` says the manager has taken over the screen (for
    /// a window manager: that it manages a new window, see `XvfbClient.managesNewWindow`).
    init(manager path: String, arguments: [String] = [], ready: (XvfbClient) -> Bool) throws {
        guard access(path, X_OK) == 0 else {
            // Under CI a missing desktop program fails the test: a broken image must not pass by skipping.
            if ProcessInfo.processInfo.environment["CI"] == "true" {
                throw DesktopError(description: "\(path) missing under CI=true: install it with .ci/deps --test")
            }
            try TestIssue.skip("\(path) is not installed")
        }
        server = try Xvfb.startOrSkip()
        var environment = ChildProcess.currentEnvironment()
        environment["DISPLAY"] = server.display
        manager = try ChildProcess(path, arguments: arguments, environment: environment)
        client = try XvfbClient(display: server.display)
        tracePath = "/tmp/modal-lab-desktop-\(getpid())-\(uniqueNumber()).jsonl"
        unlink(tracePath)
        trace = LabTrace(path: tracePath)
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
    func launch(_ options: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> ChildProcess {
        let lab = try LabProcess.launchPinned(
            ["--scale", "1", "--fps", "60", "--no-hud", "--trace", tracePath] + options,
            display: server.display)
        self.lab = lab
        // 30 s: on a loaded two-core machine a manager can take seconds to map a new client.
        let found = client.waitForViewableWindow(class: "ModalLab", timeout: 30)
        window = try #require(
            found,
            Comment(
                rawValue: "lab \(lab.wait(timeout: 0).map { "ended \($0)" } ?? "running"), its window: "
                    + "\(client.describeWindows(class: "ModalLab")); manager "
                    + "\(manager.wait(timeout: 0).map { "ended \($0)" } ?? "running"): "
                    + "\(lab.standardError); manager: \(manager.standardError)"), sourceLocation: sourceLocation)
        #expect(
            trace.waitFor(from: 0, timeout: 10) { $0.type == "frame" } != nil, Comment(rawValue: lab.standardError),
            sourceLocation: sourceLocation)
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
}

/// A desktop program that did not come up.
struct DesktopError: Error, CustomStringConvertible {
    let description: String
}
