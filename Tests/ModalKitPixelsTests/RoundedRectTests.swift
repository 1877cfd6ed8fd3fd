import ModalKitBase
import ModalKitPixels
import XCTest

final class RoundedRectTests: XCTestCase {
    private func render(_ rect: Rect, _ radii: CornerRadii, size: Int = 40) -> Bitmap {
        var b = Bitmap(width: size, height: size)
        b.fillRoundedRect(rect, radii: radii, color: .white)
        return b
    }

    func testPixelCentredOnStraightEdgeIsHalfCovered() {
        let b = render(Rect(x: 10.5, y: 10, width: 20, height: 20), .zero)
        // Pixel 10 spans 10...11 and the edge is at 10.5: half inside.
        XCTAssertEqual(alpha(b[10, 20]), 128)
        XCTAssertEqual(alpha(b[9, 20]), 0)
        XCTAssertEqual(b[11, 20], 0xFFFF_FFFF)
        XCTAssertEqual(alpha(b[30, 20]), 128)
        XCTAssertEqual(alpha(b[31, 20]), 0)
    }

    func testCornerArcCoverage() {
        // Radius 5, corner centre (15.5, 15.5). Pixel (12, 11) has its centre (12.5, 11.5) at distance
        // hypot(3, 4) = 5: exactly on the arc, so half covered.
        let b = render(Rect(x: 10.5, y: 10.5, width: 20, height: 20), CornerRadii(all: 5))
        XCTAssertEqual(alpha(b[12, 11]), 128)
        // Centre (14.5, 14.5): distance 1.41, 3.6 px inside the arc.
        XCTAssertEqual(b[14, 14], 0xFFFF_FFFF)
        // Centre (11.5, 11.5): distance 5.66, 0.66 px outside, more than half a pixel: nothing.
        XCTAssertEqual(b[11, 11], 0)
        XCTAssertEqual(b[5, 5], 0)
        XCTAssertEqual(b[20, 20], 0xFFFF_FFFF)
        // The same arc mirrored into the other three corners (31 − 12 = 19 + 10 … by symmetry about 20.5).
        XCTAssertEqual(alpha(b[28, 11]), 128)
        XCTAssertEqual(alpha(b[12, 29]), 128)
        XCTAssertEqual(alpha(b[28, 29]), 128)
    }

    func testEachCornerHasItsOwnRadius() {
        let radii = CornerRadii(topLeft: 0, topRight: 10, bottomRight: 0, bottomLeft: 10)
        let b = render(Rect(x: 10, y: 10, width: 20, height: 20), radii)
        XCTAssertEqual(b[10, 10], 0xFFFF_FFFF, "square top-left corner is fully covered")
        XCTAssertEqual(b[29, 29], 0xFFFF_FFFF, "square bottom-right corner is fully covered")
        // Centre (29.5, 10.5) is hypot(9.5, 9.5) − 10 = 3.4 px outside the top-right arc.
        XCTAssertEqual(b[29, 10], 0)
        XCTAssertEqual(b[10, 29], 0)
    }

    /// Checks the span shortcut against a supersampled point-in-shape reference for every pixel.
    func testMatchesSupersampledReferenceEverywhere() {
        let rect = Rect(x: 3.3, y: 4.7, width: 27.1, height: 22.6)
        let radii = CornerRadii(topLeft: 9, topRight: 4.5, bottomRight: 0, bottomLeft: 11)
        var b = Bitmap(width: 36, height: 32)
        b.fill(Color(rgb: 0x000080))
        b.fillRoundedRect(rect, radii: radii, color: Color(rgb: 0xFF0000), clip: nil)
        for y in 0 ..< b.height {
            for x in 0 ..< b.width {
                let expected = supersampledCoverage(x, y, rect, radii) * 255
                let red = Double((b[x, y] >> 16) & 0xFF)
                XCTAssertEqual(red, expected, accuracy: 40, "(\(x), \(y))")
                XCTAssertEqual(alpha(b[x, y]), 255)
            }
        }
    }

    func testClipLimitsTheShape() {
        var b = Bitmap(width: 20, height: 20)
        b.fillRoundedRect(
            Rect(x: 0, y: 0, width: 20, height: 20), radii: CornerRadii(all: 4), color: .white,
            clip: PixelRect(x: 10, y: 0, width: 10, height: 5))
        XCTAssertEqual(b[9, 2], 0)
        XCTAssertEqual(b[10, 2], 0xFFFF_FFFF)
        XCTAssertEqual(b[10, 5], 0)
    }

    private func supersampledCoverage(_ px: Int, _ py: Int, _ r: Rect, _ radii: CornerRadii) -> Double {
        let n = 16
        var inside = 0
        for j in 0 ..< n {
            for i in 0 ..< n {
                let x = Double(px) + (Double(i) + 0.5) / Double(n), y = Double(py) + (Double(j) + 0.5) / Double(n)
                if contains(x, y, r, radii) { inside += 1 }
            }
        }
        return Double(inside) / Double(n * n)
    }

    private func contains(_ x: Double, _ y: Double, _ r: Rect, _ radii: CornerRadii) -> Bool {
        guard x >= r.minX, x <= r.maxX, y >= r.minY, y <= r.maxY else { return false }
        let corners = [
            (
                radii.topLeft, r.minX + radii.topLeft, r.minY + radii.topLeft,
                x < r.minX + radii.topLeft
                    && y < r.minY + radii.topLeft
            ),
            (
                radii.topRight, r.maxX - radii.topRight, r.minY + radii.topRight,
                x > r.maxX - radii.topRight
                    && y < r.minY + radii.topRight
            ),
            (
                radii.bottomRight, r.maxX - radii.bottomRight, r.maxY - radii.bottomRight,
                x > r.maxX - radii.bottomRight && y > r.maxY - radii.bottomRight
            ),
            (
                radii.bottomLeft, r.minX + radii.bottomLeft, r.maxY - radii.bottomLeft,
                x < r.minX + radii.bottomLeft && y > r.maxY - radii.bottomLeft
            )
        ]
        for (radius, cx, cy, inCorner) in corners where inCorner {
            return (x - cx) * (x - cx) + (y - cy) * (y - cy) <= radius * radius
        }
        return true
    }
}
