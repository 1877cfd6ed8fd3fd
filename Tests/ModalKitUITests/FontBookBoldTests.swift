import XCTest
import ModalKitPixels
@testable import ModalKitUI

/// `--font FILE` keeps bold text bold: the file is the regular face, its family's bold face draws bold. Before,
/// the one file drew both, so titles and the segmented control's selection lost their weight.
final class FontBookBoldTests: XCTestCase {
    func testAFontFileWithABoldFaceInItsFamilyUsesItForBold() throws {
        let regular = try Font.findPath(pattern: "DejaVu Sans:style=Book")
        guard regular.hasSuffix("/DejaVuSans.ttf") else { throw XCTSkip("DejaVu Sans is not installed: \(regular)") }
        let book = FontBook()
        try book.useFont(at: regular)
        XCTAssertEqual(book.font(.systemFont(ofSize: 12), scale: 1)?.path, regular)
        let bold = try XCTUnwrap(book.font(.boldSystemFont(ofSize: 12), scale: 1)?.path)
        XCTAssertTrue(bold.hasSuffix("/DejaVuSans-Bold.ttf"), bold)
    }

    func testTheBoldFaceDrawsWiderStrokes() throws {
        let regular = try Font.findPath(pattern: "DejaVu Sans:style=Book")
        let book = FontBook()
        try book.useFont(at: regular)
        let plain = try XCTUnwrap(book.font(.systemFont(ofSize: 20), scale: 1))
        let bold = try XCTUnwrap(book.font(.boldSystemFont(ofSize: 20), scale: 1))
        XCTAssertGreaterThan(bold.measure("Export"), plain.measure("Export") * 1.05, "bold is set wider")
    }
}
