@testable import ModalKitX11
import ModalKitPixels
import XCTest

/// The window is paced at the rate of the monitor it is mostly on: synthetic CRTC layouts, no server.
final class DisplayRateTests: XCTestCase {
    /// A 1920x1080 60 Hz monitor with a 2560x1440 144 Hz one to its right.
    private let desk = [
        CRTCLayout(area: PixelRect(x: 0, y: 0, width: 1920, height: 1080), rate: 60),
        CRTCLayout(area: PixelRect(x: 1920, y: 0, width: 2560, height: 1440), rate: 144)
    ]

    private func window(x: Int, y: Int = 100) -> PixelRect { PixelRect(x: x, y: y, width: 375, height: 667) }

    func testAWindowOnOneMonitorTakesThatMonitorsRate() {
        XCTAssertEqual(DisplayRate.rate(for: window(x: 100), crtcs: desk), 60)
        XCTAssertEqual(DisplayRate.rate(for: window(x: 3000), crtcs: desk), 144)
    }

    func testAWindowAcrossTwoMonitorsTakesTheOneShowingMoreOfIt() {
        // 1920 - 1700 = 220 columns on the left monitor, 155 on the right.
        XCTAssertEqual(DisplayRate.rate(for: window(x: 1700), crtcs: desk), 60)
        // 1920 - 1800 = 120 on the left, 255 on the right.
        XCTAssertEqual(DisplayRate.rate(for: window(x: 1800), crtcs: desk), 144)
    }

    func testBelowTheShorterMonitorOnlyTheTallerOneShowsTheWindow() {
        // y 1000...1667: 80 rows on the 60 Hz monitor, 440 rows of the part right of x 1920 on the 144 Hz one.
        XCTAssertEqual(DisplayRate.rate(for: window(x: 1700, y: 1000), crtcs: desk), 144)
    }

    func testAnExactTieGoesToTheFirstMonitor() {
        let w = PixelRect(x: 1920 - 200, y: 0, width: 400, height: 600)
        XCTAssertEqual(DisplayRate.rate(for: w, crtcs: desk), 60)
    }

    func testOffScreenTakesTheFirstMonitorWithARate() {
        XCTAssertEqual(DisplayRate.rate(for: window(x: -5000), crtcs: desk), 60)
        let firstWithoutRate = [CRTCLayout(area: desk[0].area, rate: nil), desk[1]]
        XCTAssertEqual(DisplayRate.rate(for: window(x: -5000), crtcs: firstWithoutRate), 144)
    }

    func testAMonitorWithoutAUsableRateIsPassedOver() {
        let virtualFirst = [CRTCLayout(area: desk[0].area, rate: nil), desk[1]]
        XCTAssertEqual(DisplayRate.rate(for: window(x: 100), crtcs: virtualFirst), 144)
        XCTAssertNil(DisplayRate.rate(for: window(x: 100), crtcs: [CRTCLayout(area: desk[0].area, rate: nil)]))
        XCTAssertNil(DisplayRate.rate(for: window(x: 100), crtcs: []))
    }
}
