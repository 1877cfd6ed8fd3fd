import ModalKitPixels
import ModalKitTestSupport
import ModalKitXTestSupport
import ModalLabDriver
import Foundation
import Testing

/// A point in the lab window, in points (the lab runs at scale 1, so also window pixels).
typealias LabXPoint = (x: Double, y: Double)

/// A base for Swift Testing suites whose tests each start their own Xvfb (on first use, stopped with the test)
/// and a fresh lab, so no state leaks from one test to the next and tests run in parallel: they mostly wait on
/// real-time frames, and Swift Testing runs two at once on this machine's two cores.
class LabXTestCase {
    private var server: Xvfb?
    private(set) var lab: LabSession?

    /// Window width and height in points at the default size.
    static let width = 375.0, height = 667.0

    /// The screen size this suite's servers get (a suite of tall phone windows asks for more).
    class var serverSize: (width: Int, height: Int) { (1024, 768) }

    init() {}

    deinit {
        // The lab first: it lets go of the button on the server before the server goes.
        lab = nil
        server?.stop()
    }

    /// The test's X server, started on first use.
    func display() throws -> String {
        if let server { return server.display }
        let size = Self.serverSize
        let started = try Xvfb.startOrSkip(width: size.width, height: size.height)
        server = started
        return started.display
    }

    /// Launches `--scene scene` with `--set` assignments under this class's server, waits for the first frame,
    /// and puts the pointer over the window; the lab ends with the test.
    func launch(
        _ scene: String, settings: [String] = [], hud: Bool = false, extraArguments: [String] = [],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> LabSession {
        var arguments = ["--scene", scene] + settings.flatMap { ["--set", $0] } + extraArguments
        if !hud { arguments.append("--no-hud") }
        let session = try LabSession(display: try display(), pinnedArguments: arguments, windowTimeout: 10)
        lab = session
        let firstFrame = session.trace.waitFor(from: 0, timeout: 10) { $0.type == "frame" }
        _ = try #require(
            firstFrame, "no frame in the trace: \(session.process.standardError)", sourceLocation: sourceLocation)
        // Keys go to the window under the pointer (Xvfb's focus is PointerRoot with no window manager).
        session.move(to: (Self.width / 2, Self.height - 40))
        return session
    }
}

extension LabSession {
    /// Waits for the next rest at `from` or later; fails the test if nothing comes to rest within `timeout` s.
    func expectRest(
        from start: Int, timeout: Double = 15, sourceLocation: SourceLocation = #_sourceLocation
    ) -> (top: String?, lastFrame: LabTraceEvent?) {
        let rest = waitForRest(from: start, timeout: timeout)
        guard let settled = rest.settled else {
            Issue.record(
                "nothing settled within \(timeout) s: \(summary(from: start)); \(serverSideState())",
                sourceLocation: sourceLocation)
            return (nil, nil)
        }
        return (settled.string("top"), rest.frame)
    }

    /// What the window shows once two reads in a row agree; fails the test if it kept changing.
    func expectStableCapture(sourceLocation: SourceLocation = #_sourceLocation) -> Bitmap? {
        let shot = stableCapture()
        if shot == nil { Issue.record("the window kept changing", sourceLocation: sourceLocation) }
        return shot
    }
}
