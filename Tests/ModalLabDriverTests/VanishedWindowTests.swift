import CX11
import ModalLabDriver
import XCTest

/// A window that is gone by the time its properties are read (another client destroyed it after the tree was
/// read) reads as having no class; it used to end the whole process through Xlib's default error handler, which
/// is how `modal-bench workload` died while qmlscene started.
final class VanishedWindowTests: XCTestCase {
    func testAWindowThatIsGoneReadsAsNoWindowAndTheProcessGoesOn() throws {
        let server = try Xvfb.start(width: 320, height: 240)
        defer { server.stop() }
        let client = try XvfbClient(display: server.display)
        let window = XCreateSimpleWindow(client.connection, client.root, 0, 0, 10, 10, 0, 0, 0)
        XDestroyWindow(client.connection, window)
        client.sync()
        XCTAssertNil(client.windowClass(window))
        XCTAssertNil(client.findWindow(class: "Nothing"))
        client.sync()
    }
}
