import Glibc
import ModalKitBase
import ModalKitTestSupport
import ModalKitXTestSupport
import ModalLabDriver
@testable import ModalKitX11
import XCTest

/// Wheel clicks injected with XTest reach the app as scroll events, through XInput 2 and through the core
/// buttons 4–7, in points at the pointer's position.
final class ScrollInputTests: XCTestCase {
    private var server: Xvfb?

    override func tearDown() {
        server?.stop()
        server = nil
        super.tearDown()
    }

    /// Clicks down, down, up (buttons 5, 5, 4) with the pointer at (40, 60) pixels; returns the scroll events.
    private func wheelClicks(xinput: Bool, scale: Double, file: StaticString = #filePath, line: UInt = #line) throws
        -> [(delta: Point, at: Point, time: Double, precise: Bool)]
    {
        let xvfb = try Xvfb.startOrSkip()
        server = xvfb
        setenv("DISPLAY", xvfb.display, 1)
        let client = try XvfbClient(display: xvfb.display)
        let host = try X11Host(
            options: HostOptions(size: Size(width: 200, height: 240), scale: scale, useXInput2: xinput))
        XCTAssertEqual(host.usesXInput2, xinput, "input path", file: file, line: line)
        let app = RecordingApp()
        app.onFirstFrame = { _ in
            client.movePointer(x: 40, y: 60)
            for button: UInt32 in [5, 5, 4] {
                client.setButton(button, down: true, delayMilliseconds: 20)
                client.setButton(button, down: false, delayMilliseconds: 5)
            }
        }
        var count = 0
        app.stopAfter = { event in
            if case .scroll = event { count += 1 }
            return count == 3
        }
        XCTAssertEqual(host.run(app), 0, "watchdog fired: \(app.events)", file: file, line: line)
        return app.events.compactMap {
            if case let .scroll(delta, at, time, precise) = $0 { return (delta, at, time, precise) }
            return nil
        }
    }

    private func assertThreeClicks(xinput: Bool, scale: Double, file: StaticString = #filePath, line: UInt = #line)
        throws
    {
        let scrolls = try wheelClicks(xinput: xinput, scale: scale, file: file, line: line)
        let d = 48.0 // README's points a click, not the constant: a changed constant must fail here
        XCTAssertEqual(
            scrolls.map(\.delta), [Point(x: 0, y: d), Point(x: 0, y: d), Point(x: 0, y: -d)],
            "one click each, down, down, up", file: file, line: line)
        XCTAssertEqual(
            scrolls.map(\.at), Array(repeating: Point(x: 40 / scale, y: 60 / scale), count: 3),
            file: file, line: line)
        XCTAssertEqual(scrolls.map(\.precise), [false, false, false], "whole clicks are coarse", file: file, line: line)
        for (a, b) in zip(scrolls, scrolls.dropFirst()) {
            XCTAssertGreaterThanOrEqual(
                b.time - a.time, 0.02, "server times, 5 + 20 ms apart or more", file: file, line: line)
        }
    }

    func testWheelClicksArriveAsScrollEventsThroughXInput2() throws {
        try assertThreeClicks(xinput: true, scale: 1)
    }

    func testWheelClicksArriveAsScrollEventsThroughCoreButtons() throws {
        try assertThreeClicks(xinput: false, scale: 2)
    }
}
