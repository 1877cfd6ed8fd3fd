import ModalKitPixels
import ModalKitTestSupport
import ModalKitXTestSupport
import ModalLabDriver
import XCTest

/// A point in the lab window, in points (the lab runs at scale 1, so also window pixels).
typealias LabXPoint = (x: Double, y: Double)

/// A test class whose tests share one Xvfb (started by the first test, stopped after the last) and launch a fresh
/// lab each, so no state leaks from one test to the next.
class LabXTestCase: XCTestCase {
    private static var servers: [ObjectIdentifier: Xvfb] = [:]
    private(set) var lab: LabSession?

    /// Window width and height in points at the default size.
    static let width = 375.0, height = 667.0

    /// The class's X server, started on first use.
    func display() throws -> String {
        let key = ObjectIdentifier(type(of: self))
        if let server = Self.servers[key] { return server.display }
        let server = try Xvfb.startOrSkip()
        Self.servers[key] = server
        return server.display
    }

    override class func tearDown() {
        servers[ObjectIdentifier(self)]?.stop()
        servers[ObjectIdentifier(self)] = nil
        super.tearDown()
    }

    override func tearDown() {
        lab = nil
        super.tearDown()
    }

    /// Launches `--scene scene` with `--set` assignments under this class's server, waits for the first frame,
    /// and puts the pointer over the window; the lab ends with the test.
    func launch(
        _ scene: String, settings: [String] = [], hud: Bool = false, extraArguments: [String] = [],
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> LabSession {
        var arguments = ["--scene", scene] + settings.flatMap { ["--set", $0] } + extraArguments
        if !hud { arguments.append("--no-hud") }
        let session = try LabSession(display: try display(), pinnedArguments: arguments, windowTimeout: 10)
        lab = session
        let firstFrame = session.trace.waitFor(from: 0, timeout: 10) { $0.type == "frame" }
        _ = try XCTUnwrap(firstFrame, "no frame in the trace: \(session.process.standardError)", file: file, line: line)
        // Keys go to the window under the pointer (Xvfb's focus is PointerRoot with no window manager).
        session.move(to: (Self.width / 2, Self.height - 40))
        return session
    }
}

extension LabSession {
    /// Waits for the next rest at `from` or later; fails the test if nothing comes to rest within `timeout` s.
    func expectRest(
        from start: Int, timeout: Double = 15, file: StaticString = #filePath,
        line: UInt = #line
    ) -> (top: String?, lastFrame: LabTraceEvent?) {
        let rest = waitForRest(from: start, timeout: timeout)
        guard let settled = rest.settled else {
            XCTFail(
                "nothing settled within \(timeout) s: \(summary(from: start)); \(serverSideState())", file: file,
                line: line)
            return (nil, nil)
        }
        return (settled.string("top"), rest.frame)
    }

    /// What the window shows once two reads in a row agree; fails the test if it kept changing.
    func expectStableCapture(file: StaticString = #filePath, line: UInt = #line) -> Bitmap? {
        let shot = stableCapture()
        if shot == nil { XCTFail("the window kept changing", file: file, line: line) }
        return shot
    }
}
