import XCTest
import ModalKit
@testable import ModalLab
@testable import ModalLabCore

/// The sheet's list keeps views and cached pixels only for the places in view, however many places it holds.
final class TripListTests: XCTestCase {
    private final class Forwarder: ScrollViewDelegate {
        let list: TripList
        init(_ list: TripList) { self.list = list }
        func scrollViewDidScroll(_ scrollView: ScrollView) {
            list.showRows(top: scrollView.bounds.minY, bottom: scrollView.bounds.maxY)
        }
    }

    func testTenThousandPlacesKeepAScreenfulOfRowsAndTheRowInViewShowsItsPlace() throws {
        let places = (0 ..< 10_000).map { ("Place \($0)", "Quarter \($0 % 7)") }
        let window = Window(size: Size(width: 375, height: 667))
        let scrollView = ScrollView(frame: Rect(x: 0, y: 60, width: 375, height: 577))
        let caches = View.liveLayerCaches
        let list = TripList(places: places)
        let forwarder = Forwarder(list)
        scrollView.delegate = forwarder
        scrollView.addSubview(list)
        window.addSubview(scrollView)
        list.layout(width: 375)
        scrollView.contentSize = Size(width: 375, height: list.frame.height)
        var frame = Bitmap(width: 375, height: 667)
        let inView = Int((577 / GroupedRow.height).rounded(.up)) + 3
        for offset in [0, 200_000, scrollView.offsetRange.y.upperBound, 5_000] {
            scrollView.contentOffset = Point(x: 0, y: offset)
            XCTAssertLessThanOrEqual(list.shownRows.count, inView, "at \(offset): rows only for what is in view")
            XCTAssertLessThanOrEqual(list.subviews.count, 6 + inView, "at \(offset): the other places are no views")
            guard list.subviews.count <= 6 + inView else { return }
            window.render(into: &frame, scale: 1)
        }
        XCTAssertLessThanOrEqual(View.liveLayerCaches - caches, 2 * inView + 12, "layers for a screenful, not 10,000")
        let first = try XCTUnwrap(list.shownRows.keys.min())
        XCTAssertEqual(list.shownRows[first]?.title, places[first].0, "a reused row shows its new place")
        XCTAssertEqual(list.shownRows[first]?.value, places[first].1)
        XCTAssertLessThanOrEqual(
            list.shownRows[first]?.frame.minY ?? .infinity, 5_000, "the rows are where the list is shown")
        XCTAssertGreaterThan(list.shownRows[first]?.frame.maxY ?? 0, 5_000 - 44)
    }
}
