import Glibc
import ModalKitBase
import ModalKitTestSupport
import ModalKitXTestSupport
import ModalLabDriver
import ModalKitX11
import XCTest

/// A window manager (or any client) may make the window any size the protocol allows; the host clamps what it
/// allocates and tells the app the size it really draws at.
final class ServerResizeLimitTests: XCTestCase {
    private var server: Xvfb?

    override func tearDown() {
        server?.stop()
        server = nil
        super.tearDown()
    }

    func testAResizePastThePixelLimitsIsClamped() throws {
        let xvfb = try Xvfb.startOrSkip()
        server = xvfb
        setenv("DISPLAY", xvfb.display, 1)
        let client = try XvfbClient(display: xvfb.display)
        let host = try X11Host(options: HostOptions(size: Size(width: 200, height: 300), scale: 1))
        let app = RecordingApp()
        app.onFirstFrame = { _ in
            guard let window = client.findWindow(class: "ModalKit") else { return }
            client.requestSize(window, width: 9000, height: 9000)
        }
        app.stopAfter = { if case .resize = $0 { return true } else { return false } }
        XCTAssertEqual(host.run(app), 0)
        XCTAssertFalse(app.timedOut, "no resize arrived")
        let resize = app.events.compactMap { event -> Size? in
            if case .resize(let size) = event { return size } else { return nil }
        }
        XCTAssertEqual(resize, [Size(width: 8192, height: 2048)], "8192 a side, 16 Mpx in all")
        XCTAssertEqual(host.sizeInPoints, Size(width: 8192, height: 2048))
    }
}
