import Glibc
import ModalKitBase
import ModalKitMotion
import ModalKitPixels
import ModalKitTestSupport
import ModalKitXTestSupport
import ModalLabDriver
import ModalKitUI
import ModalKitX11
import XCTest

/// A scroll view in a real window: XTest wheel clicks through the server scroll it, on both input paths.
final class ScrollViewInWindowTests: XCTestCase {
    private var server: Xvfb?

    override func tearDown() {
        server?.stop()
        server = nil
        super.tearDown()
    }

    func testWheelClicksScrollAListThroughXInput2() throws {
        try assertThreeClicksScroll(xinput: true)
    }

    func testWheelClicksScrollAListThroughCoreButtons() throws {
        try assertThreeClicksScroll(xinput: false)
    }

    /// Three clicks down with the pointer over the list: it glides 3 × 48 points and the server shows the frame
    /// the app rendered.
    private func assertThreeClicksScroll(xinput: Bool, file: StaticString = #filePath, line: UInt = #line) throws {
        let xvfb = try Xvfb.startOrSkip()
        server = xvfb
        setenv("DISPLAY", xvfb.display, 1)
        let client = try XvfbClient(display: xvfb.display)
        let host = try X11Host(options: HostOptions(size: Size(width: 200, height: 240), scale: 1, useXInput2: xinput))
        let app = ScrollingApp(size: host.sizeInPoints)
        var captured: Bitmap?
        app.onFirstFrame = {
            client.movePointer(x: 100, y: 120)
            for _ in 0 ..< 3 {
                client.setButton(5, down: true, delayMilliseconds: 30)
                client.setButton(5, down: false, delayMilliseconds: 5)
            }
        }
        app.onRest = { host in
            captured = host.captureWindow()
            host.stop()
        }
        XCTAssertEqual(host.run(app), 0, "watchdog fired: \(app.scrolls) scroll events", file: file, line: line)
        XCTAssertEqual(app.scrolls, 3, file: file, line: line)
        XCTAssertEqual(app.scrollView.contentOffset.y, 3 * InputEvent.wheelClickDistance, file: file, line: line)
        let shown = try XCTUnwrap(captured, file: file, line: line)
        XCTAssertEqual(
            shown.pixels, app.lastFrame?.pixels, "the server shows the rendered frame", file: file, line: line)
    }
}

/// A window holding one scroll view of striped rows, driven by the host like the lab; it reports when the
/// scroll view has come to rest after three scroll events.
final class ScrollingApp: HostApplication {
    let window: ModalKitUI.Window
    let scrollView: ScrollView
    var onFirstFrame: () -> Void = {}
    var onRest: (X11Host) -> Void = { _ in }
    private(set) var scrolls = 0
    private(set) var lastFrame: Bitmap?
    private var firstFrameTime: Double?

    init(size: Size) {
        window = ModalKitUI.Window(size: size)
        scrollView = ScrollView(frame: Rect(origin: .zero, size: size))
        let content = View(frame: Rect(x: 0, y: 0, width: size.width, height: 1000))
        for row in 0 ..< 25 {
            let stripe = View(frame: Rect(x: 0, y: Double(row) * 40, width: size.width, height: 40))
            stripe.backgroundColor = row % 2 == 0 ? .white : .systemGray6
            content.addSubview(stripe)
        }
        scrollView.addSubview(content)
        scrollView.contentSize = content.bounds.size
        window.addSubview(scrollView)
    }

    var isAnimating: Bool { true }
    var needsDisplay: Bool { window.needsDisplay }

    func handle(_ event: InputEvent, host: X11Host) {
        if case .scroll = event { scrolls += 1 }
        window.handlePointer(event)
    }

    func advance(to frameTime: Double) { window.animationDriver.tick(at: frameTime) }

    func render(into bitmap: inout Bitmap, scale: Double) -> PixelRect? {
        let damage = window.render(into: &bitmap, scale: scale)
        lastFrame = bitmap
        return damage
    }

    func didPresent(_ frame: FrameReport, host: X11Host) {
        guard let first = firstFrameTime else {
            firstFrameTime = frame.frameTime
            return onFirstFrame()
        }
        if scrolls == 3 && !window.animationDriver.isAnimating && !window.needsDisplay { return onRest(host) }
        if frame.frameTime - first > 5 { host.stop(exitCode: 9) }
    }
}
