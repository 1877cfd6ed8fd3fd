import XCTest
import ModalKitBase
import ModalKitPixels
@testable import ModalKitUI

/// The selected segment's title is semibold, as iOS 13 and later draw it (UISegmentedControl's selected title is
/// the system font at .semibold); it was bold.
final class SegmentedSelectedWeightTests: XCTestCase {
    func testTheSelectedTitleIsSemibold() {
        let titles = ["Medium", "Large"], width = 240.0, height = 28.0, scale = 2.0
        let root = ViewController()
        let env = UITestEnvironment(root: root)
        root.view.backgroundColor = .white
        let control = SegmentedControl(items: titles, frame: Rect(x: 0, y: 0, width: width, height: height))
        control.selectedSegmentIndex = 0
        root.view.addSubview(control)
        var bitmap = Bitmap(width: Int(375 * scale), height: Int(667 * scale))
        env.window.render(into: &bitmap, scale: scale)
        let size = control.titleSize(canvas: Canvas(bitmap: Bitmap(width: 1, height: 1), scale: scale))
        let segment = Rect(x: 0, y: 0, width: width / 2, height: height)
        /// The title drawn alone on white, as the control draws it, at `weight`.
        func reference(_ weight: FontDescriptor.Weight) -> Bitmap {
            let canvas = Canvas(bitmap: Bitmap(width: Int(width * scale), height: Int(height * scale)), scale: scale)
            canvas.fill(Rect(x: 0, y: 0, width: width, height: height), color: .white)
            Label.drawLine(
                titles[0], font: FontDescriptor(size: size, weight: weight), color: .label, alignment: .center,
                in: segment, canvas: canvas)
            return canvas.bitmap
        }
        // Inside the white thumb, clear of its rounded edge and shadow: only the title's pixels differ from white.
        let columns = Int(8 * scale) ..< Int((segment.width - 8) * scale)
        let rows = Int(5 * scale) ..< Int((height - 5) * scale)
        func differences(_ other: Bitmap) -> Int {
            var count = 0
            for y in rows { for x in columns where bitmap[x, y] != other[x, y] { count += 1 } }
            return count
        }
        let semibold = reference(.semibold), bold = reference(.bold)
        XCTAssertGreaterThan(differences(bold), 50, "bold and semibold look different here")
        XCTAssertEqual(differences(semibold), 0, "the selected title is drawn semibold")
        XCTAssertEqual(size, 13, "two short titles keep the full size")
    }
}
