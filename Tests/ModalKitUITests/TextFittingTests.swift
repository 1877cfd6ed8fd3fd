import XCTest
import ModalKitBase
import ModalKitPixels
@testable import ModalKitUI

/// Lines too wide for their box are cut with "…", at a word boundary where that keeps most of the line, and are
/// never wider than the box with the real font at 1x and 2x. Labels (so every HUD and inspector line) draw that.
final class TextFittingTests: XCTestCase {
    /// Ten points a character: widths a reader can count.
    private func fit(_ text: String, _ width: Double) -> String {
        TextFitting.fit(text, width: width) { Double($0.count) * 10 }
    }

    func testTextThatFitsIsLeftAlone() {
        XCTAssertEqual(fit("progress 0.30", 130), "progress 0.30")
    }

    func testALongLineIsCutAtTheLastWordThatFitsWithAnEllipsis() {
        // 20 characters fit: 19 and "…"; the 19 ("Drag down: a percen") end mid-word, so the cut backs up a word.
        XCTAssertEqual(fit("Drag down: a percent-driven dismissal that finishes past", 200), "Drag down: a…")
    }

    func testASeparatorBeforeTheCutIsDropped() {
        // 13 fit before "…": "export failed" then " · " would dangle.
        XCTAssertEqual(fit("export failed · cannot write /tmp/x.json", 140), "export failed…")
    }

    func testOneLongWordIsCutMidWord() {
        XCTAssertEqual(fit("minimumScreenRatioToHide", 100), "minimumSc…")
    }

    func testAHyphenIsAWordBoundary() {
        // 15 fit before "…": "a percent-drive"; the hyphen is the last boundary.
        XCTAssertEqual(fit("a percent-driven dismissal", 160), "a percent…")
    }

    func testAWordBoundaryFarBackIsNotTaken() {
        // "a" is one character of the nine that fit: cutting there would throw away most of the room.
        XCTAssertEqual(fit("a minimumScreenRatioToHide", 100), "a minimum…")
    }

    func testABoxNarrowerThanTheEllipsisShowsNothing() {
        XCTAssertEqual(fit("threshold", 5), "")
        XCTAssertEqual(fit("threshold", 10), "…")
    }

    /// With the font the lab draws, at 1x and 2x: never wider than the box, cut lines end in "…", a word cut kept
    /// where the words allow it.
    func testWithTheRealFontLinesAreNeverWiderThanTheirBox() throws {
        let texts = [
            "Drag down: a percent-driven dismissal that finishes past the threshold",
            "export written to /tmp/a-rather-long-folder-name/parameters.json and parameters.swift",
            "minimumScreenRatioToHide", "y 198 ≤ 334 or v 660 ≤ 1500: will reset"
        ]
        for scale in [1.0, 2.0] {
            let canvas = Canvas(bitmap: Bitmap(width: 1, height: 1), scale: scale)
            let font = FontDescriptor.systemFont(ofSize: 12)
            for text in texts {
                for width in stride(from: 8.0, through: 320, by: 13) {
                    let shown = canvas.fitting(text, font: font, width: width)
                    XCTAssertLessThanOrEqual(
                        canvas.measure(shown, font: font), width, "\(text) in \(width) at \(scale)x")
                    if shown != text { XCTAssertTrue(shown.isEmpty || shown.hasSuffix("…"), "\(shown) at \(scale)x") }
                }
            }
            let cut = canvas.fitting(texts[0], font: font, width: 200), head = String(cut.dropLast())
            XCTAssertTrue(texts[0].hasPrefix(head), "\(cut) at \(scale)x")
            let next = texts[0].dropFirst(head.count).first
            XCTAssertTrue(next == " " || next == "-", "\(cut) ends on a whole word at \(scale)x")
        }
    }

    /// A label whose text is wider than its frame draws exactly the fitted line: before, it drew the whole line
    /// and its frame cut the last glyph in half with no ellipsis.
    func testALabelDrawsItsTextFittedToItsWidth() {
        let long = "Drag down: a percent-driven dismissal that finishes past the threshold"
        for scale in [1.0, 2.0] {
            let canvas = Canvas(bitmap: Bitmap(width: 1, height: 1), scale: scale)
            let fitted = canvas.fitting(long, font: .systemFont(ofSize: 12), width: 200)
            XCTAssertNotEqual(fitted, long)
            XCTAssertTrue(pixels(of: long, scale: scale) == pixels(of: fitted, scale: scale), "at \(scale)x")
        }
    }

    private func pixels(of text: String, scale: Double) -> Bitmap {
        let root = ViewController()
        let env = UITestEnvironment(root: root)
        root.view.backgroundColor = .white
        root.view.addSubview(
            Label(text: text, font: .systemFont(ofSize: 12), frame: Rect(x: 20, y: 20, width: 200, height: 16)))
        var bitmap = Bitmap(width: Int(375 * scale), height: Int(667 * scale))
        env.window.render(into: &bitmap, scale: scale)
        return bitmap
    }
}
