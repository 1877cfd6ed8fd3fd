import Glibc
import ModalKitBase
import ModalKitPixels
import ModalKitTestSupport
import ModalKitXTestSupport
import ModalLabDriver
import ModalKitX11
import XCTest

/// The host inside the test process, talking to a private Xvfb: pixels and input through a real server.
final class HostInProcessTests: XCTestCase {
    private var server: Xvfb?

    override func tearDown() {
        server?.stop()
        server = nil
        super.tearDown()
    }

    private func startServer(_ extra: [String] = []) throws -> Xvfb {
        let xvfb = try Xvfb.startOrSkip(extraArguments: extra)
        server = xvfb
        setenv("DISPLAY", xvfb.display, 1)
        return xvfb
    }

    /// Runs a host showing the test pattern and returns (what the app rendered, what the server shows).
    private func renderAndCapture(
        _ options: HostOptions, expectSharedMemory: Bool, expectPresent: Bool,
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> (Bitmap, Bitmap) {
        let host = try X11Host(options: options)
        XCTAssertEqual(host.usesSharedMemory, expectSharedMemory, "presentation path", file: file, line: line)
        XCTAssertEqual(host.usesPresent, expectPresent, "frames at the vertical blank", file: file, line: line)
        let app = RecordingApp()
        var captured: Bitmap?
        app.onFirstFrame = { host in
            captured = host.captureWindow()
            host.stop()
        }
        XCTAssertEqual(host.run(app), 0, file: file, line: line)
        return (try XCTUnwrap(app.rendered, file: file, line: line), try XCTUnwrap(captured, file: file, line: line))
    }

    private func assertScreenshotMatches(
        _ options: HostOptions, expectSharedMemory: Bool, expectPresent: Bool = false,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let (rendered, captured) = try renderAndCapture(
            options, expectSharedMemory: expectSharedMemory,
            expectPresent: expectPresent, file: file, line: line)
        XCTAssertEqual(captured.width, rendered.width, file: file, line: line)
        XCTAssertEqual(captured.height, rendered.height, file: file, line: line)
        let differing = zip(captured.pixels, rendered.pixels).filter { $0 != $1 }.count
        XCTAssertEqual(differing, 0, "pixels that differ from the off-screen render", file: file, line: line)
    }

    func testScreenshotEqualsRenderThroughPresent() throws {
        _ = try startServer()
        try assertScreenshotMatches(
            HostOptions(size: Size(width: 201, height: 163), scale: 1),
            expectSharedMemory: true, expectPresent: true)
    }

    func testScreenshotEqualsRenderWithSharedMemoryWithoutPresent() throws {
        _ = try startServer()
        try assertScreenshotMatches(
            HostOptions(size: Size(width: 201, height: 163), scale: 1, usePresent: false),
            expectSharedMemory: true)
    }

    /// This Xvfb cannot disable Present, but without XFixes (whose regions say what a present updates) the host
    /// cannot use it: XShmPutImage and the timer.
    func testScreenshotEqualsRenderWhenTheServerLacksXFixes() throws {
        _ = try startServer(["-extension", "XFIXES"])
        try assertScreenshotMatches(
            HostOptions(size: Size(width: 201, height: 163), scale: 1),
            expectSharedMemory: true)
    }

    func testScreenshotEqualsRenderWithoutSharedMemory() throws {
        _ = try startServer()
        try assertScreenshotMatches(
            HostOptions(size: Size(width: 201, height: 163), scale: 1, useSharedMemory: false),
            expectSharedMemory: false)
    }

    func testScreenshotEqualsRenderWhenTheServerLacksSharedMemory() throws {
        _ = try startServer(["-extension", "MIT-SHM"])
        try assertScreenshotMatches(
            HostOptions(size: Size(width: 201, height: 163), scale: 1),
            expectSharedMemory: false)
    }

    func testWindowSizeInPixelsIsPointsTimesScaleRounded() throws {
        _ = try startServer()
        let host = try X11Host(options: HostOptions(size: Size(width: 101, height: 75), scale: 1.5))
        // 101 × 1.5 = 151.5 rounds to 152 pixels; 75 × 1.5 = 112.5 to 113.
        XCTAssertEqual(host.sizeInPoints, Size(width: 152 / 1.5, height: 113 / 1.5))
        XCTAssertEqual(host.scale, 1.5)
        XCTAssertTrue(host.refreshRate.isFinite && host.refreshRate > 0)
        print("display link rate on Xvfb: \(host.refreshRate) Hz")
    }

    func testPointerThroughTheServerArrivesInPointsAtScale1() throws {
        try assertPointerSequence(scale: 1)
    }

    func testPointerThroughTheServerArrivesInPointsAtScale2() throws {
        try assertPointerSequence(scale: 2)
    }

    /// XTest presses at (10, 20) pixels, moves to (30, 40) and (50, 60), releases: the app must see exactly that,
    /// divided by the scale, with times that increase (the server spaces them 15 ms apart).
    private func assertPointerSequence(scale: Double, file: StaticString = #filePath, line: UInt = #line) throws {
        let xvfb = try startServer()
        let client = try XvfbClient(display: xvfb.display)
        let host = try X11Host(options: HostOptions(size: Size(width: 200, height: 240), scale: scale))
        let app = RecordingApp()
        app.onFirstFrame = { _ in
            client.movePointer(x: 10, y: 20)
            client.setButton(down: true, delayMilliseconds: 15)
            client.movePointer(x: 30, y: 40, delayMilliseconds: 15)
            client.movePointer(x: 50, y: 60, delayMilliseconds: 15)
            client.setButton(down: false, delayMilliseconds: 15)
        }
        app.stopAfter = { if case .pointerUp = $0 { return true } else { return false } }
        XCTAssertEqual(host.run(app), 0, "watchdog fired: \(app.events)", file: file, line: line)
        let fromPress = app.events.drop { if case .pointerDown = $0 { return false } else { return true } }
        let expected: [(String, Point)] = [
            ("down", Point(x: 10, y: 20)), ("move", Point(x: 30, y: 40)),
            ("move", Point(x: 50, y: 60)), ("up", Point(x: 50, y: 60))
        ]
        let seen: [(String, Point)] = fromPress.compactMap {
            switch $0 {
            case .pointerDown(let p, _): return ("down", p)
            case .pointerMove(let p, _): return ("move", p)
            case .pointerUp(let p, _): return ("up", p)
            default: return nil
            }
        }
        XCTAssertEqual(seen.map(\.0), expected.map(\.0), file: file, line: line)
        XCTAssertEqual(seen.map(\.1), expected.map { $0.1 * (1 / scale) }, file: file, line: line)
        let times = fromPress.compactMap(\.time)
        XCTAssertEqual(times.count, 4, file: file, line: line)
        for (a, b) in zip(times, times.dropFirst()) {
            XCTAssertGreaterThan(b, a, "times increase", file: file, line: line)
        }
    }
}
