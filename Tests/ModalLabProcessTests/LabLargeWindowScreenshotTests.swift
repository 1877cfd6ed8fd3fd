import Glibc
import ModalKitPixels
import ModalKitTestSupport
import ModalKitXTestSupport
import ModalLabDriver
import Foundation
import Testing

/// `--screenshot` of a window larger than the screen: the server cannot read back what lies off screen (XGetImage
/// fails with BadMatch), so the picture is the frame the lab presented, checked against what the server shows of
/// the visible part. It equals the headless render byte for byte.
@Suite final class LabLargeWindowScreenshotTests {
    private var server: Xvfb?
    private var paths: [String] = []

    deinit {
        server?.stop()
        server = nil
        paths.forEach { unlink($0) }
    }

    private func temporary(_ name: String) -> String {
        let path = "/tmp/modal-lab-large-\(getpid())-\(uniqueNumber())-\(name)"
        paths.append(path)
        return path
    }

    private func assertScreenshotOfAWindowLargerThanTheScreen(
        _ options: [String], width: Int, height: Int,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let xvfb = try Xvfb.startOrSkip(width: 640, height: 480)
        server = xvfb
        let shot = temporary("x.png"), headless = temporary("h.png")
        let common = ["--scene", "spring"] + options
        let lab = try LabProcess.launchPinned(common + ["--screenshot", shot], display: xvfb.display)
        #expect(
            lab.wait(timeout: 30) == .exited(0), Comment(rawValue: lab.standardError), sourceLocation: sourceLocation)
        #expect(lab.standardError == "", "no warning: the visible part matches", sourceLocation: sourceLocation)
        let offscreen = try LabProcess.launchPinned(common + ["--headless", "--screenshot", headless], display: nil)
        #expect(
            offscreen.wait(timeout: 30) == .exited(0), Comment(rawValue: offscreen.standardError),
            sourceLocation: sourceLocation)
        let picture = try PNG.read(from: shot), expected = try PNG.read(from: headless)
        #expect(picture.width == width, sourceLocation: sourceLocation)
        #expect(picture.height == height, sourceLocation: sourceLocation)
        #expect(
            picture == expected, "the screenshot differs from the off-screen render", sourceLocation: sourceLocation)
    }

    @Test func testScreenshotOfAWindowTallerAndWiderThanTheScreen() throws {
        try assertScreenshotOfAWindowLargerThanTheScreen(
            ["--size", "1000x800", "--scale", "1"], width: 1000, height: 800)
    }

    @Test func testScreenshotAtScaleTwoOnASmallScreen() throws {
        try assertScreenshotOfAWindowLargerThanTheScreen(["--scale", "2"], width: 750, height: 1334)
    }
}
