import XCTest
import ModalKitBase
import ModalKitPixels
@testable import ModalKitUI

/// A segmented control draws every title at one size: before, each title shrank on its own to fit its segment,
/// so a row of curves showed four sizes side by side.
final class SegmentedTitleSizeTests: XCTestCase {
    /// Titles of "l" and "d" (same ascender height, no descender): the ink's height is the font's size.
    func testEveryTitleIsDrawnAtOneSizeWhateverItsLength() {
        for scale in [1.0, 2.0] {
            let heights = inkHeights(titles: ["ld", "ldldldldldld", "ldl", "ldldld"], selected: 2, scale: scale)
            XCTAssertEqual(Set(heights).count, 1, "ink heights \(heights) at \(scale)x")
        }
    }

    /// The size is the largest at which the widest title fits its segment in bold, so a short row stays at 13.
    func testShortTitlesKeepTheFullSize() {
        let control = SegmentedControl(items: ["on", "off"], frame: Rect(x: 0, y: 0, width: 200, height: 28))
        XCTAssertEqual(control.titleSize(canvas: Canvas(bitmap: Bitmap(width: 1, height: 1), scale: 1)), 13)
    }

    /// The height of the dark pixels in each segment of a control 240 points wide.
    private func inkHeights(titles: [String], selected: Int, scale: Double) -> [Int] {
        let root = ViewController()
        let env = UITestEnvironment(root: root)
        root.view.backgroundColor = .white
        let control = SegmentedControl(items: titles, frame: Rect(x: 0, y: 0, width: 240, height: 28))
        control.selectedSegmentIndex = selected
        root.view.addSubview(control)
        var bitmap = Bitmap(width: Int(375 * scale), height: Int(667 * scale))
        env.window.render(into: &bitmap, scale: scale)
        let segment = 240 / Double(titles.count) * scale
        return titles.indices.map { index in
            let columns = Int(Double(index) * segment + 4 * scale) ..< Int(Double(index + 1) * segment - 4 * scale)
            let rows = (0 ..< Int(28 * scale)).filter { y in columns.contains { x in isInk(bitmap[x, y]) } }
            return (rows.last ?? 0) - (rows.first ?? 0)
        }
    }

    private func isInk(_ pixel: UInt32) -> Bool {
        let r = (pixel >> 16) & 0xFF, g = (pixel >> 8) & 0xFF, b = pixel & 0xFF
        return r + g + b < 3 * 110
    }
}
