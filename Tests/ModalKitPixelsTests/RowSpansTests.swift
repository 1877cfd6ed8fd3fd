import ModalKitBase
import ModalKitPixels
import XCTest

/// A blit guided by row spans must give exactly the bytes of the blit that looks at every pixel.
final class RowSpansTests: XCTestCase {
    /// A layer like a card's: transparent margins, translucent edges (a shadow), an opaque middle that a few
    /// translucent or clear pixels interrupt, and wholly transparent and wholly opaque rows.
    private func layer(_ width: Int, _ height: Int, seed: UInt64) -> Bitmap {
        var random = TestRandom(state: seed)
        var b = Bitmap(width: width, height: height)
        for y in 0 ..< height where y % 7 != 3 {
            let edge = Int(random.next(UInt32(max(width / 3, 1))))
            for x in edge ..< max(edge, width - edge) {
                let inMiddle = x > edge + 2 && x < width - edge - 3
                b[x, y] = random.pixel(opaque: inMiddle && random.next(12) != 0)
            }
            if y % 5 == 0, width > 4 { b[width / 2, y] = 0 }
            // A clear gap of two groups of four between opaque stretches: not one run.
            if y % 4 == 1, width > 16 {
                for x in (width / 3 + 3) / 4 * 4 ..< (width / 3 + 3) / 4 * 4 + 8 { b[x, y] = 0 }
            }
            if y % 11 == 0 { for x in 0 ..< width { b[x, y] = random.pixel(opaque: true) } }
        }
        return b
    }

    private func background(_ width: Int, _ height: Int, seed: UInt64) -> Bitmap {
        var random = TestRandom(state: seed)
        var b = Bitmap(width: width, height: height)
        for i in b.pixels.indices { b.pixels[i] = random.pixel(opaque: random.next(3) != 0) }
        return b
    }

    /// Draws `source` at (x, y) with and without its spans over the same background and compares every pixel.
    private func assertSameBytes(
        _ source: Bitmap, x: Double, y: Double, opacity: Double = 1, scale: Double = 1,
        clip: PixelRect? = nil, target: (Int, Int) = (40, 30), mustDraw: Bool = true,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let base = background(target.0, target.1, seed: 99)
        var general = base, guided = base
        general.draw(source, x: x, y: y, scale: scale, opacity: opacity, clip: clip)
        guided.draw(source, x: x, y: y, scale: scale, opacity: opacity, clip: clip, spans: RowSpans(of: source))
        XCTAssertEqual(
            differences(guided, general), 0, "pixels differing at (\(x), \(y)) opacity \(opacity)",
            file: file, line: line)
        if mustDraw {
            XCTAssertGreaterThan(differences(general, base), 0, "the draw changed nothing", file: file, line: line)
        }
    }

    private func differences(_ a: Bitmap, _ b: Bitmap) -> Int {
        zip(a.pixels, b.pixels).filter { $0 != $1 }.count
    }

    func testEveryOffsetAndClipGivesTheGeneralBlitsBytes() {
        let source = layer(23, 17, seed: 5)
        for (x, y) in [(0.0, 0.0), (9, 7), (-5, -4), (30, 20), (-20, 3), (4, -14)] {
            assertSameBytes(source, x: x, y: y)
            assertSameBytes(source, x: x, y: y, clip: PixelRect(x: 3, y: 2, width: 11, height: 9), mustDraw: false)
        }
    }

    func testOpacityBelowOneBlendsTheOpaqueRunsToo() {
        let source = layer(23, 17, seed: 8)
        for opacity in [0.999, 0.5, 0.1] { assertSameBytes(source, x: 6, y: 4, opacity: opacity) }
    }

    func testOnePixelWideAndOneRowLayers() {
        assertSameBytes(layer(1, 17, seed: 3), x: 7, y: 2)
        assertSameBytes(layer(1, 17, seed: 3), x: 7, y: 2, opacity: 0.5)
        assertSameBytes(layer(29, 1, seed: 4), x: -3, y: 5)
    }

    func testHugeOffsetsDrawNothingAndNeverReachOutside() {
        let source = layer(23, 17, seed: 6)
        let base = background(40, 30, seed: 99)
        for (x, y) in [(1e8, 2.0), (-1e8, 2), (3, 5e8), (4, -5e8)] {
            var guided = base
            guided.draw(source, x: x, y: y, spans: RowSpans(of: source))
            XCTAssertEqual(differences(guided, base), 0, "(\(x), \(y))")
        }
    }

    /// Scaled and fractional draws sample bilinearly and ignore the spans.
    func testScaleTwoAndFractionalPositionsIgnoreSpans() {
        let source = layer(12, 9, seed: 2)
        assertSameBytes(source, x: 2, y: 3, scale: 2)
        assertSameBytes(source, x: 2.5, y: 3.25)
    }

    /// Spans measured for other pixels (or another size) must not be trusted for size, and are re-measured
    /// by row after a partial redraw.
    func testUpdatedRowsFollowARedraw() {
        var source = layer(23, 17, seed: 5)
        var spans = RowSpans(of: source)
        for x in 0 ..< 23 { source[x, 4] = 0xFF12_3456; source[x, 9] = 0 }
        spans.update(rows: 4 ..< 10, of: source)
        let base = background(40, 30, seed: 99)
        var general = base, guided = base
        general.draw(source, x: 8, y: 6)
        guided.draw(source, x: 8, y: 6, spans: spans)
        XCTAssertEqual(differences(guided, general), 0)

        let wrongSize = RowSpans(of: Bitmap(width: 22, height: 17))
        var ignored = base
        ignored.draw(source, x: 8, y: 6, spans: wrongSize)
        XCTAssertEqual(differences(ignored, general), 0)
    }

    /// Rows match when they and every row between them hold the same pixels, also after a partial update.
    func testRowsMatchAcrossARunOfIdenticalRowsAndFollowUpdates() {
        var b = Bitmap(width: 9, height: 12)
        for y in 0 ..< 12 { for x in 0 ..< 9 { b[x, y] = y < 3 ? UInt32(0xFF00_0000 + y) : 0xFFFF_FFFF } }
        var spans = RowSpans(of: b)
        XCTAssertTrue(spans.rowsMatch(3, 11))
        XCTAssertEqual(spans.matchingRows(from: 3, and: 5), 7, "rows 5 to 11 with 3 to 9")
        XCTAssertEqual(spans.matchingRows(from: 2, and: 3), 0)
        XCTAssertFalse(spans.rowsMatch(1, 2))
        XCTAssertFalse(spans.rowsMatch(2, 3))
        b[4, 7] = 0xFF00_0000
        spans.update(rows: 7 ..< 8, of: b)
        XCTAssertTrue(spans.rowsMatch(3, 6))
        XCTAssertFalse(spans.rowsMatch(6, 7))
        XCTAssertFalse(spans.rowsMatch(7, 8), "the row below an updated one is compared again")
        XCTAssertTrue(spans.rowsMatch(8, 11))
        XCTAssertEqual(spans.matchingRows(from: 3, and: 4), 3, "the run before the changed row ends at it")
        b[4, 7] = 0xFFFF_FFFF
        spans.update(rows: 7 ..< 8, of: b)
        XCTAssertTrue(spans.rowsMatch(3, 11))
        XCTAssertEqual(spans.matchingRows(from: 3, and: 4), 8, "and reaches the bottom again")
    }
}
