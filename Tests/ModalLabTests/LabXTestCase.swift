import ModalKitTestSupport
import XCTest

/// A test class whose tests share one Xvfb (started by the first test, stopped after the last) and launch a fresh
/// lab each, so no state leaks from one test to the next.
class LabXTestCase: XCTestCase {
    private static var servers: [ObjectIdentifier: Xvfb] = [:]
    private(set) var lab: LabXSession?

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

    /// Launches the scene under this class's server; the lab ends with the test.
    func launch(_ scene: String, settings: [String] = [], hud: Bool = false,
                file: StaticString = #filePath, line: UInt = #line) throws -> LabXSession {
        let session = try LabXSession(scene: scene, settings: settings, hud: hud, display: try display(),
                                      file: file, line: line)
        lab = session
        return session
    }
}
