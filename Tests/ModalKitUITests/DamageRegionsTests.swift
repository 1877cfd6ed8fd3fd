import XCTest
import ModalKitPixels
@testable import ModalKitUI

/// How a frame's changes become the few rectangles it redraws.
final class DamageRegionsTests: XCTestCase {
    private func rect(y: Int, height: Int, x: Int = 0, width: Int = 375) -> PixelRect {
        PixelRect(x: x, y: y, width: width, height: height)
    }

    func testFarApartChangesStayApartAndNearOnesJoin() {
        var regions = DamageRegions()
        regions.add(rect(y: 0, height: 170))
        regions.add(rect(y: 589, height: 16, x: 18, width: 339))
        XCTAssertEqual(regions.rects.count, 2, "a card's top and a HUD line far below are redrawn apart")
        regions.add(rect(y: 180, height: 10))
        XCTAssertEqual(regions.rects.count, 2, "a change 10 rows below the first joins it")
        XCTAssertTrue(regions.rects.contains(rect(y: 0, height: 190)), "\(regions.rects)")
        regions.add(rect(y: 150, height: 460))
        XCTAssertEqual(regions.rects, [rect(y: 0, height: 610)], "one that meets both joins all three")
        regions.add(.zero)
        XCTAssertEqual(regions.rects.count, 1)
        regions.removeAll()
        XCTAssertEqual(regions.union, .zero)
    }

    func testAtMostThreeRectanglesTheCheapestPairJoined() {
        var regions = DamageRegions()
        for y in [0, 100, 200, 300] { regions.add(rect(y: y, height: 10, x: y, width: 20)) }
        XCTAssertEqual(regions.rects.count, DamageRegions.limit)
        XCTAssertEqual(regions.union, PixelRect(x: 0, y: 0, width: 320, height: 310))
        let covered = regions.rects.reduce(0) { $0 + $1.width * $1.height }
        XCTAssertLessThan(covered, 320 * 310 / 4, "joining adds only the pixels between the two joined")
    }
}
