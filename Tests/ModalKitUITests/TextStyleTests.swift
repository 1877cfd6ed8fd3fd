import XCTest
@testable import ModalKitUI

/// The text styles are Apple's HIG tables at the Large content size: "Dynamic Type sizes" (size, weight, leading)
/// and "Tracking values" for SF Pro (points).
final class TextStyleTests: XCTestCase {
    func testEachStyleHasTheHIGsSizeWeightTrackingAndLeading() {
        let hig: [(TextStyle, Double, FontDescriptor.Weight, Double, Double)] = [
            (.largeTitle, 34, .regular, 0.40, 41), (.title1, 28, .regular, 0.38, 34),
            (.title2, 22, .regular, -0.26, 28),
            (.title3, 20, .regular, -0.45, 25), (.headline, 17, .semibold, -0.43, 22), (.body, 17, .regular, -0.43, 22),
            (.callout, 16, .regular, -0.31, 21), (.subheadline, 15, .regular, -0.23, 20),
            (.footnote, 13, .regular, -0.08, 18), (.caption1, 12, .regular, 0, 16), (.caption2, 11, .regular, 0.06, 13)
        ]
        XCTAssertEqual(hig.map(\.0), TextStyle.allCases)
        for (style, size, weight, tracking, leading) in hig {
            XCTAssertEqual(style.size, size, "\(style)")
            XCTAssertEqual(style.weight, weight, "\(style)")
            XCTAssertEqual(style.tracking, tracking, "\(style)")
            XCTAssertEqual(style.leading, leading, "\(style)")
            XCTAssertEqual(
                FontDescriptor.preferredFont(forTextStyle: style),
                FontDescriptor(size: size, weight: weight, tracking: tracking), "\(style)")
        }
    }

    func testABoldStyleKeepsItsSizeAndTracking() {
        XCTAssertEqual(
            FontDescriptor.preferredFont(forTextStyle: .largeTitle).withWeight(.bold),
            FontDescriptor(size: 34, weight: .bold, tracking: 0.40))
    }
}
