import Glibc
import ModalKitBase
import ModalKitTestSupport
import ModalLabDriver
import ModalKitX11
import XCTest

/// Without `--scale`, the host takes pixels per point from the server's `Xft.dpi` resource (dpi / 96), else 1.
final class ScaleFromResourcesTests: XCTestCase {
    private var server: Xvfb?

    override func tearDown() {
        server?.stop()
        server = nil
        super.tearDown()
    }

    /// Starts a server whose root window carries `resources` as RESOURCE_MANAGER (what `xrdb` sets).
    private func startServer(resources: String?) throws {
        let xvfb = try Xvfb.startOrSkip()
        server = xvfb
        setenv("DISPLAY", xvfb.display, 1)
        guard let resources else { return }
        try XvfbClient(display: xvfb.display).setResources(resources)
    }

    func testXftDpiSetsTheScale() throws {
        try startServer(resources: "Xft.dpi:\t144\n")
        let host = try X11Host(options: HostOptions(size: Size(width: 200, height: 300)))
        XCTAssertEqual(host.scale, 1.5)
        XCTAssertEqual(host.sizeInPoints, Size(width: 200, height: 300))
    }

    func testWithoutXftDpiTheScaleIsOne() throws {
        try startServer(resources: nil)
        let host = try X11Host(options: HostOptions(size: Size(width: 200, height: 300)))
        XCTAssertEqual(host.scale, 1)
    }

    func testScaleOptionWinsOverXftDpi() throws {
        try startServer(resources: "Xft.dpi: 192\n")
        let host = try X11Host(options: HostOptions(size: Size(width: 200, height: 300), scale: 1))
        XCTAssertEqual(host.scale, 1)
    }
}
