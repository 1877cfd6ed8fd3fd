import Glibc
import ModalKitBase
import ModalKitTestSupport
import ModalKitXTestSupport
import ModalLabDriver
import ModalKitX11
import XCTest

/// The host names its window from its options, not after any one program, and sets titles a window manager can
/// read whether it looks at WM_NAME or at the UTF-8 _NET_WM_NAME.
final class HostIdentityTests: XCTestCase {
    private var server: Xvfb?

    override func tearDown() {
        server?.stop()
        server = nil
        super.tearDown()
    }

    private func startServer() throws -> XvfbClient {
        let xvfb = try Xvfb.startOrSkip()
        server = xvfb
        setenv("DISPLAY", xvfb.display, 1)
        return try XvfbClient(display: xvfb.display)
    }

    func testClassAndInstanceComeFromTheOptions() throws {
        let client = try startServer()
        let host = try X11Host(
            options: HostOptions(
                appName: "probe-app", windowClass: "ProbeClass",
                size: Size(width: 200, height: 300), scale: 1))
        let window = try XCTUnwrap(client.waitForWindow(class: "ProbeClass", timeout: 5))
        XCTAssertEqual(client.windowClass(window)?.instance, "probe-app")
        XCTAssertNil(client.findWindow(class: "ModalLab"), "nothing of the lab's is left in the host")
        _ = host
    }

    func testTitlesBeyondLatin1ReadBackFromBothProperties() throws {
        let client = try startServer()
        let host = try X11Host(
            options: HostOptions(
                windowClass: "TitleProbe", title: "Café — ✓ 日本",
                size: Size(width: 200, height: 300), scale: 1))
        let window = try XCTUnwrap(client.waitForWindow(class: "TitleProbe", timeout: 5))
        XCTAssertEqual(client.title(window), "Café — ✓ 日本", "WM_NAME as a window manager decodes it")
        XCTAssertEqual(client.utf8Property(window, "_NET_WM_NAME"), "Café — ✓ 日本")
        host.setTitle("Plain Latin-1: é")
        XCTAssertEqual(title(of: window, client, becoming: "Plain Latin-1: é"), "Plain Latin-1: é")
    }

    /// The title once it reads `expected`, or what it reads after two seconds: the host only flushes, so the
    /// server may answer this connection before it has handled the change.
    private func title(of window: XWindowID, _ client: XvfbClient, becoming expected: String) -> String? {
        let deadline = ChildProcess.now() + 2
        var title = client.title(window)
        while title != expected && ChildProcess.now() < deadline {
            var pause = timespec(tv_sec: 0, tv_nsec: 10_000_000)
            nanosleep(&pause, nil)
            title = client.title(window)
        }
        return title
    }
}
