import XCTest
import Glibc
import ModalKitBase
import ModalKitMotion
import ModalKitPixels
import ModalKitTestSupport
@testable import ModalKitUI

/// What a scrolling list looks like and what a scroll frame costs: the content's cached layer moves, no text is
/// drawn again.
final class ScrollViewRenderingTests: XCTestCase {
    private func listFixture() -> (ScrollFixture, ElementList) {
        let f = ScrollFixture(contentHeight: 0)
        let list = ElementList(width: 375)
        list.shouldRasterize = true
        f.scrollView.contentSize = list.bounds.size
        f.scrollView.backgroundColor = .white
        f.scrollView.addSubview(list)
        return (f, list)
    }

    private func render(_ f: ScrollFixture, into bitmap: inout Bitmap, scale: Double = 1) {
        f.env.window.render(into: &bitmap, scale: scale)
    }

    func testScrollingMovesTheCachedListWithoutRedrawingItAndMatchesAFreshRender() {
        let (f, list) = listFixture()
        var frame = Bitmap(width: 375, height: 667)
        render(f, into: &frame)
        let listDraws = list.contentRenderCount, labelDraws = list.labels.map(\.contentRenderCount)
        for _ in 0 ..< 30 {
            f.wheel(7.5, precise: true)
            f.env.run(for: UITestEnvironment.frameInterval)
            render(f, into: &frame)
        }
        XCTAssertEqual(f.offsetY, 225)
        XCTAssertEqual(list.contentRenderCount, listDraws, "scrolling blits the list's cached layer")
        XCTAssertEqual(list.labels.map(\.contentRenderCount), labelDraws, "and draws no text again")
        XCTAssertEqual(frame, redrawnFromScratch(f), "the incrementally drawn frame equals a whole redraw")
        let rowTop = 225.0 - 5 * ElementList.rowHeight
        XCTAssertEqual(list.labels[5].convertToWindow(.zero).y, -rowTop, accuracy: 1e-9)
    }

    func testScrollingInsideACardRepaintsOnlyTheListsRectangleOfTheCard() {
        assertScrollingInsideACard(transparentList: false)
    }

    /// With a see-through list the card's own fill shows between the rows and must be repainted under them.
    func testScrollingATransparentListInsideACardRepaintsTheCardUnderIt() {
        assertScrollingInsideACard(transparentList: true)
    }

    private func assertScrollingInsideACard(transparentList: Bool, file: StaticString = #filePath, line: UInt = #line) {
        let (f, list) = listFixture()
        if transparentList {
            list.backgroundColor = .clear
            f.scrollView.backgroundColor = .clear
        }
        let card = View(frame: Rect(x: 0, y: 60, width: 375, height: 607))
        card.shouldRasterize = true
        card.backgroundColor = .white
        card.cornerRadius = 10
        card.maskedCorners = .top
        card.shadow = Shadow()
        f.scrollView.frame = Rect(x: 0, y: 20, width: 375, height: 587)
        card.addSubview(f.scrollView)
        f.env.window.rootViewController?.view.addSubview(card)
        var frame = Bitmap(width: 750, height: 1334)
        render(f, into: &frame, scale: 2)
        let cardDraws = card.contentRenderCount, listDraws = list.contentRenderCount
        for _ in 0 ..< 12 {
            f.wheel(9.5, precise: true)
            f.env.run(for: UITestEnvironment.frameInterval)
            render(f, into: &frame, scale: 2)
        }
        XCTAssertEqual(
            card.contentRenderCount, cardDraws, "the card's shadow and corners are not drawn again",
            file: file, line: line)
        XCTAssertEqual(
            card.partialRenderCount, 12, "only the list's rectangle of the card's pixels, once a frame",
            file: file, line: line)
        XCTAssertEqual(list.contentRenderCount, listDraws, file: file, line: line)
        XCTAssertEqual(
            frame, redrawnFromScratch(f, scale: 2), "and the frame is the same as a whole redraw",
            file: file, line: line)
    }

    /// The window drawn with every cached layer thrown away first: the reference for incremental frames.
    private func redrawnFromScratch(_ f: ScrollFixture, scale: Double = 1) -> Bitmap {
        func invalidate(_ view: View) { view.setNeedsDisplay(); view.subviews.forEach(invalidate) }
        invalidate(f.env.window)
        var fresh = Bitmap(width: Int(375 * scale), height: Int(667 * scale))
        render(f, into: &fresh, scale: scale)
        return fresh
    }

    func testTheIndicatorShowsWhileScrollingAndFadesAfterwards() {
        let (f, _) = listFixture()
        let indicator = f.scrollView.verticalIndicator
        XCTAssertEqual(indicator.alpha, 0, "hidden at rest")
        f.wheel(48, precise: false)
        XCTAssertEqual(indicator.alpha, 1)
        f.env.run(for: ScrollView.wheelClickDuration + ScrollGestureTracker.quietTime)
        XCTAssertEqual(indicator.alpha, 1, "still shown right after scrolling stops")
        f.env.run(for: ScrollIndicator.fadeDelay + ScrollIndicator.fadeDuration + 0.05)
        XCTAssertEqual(indicator.alpha, 0, "faded")
        // Proportions: 667 of 2200 points are visible, so the bar is that fraction of its track.
        let track = 667 - 2 * ScrollView.indicatorInset - ScrollView.indicatorThickness
        XCTAssertEqual(indicator.frame.height, track * 667 / 2200, accuracy: 1e-9)
        XCTAssertEqual(
            indicator.frame.minY - f.offsetY,
            ScrollView.indicatorInset + (48 / 1533) * (track - indicator.frame.height),
            accuracy: 1e-9)
        XCTAssertEqual(indicator.frame.maxX, 375 - ScrollView.indicatorInset, accuracy: 1e-9)
    }

    func testTheIndicatorShortensWhileTheContentIsStretched() {
        let (f, _) = listFixture()
        f.wheel(10, precise: true)
        let full = f.scrollView.verticalIndicator.frame.height
        for _ in 0 ..< 10 { f.wheel(-10, precise: true) }
        XCTAssertLessThan(f.offsetY, 0)
        XCTAssertEqual(f.scrollView.verticalIndicator.frame.height, full + f.offsetY, accuracy: 1e-9)
    }

    func testGoldenListMidScrollWithTheIndicator() {
        let (f, _) = listFixture()
        for _ in 0 ..< 40 { f.wheel(10.25, precise: true); f.env.run(for: 0.01) }
        XCTAssertEqual(f.scrollView.verticalIndicator.alpha, 1)
        var frame = Bitmap(width: 375, height: 667)
        render(f, into: &frame)
        assertMatchesGolden(frame, named: "ui-scroll-list-mid-scroll@1x")
        var retina = Bitmap(width: 750, height: 1334)
        render(f, into: &retina, scale: 2)
        assertMatchesGolden(retina, named: "ui-scroll-list-mid-scroll@2x")
    }

    /// Prints what a scroll frame costs next to a memcpy of the frame and a redraw of the list's text: the list
    /// full-window, and inside a card with a shadow and rounded corners (how a sheet will hold it).
    func testMeasureAScrollFrameAgainstAMemcpyOfTheFrame() {
        for inCard in [false, true] {
            for scale in [1.0, 2.0] { measureScrolling(scale: scale, inCard: inCard) }
        }
    }

    private func measureScrolling(scale: Double, inCard: Bool) {
        let (f, list) = listFixture()
        if inCard {
            let card = View(frame: Rect(x: 0, y: 60, width: 375, height: 607))
            card.shouldRasterize = true
            card.backgroundColor = .white
            card.cornerRadius = 10
            card.maskedCorners = .top
            card.shadow = Shadow()
            f.scrollView.frame = card.bounds
            card.addSubview(f.scrollView)
            f.env.window.rootViewController?.view.addSubview(card)
        }
        var frame = Bitmap(width: Int(375 * scale), height: Int(667 * scale))
        render(f, into: &frame, scale: scale)
        let draws = list.contentRenderCount
        var scrollTimes: [Double] = [], redrawTimes: [Double] = []
        // Only a release build's numbers mean anything (swift test -c release -Xswiftc -enable-testing); a debug
        // run takes a few samples so the checks still run without slowing the suite.
        #if DEBUG
        let (frames, redraws) = (20, 2)
        #else
        let (frames, redraws) = (240, 20)
        #endif
        for i in 0 ..< frames {
            f.wheel(i < frames / 2 ? 5 : -5, precise: true)
            scrollTimes.append(timed { render(f, into: &frame, scale: scale) })
        }
        XCTAssertEqual(list.contentRenderCount, draws, "a scroll frame redraws no content")
        for _ in 0 ..< redraws {
            list.setNeedsDisplay()
            list.labels.forEach { $0.setNeedsDisplay() }
            redrawTimes.append(timed { render(f, into: &frame, scale: scale) })
        }
        let copy = memcpyTimes(count: frame.pixels.count)
        print(
            String(
                format: "scroll frame @%.0fx%@: render p50 %.3f ms, p99 %.3f ms; memcpy of the frame p50 %.3f ms;"
                    + " re-rendering the list's text p50 %.3f ms", scale, inCard ? " in a card" : "",
                1000 * percentile(scrollTimes, 0.5), 1000 * percentile(scrollTimes, 0.99),
                1000 * percentile(copy, 0.5), 1000 * percentile(redrawTimes, 0.5)))
    }

    private func timed(_ body: () -> Void) -> Double {
        let t0 = MonotonicClock().now
        body()
        return MonotonicClock().now - t0
    }

    private func memcpyTimes(count: Int) -> [Double] {
        var source = [UInt32](repeating: 0x12345678, count: count), target = [UInt32](repeating: 0, count: count)
        var times: [Double] = []
        source.withUnsafeMutableBufferPointer { src in
            target.withUnsafeMutableBufferPointer { dst in
                guard let from = src.baseAddress, let to = dst.baseAddress else { return }
                for i in 0 ..< 60 {
                    src[i % count] = UInt32(i)
                    times.append(timed { memcpy(to, from, count * 4) })
                }
            }
        }
        return times
    }

    private func percentile(_ values: [Double], _ p: Double) -> Double {
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * p))]
    }
}
