import Glibc
import ModalKitPixels
import ModalKitTestSupport
import ModalKitXTestSupport
import ModalLabDriver
import XCTest

/// `--screenshot` of a window larger than the screen: the server cannot read back what lies off screen (XGetImage
/// fails with BadMatch), so the picture is the frame the lab presented, checked against what the server shows of
/// the visible part. It equals the headless render byte for byte.
final class LabLargeWindowScreenshotTests: XCTestCase {
    private var server: Xvfb?
    private var paths: [String] = []

    override func tearDown() {
        server?.stop()
        server = nil
        paths.forEach { unlink($0) }
        super.tearDown()
    }

    private func temporary(_ name: String) -> String {
        let path = "/tmp/modal-lab-large-\(getpid())-\(name)"
        paths.append(path)
        return path
    }

    private func assertScreenshotOfAWindowLargerThanTheScreen(
        _ options: [String], width: Int, height: Int,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let xvfb = try Xvfb.startOrSkip(width: 640, height: 480)
        server = xvfb
        let shot = temporary("x.png"), headless = temporary("h.png")
        let common = ["--scene", "spring"] + options
        let lab = try LabProcess.launchPinned(common + ["--screenshot", shot], display: xvfb.display)
        XCTAssertEqual(lab.wait(timeout: 30), .exited(0), lab.standardError, file: file, line: line)
        XCTAssertEqual(lab.standardError, "", "no warning: the visible part matches", file: file, line: line)
        let offscreen = try LabProcess.launchPinned(common + ["--headless", "--screenshot", headless], display: nil)
        XCTAssertEqual(offscreen.wait(timeout: 30), .exited(0), offscreen.standardError, file: file, line: line)
        let picture = try PNG.read(from: shot), expected = try PNG.read(from: headless)
        XCTAssertEqual(picture.width, width, file: file, line: line)
        XCTAssertEqual(picture.height, height, file: file, line: line)
        XCTAssertTrue(picture == expected, "the screenshot differs from the off-screen render", file: file, line: line)
    }

    func testScreenshotOfAWindowTallerAndWiderThanTheScreen() throws {
        try assertScreenshotOfAWindowLargerThanTheScreen(
            ["--size", "1000x800", "--scale", "1"], width: 1000, height: 800)
    }

    func testScreenshotAtScaleTwoOnASmallScreen() throws {
        try assertScreenshotOfAWindowLargerThanTheScreen(["--scale", "2"], width: 750, height: 1334)
    }
}
