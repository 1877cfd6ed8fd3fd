import XCTest
import ModalKitBase
import ModalKitPixels
@testable import ModalKitUI

/// A label whose text changes redraws only the glyphs that changed (the HUD's numbers, every frame), and the
/// frame it gives is the frame a fresh window with the new text draws, at scale 1 and 2.
final class LabelGlyphRedrawTests: XCTestCase {
    private static let lines = [
        "drag 12.3 pt  v 456 pt/s", "drag 12.4 pt  v 456 pt/s", "drag 12.4 pt  v 1456 pt/s", "drag 9 pt",
        "drag 9 pt", "a line far too long for its label, cut with an ellipsis at its end", "done"
    ]

    /// A dark panel with one white 12-point label, as the lab's HUD draws a line (caption1, digits one width).
    private func window(text: String) -> (Window, Label) {
        let window = Window(size: Size(width: 375, height: 667))
        window.rootViewController = ViewController()
        window.rootViewController?.view.backgroundColor = .white
        let panel = View(frame: Rect(x: 8, y: 580, width: 359, height: 76))
        panel.shouldRasterize = true
        panel.backgroundColor = Color(white: 0.12)
        panel.cornerRadius = 10
        let label = Label(
            text: text, font: .preferredFont(forTextStyle: .caption1).withMonospacedDigits(), textColor: .white)
        label.frame = Rect(x: 10, y: 6, width: 339, height: 16)
        panel.addSubview(label)
        window.addSubview(panel)
        return (window, label)
    }

    private func fresh(_ text: String, scale: Double) -> Bitmap {
        var bitmap = Bitmap(width: Int(375 * scale), height: Int(667 * scale))
        _ = window(text: text).0.render(into: &bitmap, scale: scale)
        return bitmap
    }

    func testEachTextChangeRedrawsPartOfTheLabelAndGivesTheFreshFrame() {
        for scale in [1.0, 2.0] {
            let (window, label) = window(text: LabelGlyphRedrawTests.lines[0])
            var frame = Bitmap(width: Int(375 * scale), height: Int(667 * scale))
            _ = window.render(into: &frame, scale: scale)
            let wholeDraws = label.contentRenderCount
            for text in LabelGlyphRedrawTests.lines.dropFirst() {
                label.text = text
                _ = window.render(into: &frame, scale: scale)
                XCTAssertTrue(frame == fresh(text, scale: scale), "'\(text)' at \(scale)x")
            }
            XCTAssertEqual(label.contentRenderCount, wholeDraws, "no change redrew the whole label at \(scale)x")
        }
    }

    /// One digit changed: the frame's damage is about a digit wide, not the label's 339 points.
    func testADigitChangeDamagesTheDigit() throws {
        let (window, label) = window(text: "drag 12.3 pt  v 456 pt/s")
        var frame = Bitmap(width: 375, height: 667)
        _ = window.render(into: &frame, scale: 1)
        label.text = "drag 12.4 pt  v 456 pt/s"
        let damage = try XCTUnwrap(window.render(into: &frame, scale: 1))
        XCTAssertLessThanOrEqual(damage.width, 12, "\(damage)")
        XCTAssertGreaterThan(damage.x, 18 + 30, "\(damage) starts at the digit")
        XCTAssertTrue(frame == fresh("drag 12.4 pt  v 456 pt/s", scale: 1))
    }

    /// A new color is a new line: drawn whole.
    func testAColorChangeRedrawsTheWholeLabel() {
        let (window, label) = window(text: "drag 12.3 pt")
        var frame = Bitmap(width: 375, height: 667)
        _ = window.render(into: &frame, scale: 1)
        let wholeDraws = label.contentRenderCount
        label.textColor = Color(rgb: 0xFF3B30)
        label.text = "drag 12.4 pt"
        _ = window.render(into: &frame, scale: 1)
        XCTAssertEqual(label.contentRenderCount, wholeDraws + 1)
    }
}
