@testable import ModalKitX11
import ModalKitBase
import ModalKitPixels
import ModalKitTestSupport
import ModalKitXTestSupport
import ModalLabDriver
import XCTest

/// With Present, a whole frame (the window's first, or after an Expose) is put at once rather than at the next
/// blank, and the trace's shown lines stay truthful: only frames shown at a blank report one.
final class FirstFrameTests: XCTestCase {
    private var server: Xvfb?

    override func tearDown() {
        server?.stop()
        server = nil
        super.tearDown()
    }

    func testTheFirstFrameIsInTheWindowBeforeAnyBlank() throws {
        let xvfb = try Xvfb.startOrSkip()
        server = xvfb
        setenv("DISPLAY", xvfb.display, 1)
        let host = try X11Host(options: HostOptions(size: Size(width: 201, height: 163), scale: 1))
        XCTAssertTrue(host.usesPresent)
        let app = ChangingApp(frames: 1)
        var captured: Bitmap?
        app.onFrame = { host, index in if index == 0 { captured = host.captureWindowNow() } }
        XCTAssertEqual(host.run(app), 0)
        let rendered = try XCTUnwrap(app.firstRender), shown = try XCTUnwrap(captured)
        let differing = zip(shown.pixels, rendered.pixels).filter { $0 != $1 }.count
        XCTAssertEqual(differing, 0, "pixels of the first frame not yet in the window when it was handed over")
    }

    func testOnlyFramesShownAtABlankReportOne() throws {
        let xvfb = try Xvfb.startOrSkip()
        server = xvfb
        setenv("DISPLAY", xvfb.display, 1)
        let host = try X11Host(options: HostOptions(size: Size(width: 201, height: 163), scale: 1))
        let app = ChangingApp(frames: 6)
        XCTAssertEqual(host.run(app), 0)
        XCTAssertFalse(app.shown.contains(0), "the first frame was put at once, not shown at a blank")
        XCTAssertEqual(Set(app.shown), Set(1 ..< 5), "every later frame changed pixels and is shown at a blank")
    }
}

/// Draws the test pattern with one pixel that changes every frame, for `frames` frames, and records which
/// frames the server reports shown at a blank.
private final class ChangingApp: HostApplication {
    let frames: Int
    var onFrame: (X11Host, Int) -> Void = { _, _ in }
    private(set) var firstRender: Bitmap?
    private(set) var shown: [Int] = []
    private var drawn = 0

    init(frames: Int) { self.frames = frames }

    var isAnimating: Bool { drawn < frames }
    var needsDisplay: Bool { drawn < frames }
    func handle(_ event: InputEvent, host: X11Host) {}
    func advance(to frameTime: Double) {}

    func render(into bitmap: inout Bitmap, scale: Double) -> PixelRect? {
        if drawn == 0 { TestPattern.draw(into: &bitmap) }
        bitmap[drawn % bitmap.width, 0] = 0xFF00_0000 | UInt32(drawn * 40 + 10)
        if drawn == 0 { firstRender = bitmap }
        return drawn == 0 ? nil : PixelRect(x: 0, y: 0, width: bitmap.width, height: 1)
    }

    func didPresent(_ frame: FrameReport, host: X11Host) {
        onFrame(host, frame.index ?? -1)
        drawn += 1
        if drawn >= frames { host.stop() }
    }

    func didShow(_ frame: FrameShown, host: X11Host) { shown.append(frame.index) }
}
