import XCTest
import ModalKitBase
import ModalKitPixels
@testable import ModalKitUI

/// Defence in depth: the lab bounds every size where it enters, and the view layer still does not trap when a
/// size past any canvas reaches it.
final class HugeViewTests: XCTestCase {
    func testAnOpaqueViewTooBigForIntegersCoversNothingCountable() {
        for side in [1e300, 1e19, -1e300] {
            let view = View(frame: Rect(x: 0, y: 0, width: side, height: side))
            view.backgroundColor = .white
            view.compositesAsGroup = false
            XCTAssertNil(view.opaqueArea(x: 0, y: 0, scale: 2), "\(side)")
            view.compositesAsGroup = true
            XCTAssertNil(view.opaqueArea(x: 0, y: 0, scale: 2), "\(side)")
        }
        let far = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        far.backgroundColor = .white
        XCTAssertNil(far.opaqueArea(x: 1e18, y: 0, scale: 1), "placed past any canvas")
    }

    func testAnOrdinaryOpaqueViewStillCoversItsPixels() {
        let view = View(frame: Rect(x: 0, y: 0, width: 100, height: 50))
        view.backgroundColor = .white
        XCTAssertEqual(view.opaqueArea(x: 10, y: 20, scale: 2), PixelRect(x: 10, y: 20, width: 200, height: 100))
    }
}
