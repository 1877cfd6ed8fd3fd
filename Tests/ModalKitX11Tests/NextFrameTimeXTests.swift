@testable import ModalKitX11
import Glibc
import ModalKitBase
import ModalKitPixels
import ModalKitTestSupport
import ModalKitXTestSupport
import ModalLabDriver
import XCTest

/// An app that asks for one frame 0.1 s ahead and for nothing else gets exactly that frame, not before, with and
/// without Present (`HostApplication.nextFrameTime`).
final class NextFrameTimeXTests: XCTestCase {
    private var server: Xvfb?

    override func tearDown() {
        server?.stop()
        server = nil
        super.tearDown()
    }

    func testOneFrameAskedForLaterIsDrawnAtItsTimeWithPresent() throws {
        try checkOneFrameAtItsTime(usePresent: true)
    }

    func testOneFrameAskedForLaterIsDrawnAtItsTimeOnTheTimer() throws {
        try checkOneFrameAtItsTime(usePresent: false)
    }

    private func checkOneFrameAtItsTime(usePresent: Bool) throws {
        let xvfb = try Xvfb.startOrSkip()
        server = xvfb
        setenv("DISPLAY", xvfb.display, 1)
        let host = try X11Host(
            options: HostOptions(size: Size(width: 64, height: 48), scale: 1, usePresent: usePresent))
        XCTAssertEqual(host.usesPresent, usePresent)
        let app = LaterFrameApp()
        XCTAssertEqual(host.run(app), 0)
        let asked = try XCTUnwrap(app.asked, "the window's first frame was never drawn")
        XCTAssertEqual(app.renders.count, 2, "the window's first frame and the one asked for: \(app.renders)")
        let later = try XCTUnwrap(app.renders.dropFirst().first)
        XCTAssertGreaterThanOrEqual(later, asked, "drawn before the time asked for")
        XCTAssertLessThan(later - asked, 0.05, "drawn long after the time asked for")
    }
}

/// Draws the window's first frame, then asks for one frame 0.1 s later and nothing else; its own timerfd ends
/// the run 0.4 s after the first frame (a frame drawn every tick would be counted by then).
private final class LaterFrameApp: HostApplication {
    private(set) var renders: [Double] = []
    private(set) var asked: Double?
    /// A timerfd of the app's own (the host's display-link type, used only as a timer here).
    private let stopTimer = try! DisplayLink(rate: 60)

    let isAnimating = false
    let needsDisplay = false
    var nextFrameTime: Double? { renders.count == 1 ? asked : nil }
    var extraFileDescriptors: [Int32] { [stopTimer.fileDescriptor] }

    func handle(_ event: InputEvent, host: X11Host) {}
    func advance(to frameTime: Double) {}

    func render(into bitmap: inout Bitmap, scale: Double) -> PixelRect? {
        renders.append(DisplayLink.now())
        if renders.count == 1 {
            asked = renders[0] + 0.1
            stopTimer.arm(at: renders[0] + 0.4)
        }
        TestPattern.draw(into: &bitmap)
        return nil
    }

    func didPresent(_ frame: FrameReport, host: X11Host) {}
    func fileDescriptorReady(_ fd: Int32, host: X11Host) { host.stop() }
}
