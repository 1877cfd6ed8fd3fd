import XCTest
import ModalKitBase
import ModalKitPixels
@testable import ModalKitUI

/// The edge below an iOS 26 sheet (the dimmed screen behind, under the inset and outside the bottom corners) is
/// drawn every frame of a drag; the columns wholly inside the sheet, most of its band, are found a row at a time
/// from the shape rather than asked of each pixel, and that changes no pixel.
final class SheetEdgeTests: XCTestCase {
    /// For shapes at fractional places with corners from none to larger than the band, every column found inside
    /// is inside (`outside` is 0 there), and at most three columns each side that are inside were not found.
    func testTheColumnsFoundInsideAreInsideAndNearlyAllOfThem() {
        var found = 0
        for radius in [0.0, 0.4, 3.25, 20, 47.5, 124] {
            for (left, right) in [(0.0, 804.0), (16.37, 787.63), (7.5, 380.25)] {
                let bottom = 1731.8, centers = (0 ..< 820).map { Double($0) - 3.5 }
                var y = bottom - radius - 4.25
                while y < bottom + 2 {
                    let inside = SheetEdgeView.insideColumns(
                        centers, y: y, left: left, right: right, bottom: bottom, radius: radius)
                    let zero = centers.indices.filter {
                        SheetEdgeView.outside(
                            x: centers[$0], y: y, left: left, right: right, bottom: bottom, radius: radius) == 0
                    }
                    let label = "radius \(radius), \(left)...\(right), row at \(y)"
                    for i in inside {
                        XCTAssertEqual(
                            SheetEdgeView.outside(
                                x: centers[i], y: y, left: left, right: right, bottom: bottom, radius: radius), 0,
                            "\(label): column \(i) at \(centers[i]) was found inside")
                    }
                    let missed = zero.filter { !inside.contains($0) }
                    let ends = inside.isEmpty ? [] : [inside.lowerBound, inside.upperBound]
                    XCTAssertTrue(
                        missed.allSatisfy { i in ends.contains { abs($0 - i) <= 3 } } || missed.count <= 6,
                        "\(label): \(missed.count) columns inside were not found (\(inside))")
                    found += inside.count
                    y += 0.37
                }
            }
        }
        XCTAssertGreaterThan(found, 1_000_000, "most columns were found")
        let none = SheetEdgeView.insideColumns([], y: 0, left: 0, right: 10, bottom: 10, radius: 2)
        XCTAssertTrue(none.isEmpty, "no columns, none inside")
        let huge = SheetEdgeView.insideColumns([0, 1, 2], y: 0, left: -1e300, right: 1e300, bottom: 1e300, radius: 2)
        XCTAssertTrue(huge.isEmpty, "a shape past any canvas: left to the per-pixel path")
    }

    /// Every frame of a drag from medium toward large (the inset and the bottom corners shrinking, the screen
    /// behind shrinking under the edge) is byte for byte the frame whose edge asked every pixel, at both scales.
    func testFindingTheInsideColumnsChangesNoPixel() {
        for scale in [1.0, 2.0] {
            let env = UITestEnvironment(size: Size(width: 160, height: 284))
            env.window.displayCornerRadius = 24
            let screen = env.window.rootViewController!.view
            screen.backgroundColor = Color(rgb: 0xF2F2F7)
            for i in 0 ..< 12 {
                let row = View(frame: Rect(x: 6 + Double(i) * 1.5, y: 8 + Double(i) * 22.5, width: 128, height: 16.5))
                row.backgroundColor = Color(rgb: UInt32(0x1F_3F7F &* (i + 1)) & 0xFF_FFFF)
                screen.addSubview(row)
            }
            let content = ViewController()
            content.modalPresentationStyle = .pageSheet
            content.view.backgroundColor = Color(rgb: 0xF2F2F7)
            let sheet = content.sheetPresentationController!
            sheet.floatingStyle = SheetPresentationController.FloatingStyle()
            sheet.detents = [.medium(), .large()]
            sheet.dimmingAlpha = 0.48
            env.window.rootViewController?.present(content, animated: false)
            env.run(for: 0.5)
            var fast = Bitmap(width: Int(160 * scale), height: Int(284 * scale)), reference = fast
            _ = sheet.beginInteractiveMove()
            var insets = Set<Double>()
            for k in 0 ..< 14 {
                sheet.moveInteractively(by: -7.3)
                env.run(for: UITestEnvironment.frameInterval)
                sheet.edgeView.findsInsideColumns = true
                sheet.edgeView.setNeedsDisplay()
                env.window.render(into: &fast, scale: scale)
                sheet.edgeView.findsInsideColumns = false
                sheet.edgeView.setNeedsDisplay()
                env.window.render(into: &reference, scale: scale)
                let differing = zip(fast.pixels, reference.pixels).filter { $0 != $1 }.count
                XCTAssertEqual(differing, 0, "@\(scale)x frame \(k) at \(sheet.position): \(differing) pixels differ")
                insets.insert(sheet.floatingCardFrame?.minX ?? 0)
            }
            XCTAssertGreaterThan(insets.count, 10, "@\(scale)x the inset changed every frame: \(insets.sorted())")
        }
    }
}
