import Glibc
import ModalKitBase
import ModalKitTestSupport
import ModalKitXTestSupport
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

    /// The server's resources are clamped, not trusted: a huge or infinite dpi gives the largest scale the host
    /// allows, a tiny one the smallest, and text that is not a number is ignored.
    func testAnXftDpiPastTheLimitsIsClamped() throws {
        let cases: [(String, Double)] = [
            ("inf", 4), ("1e300", 4), ("1e9", 4), ("0.0001", 0.5), ("garbage", 1),
            ("-96", 1), ("nan", 1)
        ]
        for (dpi, scale) in cases {
            try startServer(resources: "Xft.dpi:\t\(dpi)\n")
            do {
                let host = try X11Host(options: HostOptions(size: Size(width: 200, height: 300)))
                XCTAssertEqual(host.scale, scale, "Xft.dpi \(dpi)")
            } // the host closes its connection before its server stops
            server?.stop()
            server = nil
        }
    }

    /// A window that would pass the pixel limits at the server's scale gets a smaller scale instead.
    func testTheServersScaleIsLoweredToFitThePixelLimits() {
        let big = Size(width: 4000, height: 4000)
        let scale = HostOptions.clampedScale(4, fitting: big)
        XCTAssertEqual(
            scale, (Double(HostOptions.maximumPixelCount) / (4000 * 4000)).squareRoot(), "bound by the count")
        XCTAssertEqual(
            HostOptions.clampedScale(4, fitting: Size(width: 4000, height: 300)),
            Double(HostOptions.maximumPixelSide) / 4000, "bound by the side")
        XCTAssertTrue(HostOptions.fits(big, scale: scale))
        XCTAssertFalse(HostOptions.fits(big, scale: scale * 1.01))
        XCTAssertEqual(
            HostOptions.clampedScale(2, fitting: Size(width: 375, height: 667)), 2, "an ordinary window is untouched")
        XCTAssertEqual(HostOptions.clampedScale(.infinity, fitting: Size(width: 375, height: 667)), 4)
    }

    func testARateNearZeroIsClampedAndTheHostStillRuns() throws {
        try startServer(resources: nil)
        let host = try X11Host(options: HostOptions(size: Size(width: 200, height: 300), fps: 1e-20))
        XCTAssertEqual(host.refreshRate, 1)
    }
}
