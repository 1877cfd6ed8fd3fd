import XCTest
import ModalKitBase
@testable import ModalKitPixels

/// Anti-aliased lines against a reference: the area of the stroke (a capsule) inside each pixel, counted on a
/// 16 x 16 grid of sample points per pixel.
final class StrokeTests: XCTestCase {
    /// The reference coverage (0...1) of pixel (x, y) by the union of capsules of `width` around each segment.
    private func referenceCoverage(x: Int, y: Int, points: [Point], width: Double) -> Double {
        // A pixel whose centre is farther than half a diagonal from the stroke's edge is wholly out (or in).
        let centre = distance(Point(x: Double(x) + 0.5, y: Double(y) + 0.5), to: points)
        if centre > width / 2 + 0.75 { return 0 }
        if centre < width / 2 - 0.75 { return 1 }
        let n = 16
        var inside = 0
        for i in 0 ..< n {
            for j in 0 ..< n {
                let p = Point(
                    x: Double(x) + (Double(i) + 0.5) / Double(n), y: Double(y) + (Double(j) + 0.5) / Double(n))
                if distance(p, to: points) <= width / 2 { inside += 1 }
            }
        }
        return Double(inside) / Double(n * n)
    }

    /// The distance from `p` to the nearest point of the polyline.
    private func distance(_ p: Point, to points: [Point]) -> Double {
        zip(points, points.dropFirst()).map { a, b in
            let dx = b.x - a.x, dy = b.y - a.y, l2 = dx * dx + dy * dy
            let t = l2 > 0 ? min(1, max(0, ((p.x - a.x) * dx + (p.y - a.y) * dy) / l2)) : 0
            let ex = p.x - a.x - t * dx, ey = p.y - a.y - t * dy
            return (ex * ex + ey * ey).squareRoot()
        }.min() ?? .infinity
    }

    private func compare(
        _ points: [Point], width: Double, tolerance: Double, file: StaticString = #filePath, line: UInt = #line
    ) {
        var bitmap = Bitmap(width: 64, height: 64)
        bitmap.strokePolyline(points, width: width, color: .black)
        var worst = 0.0, ink = 0.0, referenceInk = 0.0
        for y in 0 ..< 64 {
            for x in 0 ..< 64 {
                let drawn = Double(alpha(bitmap[x, y])) / 255
                let expected = referenceCoverage(x: x, y: y, points: points, width: width)
                worst = max(worst, abs(drawn - expected))
                ink += drawn
                referenceInk += expected
            }
        }
        XCTAssertLessThanOrEqual(worst, tolerance, "largest per-pixel difference", file: file, line: line)
        XCTAssertEqual(ink, referenceInk, accuracy: referenceInk * 0.03, "total ink", file: file, line: line)
    }

    func testAHorizontalLineOnAPixelRowIsExact() {
        var bitmap = Bitmap(width: 40, height: 20)
        bitmap.strokeLine(from: Point(x: 5, y: 10.5), to: Point(x: 30, y: 10.5), width: 1, color: .black)
        for x in 6 ..< 30 {
            XCTAssertEqual(alpha(bitmap[x, 10]), 255, "x \(x)")
            XCTAssertEqual(alpha(bitmap[x, 9]), 0)
            XCTAssertEqual(alpha(bitmap[x, 11]), 0)
        }
    }

    func testALineBetweenRowsSharesThem() {
        var bitmap = Bitmap(width: 40, height: 20)
        bitmap.strokeLine(from: Point(x: 5, y: 10), to: Point(x: 30, y: 10), width: 1, color: .black)
        XCTAssertEqual(alpha(bitmap[15, 9]), 128)
        XCTAssertEqual(alpha(bitmap[15, 10]), 128)
        XCTAssertEqual(alpha(bitmap[15, 8]), 0)
    }

    func testDiagonalAndSteepLinesMatchTheReference() {
        // The cross-section rule treats a pixel as 1 wide across the line; at 45 degrees it is up to 1.4 wide, so
        // edge pixels can be off by about an eighth (0.125 measured), never more than 0.15.
        compare([Point(x: 6, y: 7), Point(x: 57, y: 50)], width: 1.5, tolerance: 0.15)
        compare([Point(x: 30.3, y: 4), Point(x: 36.8, y: 60)], width: 1, tolerance: 0.15)
        compare([Point(x: 4, y: 40.25), Point(x: 60, y: 20.75)], width: 3, tolerance: 0.15)
    }

    func testAThinLineIsFaint() {
        // Half a pixel wide, centred on a row, ends outside the bitmap: half of each pixel in the row.
        compare([Point(x: -10, y: 30.5), Point(x: 80, y: 30.5)], width: 0.5, tolerance: 0.01)
    }

    func testASharpJoinMatchesTheReference() {
        // Two segments meeting at a narrow angle share many pixels near the join: each counted once.
        compare([Point(x: 5, y: 10), Point(x: 58, y: 32), Point(x: 5, y: 54)], width: 2, tolerance: 0.15)
    }

    func testAJoinIsNotPaintedTwice() {
        var bitmap = Bitmap(width: 40, height: 40)
        let translucent = Color(white: 0, alpha: 0.5)
        bitmap.strokePolyline(
            [Point(x: 5, y: 20.5), Point(x: 20.5, y: 20.5), Point(x: 20.5, y: 35)], width: 1, color: translucent)
        XCTAssertEqual(alpha(bitmap[20, 20]), 128, "the corner pixel is covered once, not twice")
        XCTAssertEqual(alpha(bitmap[12, 20]), 128)
    }

    func testClipAndBadInputs() {
        var bitmap = Bitmap(width: 20, height: 20)
        bitmap.strokeLine(
            from: Point(x: 0, y: 10.5), to: Point(x: 20, y: 10.5), width: 1, color: .black,
            clip: PixelRect(x: 5, y: 0, width: 5, height: 20))
        XCTAssertEqual(inkBounds(bitmap), PixelRect(x: 5, y: 10, width: 5, height: 1))
        var untouched = Bitmap(width: 20, height: 20)
        untouched.strokeLine(from: Point(x: .nan, y: 1), to: Point(x: 5, y: 5), width: 1, color: .black)
        untouched.strokeLine(from: Point(x: 1, y: 1), to: Point(x: 5, y: 5), width: .infinity, color: .black)
        untouched.strokeLine(from: Point(x: 1, y: 1), to: Point(x: 5, y: 5), width: 0, color: .black)
        untouched.strokeLine(
            from: Point(x: -1e12, y: -1e12), to: Point(x: -1e12 + 5, y: -1e12), width: 1, color: .black)
        XCTAssertNil(inkBounds(untouched))
    }
}
