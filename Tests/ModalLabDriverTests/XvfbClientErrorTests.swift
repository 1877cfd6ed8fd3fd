import CX11
import ModalKitTestSupport
import ModalKitXTestSupport
import ModalLabDriver
import XCTest

/// The test driver's queries about a window that is gone answer nil instead of ending the test process, and leave
/// the process's own X error handler as it was.
final class XvfbClientErrorTests: XCTestCase {
    private var server: Xvfb?
    /// Errors the handler this test installs has seen.
    nonisolated(unsafe) private static var seen = 0

    override func tearDown() {
        server?.stop()
        server = nil
        super.tearDown()
    }

    func testQueriesAboutAGoneWindowAnswerNilAndKeepTheHandler() throws {
        let xvfb = try Xvfb.startOrSkip()
        server = xvfb
        let client = try XvfbClient(display: xvfb.display)
        let gone = client.mapOtherWindow(x: 0, y: 0, width: 10, height: 10)
        XDestroyWindow(client.connection, gone)
        client.sync()
        XvfbClientErrorTests.seen = 0
        let previous = XSetErrorHandler { _, _ in
            XvfbClientErrorTests.seen += 1
            return 0
        }
        defer { XSetErrorHandler(previous) }

        XCTAssertNil(client.size(of: gone))
        XCTAssertNil(client.rootOrigin(of: gone))
        XCTAssertNil(client.captureWindow(gone))
        XCTAssertNil(client.windowClass(gone))
        XCTAssertNil(client.parent(of: gone))
        XCTAssertNil(client.title(gone))
        XCTAssertNil(client.utf8Property(gone, "_NET_WM_NAME"))
        XCTAssertNil(client.cardinal(gone, property: "_NET_WM_PID"))
        XCTAssertNil(client.findWindow(class: "Nothing"))
        XCTAssertEqual(XvfbClientErrorTests.seen, 0, "the driver's own queries reached the process's handler")

        var attributes = XWindowAttributes()
        XCTAssertEqual(XGetWindowAttributes(client.connection, gone, &attributes), 0)
        XCTAssertEqual(XvfbClientErrorTests.seen, 1, "the process's handler was not put back")
    }
}
