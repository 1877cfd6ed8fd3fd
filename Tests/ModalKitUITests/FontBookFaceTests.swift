import XCTest
import ModalKitPixels
@testable import ModalKitUI

/// Inter is the UI face, at regular, semibold and bold; without it text falls back to fontconfig's sans-serif
/// (DejaVu Sans) with one notice, and `--font` wins over both.
final class FontBookFaceTests: XCTestCase {
    /// Counts the lookups, to show the book asks once per weight however many faces it opens.
    private final class Counter: @unchecked Sendable {
        var preferred = 0
    }

    private func book(interWeights: Set<FontDescriptor.Weight>, counter: Counter = Counter()) -> FontBook {
        FontBook(
            lookup: FontLookup(
                preferred: { weight in
                    counter.preferred += 1
                    return interWeights.contains(weight) ? FontLookup.fontconfig.preferred(weight) : nil
                },
                fallback: FontLookup.fontconfig.fallback))
    }

    private func requireInter() throws {
        guard Font.findPath(family: "Inter", weight: 80) != nil else { throw XCTSkip("fonts-inter is not installed") }
    }

    func testInterDrawsEachWeightFromItsOwnStaticFace() throws {
        try requireInter()
        let book = book(interWeights: [.regular, .semibold, .bold])
        XCTAssertEqual(book.font(.systemFont(ofSize: 17), scale: 1)?.path.hasSuffix("/Inter-Regular.otf"), true)
        XCTAssertEqual(
            book.font(.preferredFont(forTextStyle: .headline), scale: 1)?.path.hasSuffix("/Inter-SemiBold.otf"), true)
        XCTAssertEqual(book.font(.boldSystemFont(ofSize: 34), scale: 2)?.path.hasSuffix("/Inter-Bold.otf"), true)
        XCTAssertNil(book.fallbackNotice)
    }

    func testWithoutInterTextFallsBackToDejaVuWithOneNotice() throws {
        let counter = Counter()
        let book = book(interWeights: [], counter: counter)
        for style in TextStyle.allCases {
            for scale in [1.0, 2.0] {
                XCTAssertNotNil(book.font(.preferredFont(forTextStyle: style), scale: scale))
                XCTAssertNotNil(book.font(.preferredFont(forTextStyle: style).withWeight(.bold), scale: scale))
            }
        }
        XCTAssertEqual(counter.preferred, 3, "one look for each weight, not one a face")
        let notice = try XCTUnwrap(book.fallbackNotice)
        XCTAssertFalse(notice.contains("\n"), "one line")
        XCTAssertTrue(notice.contains("Inter") && notice.contains("fonts-inter"), notice)
        XCTAssertTrue(notice.contains("DejaVuSans.ttf"), notice)
        XCTAssertEqual(book.font(.systemFont(ofSize: 17), scale: 1)?.path.hasSuffix("/DejaVuSans.ttf"), true)
        XCTAssertEqual(
            book.font(.preferredFont(forTextStyle: .headline), scale: 1)?.path.hasSuffix("/DejaVuSans-Bold.ttf"), true,
            "DejaVu has no semibold: bold draws it")
    }

    func testAnInterMissingAWeightIsNotMixedWithTheFallback() throws {
        try requireInter()
        let book = book(interWeights: [.regular, .bold])
        XCTAssertEqual(book.font(.systemFont(ofSize: 17), scale: 1)?.path.hasSuffix("/DejaVuSans.ttf"), true)
        XCTAssertNotNil(book.fallbackNotice)
    }

    func testAFontFileWinsOverInterAndItsAbsence() throws {
        let dejaVu = try Font.findPath(pattern: "DejaVu Sans:style=Book")
        for weights: Set<FontDescriptor.Weight> in [[], [.regular, .semibold, .bold]] {
            let book = book(interWeights: weights)
            try book.useFont(at: dejaVu)
            XCTAssertEqual(book.font(.preferredFont(forTextStyle: .body), scale: 1)?.path, dejaVu)
            XCTAssertNil(book.fallbackNotice)
        }
    }

    func testInterNamedByItsFileDrawsSemiboldFromItsSemiboldFace() throws {
        try requireInter()
        let book = book(interWeights: [])
        try book.useFont(at: try XCTUnwrap(Font.findPath(family: "Inter", weight: 80)))
        XCTAssertEqual(
            book.font(.preferredFont(forTextStyle: .headline), scale: 1)?.path.hasSuffix("/Inter-SemiBold.otf"), true)
        XCTAssertEqual(book.font(.boldSystemFont(ofSize: 17), scale: 1)?.path.hasSuffix("/Inter-Bold.otf"), true)
    }

    func testTheBookTracksByTheStylesPointsTimesTheScale() throws {
        let book = book(interWeights: [])
        XCTAssertEqual(book.font(.preferredFont(forTextStyle: .body), scale: 2)?.tracking, -55.0 / 64, "-0.43 × 2")
        XCTAssertEqual(book.font(.preferredFont(forTextStyle: .largeTitle), scale: 1)?.tracking, 26.0 / 64)
        XCTAssertEqual(book.font(.systemFont(ofSize: 17), scale: 1)?.tracking, 0)
    }
}
