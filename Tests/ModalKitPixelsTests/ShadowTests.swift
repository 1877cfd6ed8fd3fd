import Foundation
import ModalKitBase
import ModalKitPixels
import XCTest

final class ShadowTests: XCTestCase {
    private let card = Rect(x: 40, y: 40, width: 40, height: 40)

    private func shadow(_ rect: Rect, radius: Double = 8, blur: Double = 12) -> Bitmap {
        var b = Bitmap(width: 120, height: 120)
        b.drawShadow(of: rect, radii: CornerRadii(all: radius), blur: blur, offsetX: 0, offsetY: 0, color: .black)
        return b
    }

    func testFallsOffMonotonicallyAwayFromTheRect() {
        let b = shadow(card)
        for x in 60 ..< 119 { XCTAssertGreaterThanOrEqual(alpha(b[x, 60]), alpha(b[x + 1, 60]), "x \(x)") }
        for y in 60 ..< 119 { XCTAssertGreaterThanOrEqual(alpha(b[60, y]), alpha(b[60, y + 1]), "y \(y)") }
        for d in 0 ..< 39 { XCTAssertGreaterThanOrEqual(alpha(b[80 + d, 80 + d]), alpha(b[81 + d, 81 + d]), "d \(d)") }
        // The centre is 20 px = 3.3σ from every edge: 1 − 2·(tail 0.0005) ≈ 0.998, i.e. 254.5 of 255.
        XCTAssertGreaterThanOrEqual(alpha(b[60, 60]), 254)
        XCTAssertLessThan(alpha(b[84, 60]), alpha(b[76, 60]))
    }

    func testSymmetricForACentredRect() {
        let b = shadow(card)
        for y in 0 ..< 120 {
            for x in 0 ..< 60 {
                XCTAssertEqual(Double(alpha(b[x, y])), Double(alpha(b[119 - x, y])), accuracy: 1, "(\(x), \(y))")
                XCTAssertEqual(Double(alpha(b[y, x])), Double(alpha(b[y, 119 - x])), accuracy: 1, "(\(y), \(x))")
            }
        }
    }

    func testNothingFarAway() {
        let b = shadow(card)
        // σ = blur / 2 = 6; 3σ past the edge the tail is 0.13 % and rounds to 0.
        XCTAssertEqual(b[60, 40 - 19], 0)
        XCTAssertEqual(b[0, 0], 0)
        XCTAssertEqual(b[119, 60], 0)
    }

    func testHalfOnTheStraightEdge() {
        // A pixel centre on the edge sees half of a Gaussian that the far side does not reach.
        let b = shadow(Rect(x: 40.5, y: 20, width: 40, height: 80), radius: 0, blur: 8)
        XCTAssertEqual(Double(alpha(b[40, 60])), 127.5, accuracy: 1)
    }

    /// Corners come from a 1-D numeric integral; compare with a brute-force 2-D convolution of the shape.
    func testCornerMatchesBruteForceConvolution() {
        let b = shadow(card, radius: 12, blur: 12)
        for (x, y) in [(40, 40), (38, 38), (44, 44), (36, 45), (34, 34), (30, 50)] {
            let expected = convolved(x, y, rect: card, radius: 12, sigma: 6) * 255
            XCTAssertEqual(Double(alpha(b[x, y])), expected, accuracy: 2.5, "(\(x), \(y))")
        }
    }

    func testOffsetMovesTheShadow() {
        var moved = Bitmap(width: 120, height: 120)
        moved.drawShadow(
            of: card.offsetBy(dx: -10, dy: -4), radii: CornerRadii(all: 8), blur: 12, offsetX: 10,
            offsetY: 4, color: .black)
        XCTAssertEqual(moved, shadow(card))
    }

    private func convolved(_ px: Int, _ py: Int, rect: Rect, radius: Double, sigma: Double) -> Double {
        let step = 0.2, reach = 5 * sigma
        let cx = Double(px) + 0.5, cy = Double(py) + 0.5
        var sum = 0.0
        var y = cy - reach
        while y < cy + reach {
            var x = cx - reach
            while x < cx + reach {
                if inside(x + step / 2, y + step / 2, rect, radius) {
                    let dx = x + step / 2 - cx, dy = y + step / 2 - cy
                    sum += exp(-(dx * dx + dy * dy) / (2 * sigma * sigma))
                }
                x += step
            }
            y += step
        }
        return sum * step * step / (2 * Double.pi * sigma * sigma)
    }

    private func inside(_ x: Double, _ y: Double, _ r: Rect, _ radius: Double) -> Bool {
        guard x >= r.minX, x <= r.maxX, y >= r.minY, y <= r.maxY else { return false }
        let nx = min(max(x, r.minX + radius), r.maxX - radius), ny = min(max(y, r.minY + radius), r.maxY - radius)
        return (x - nx) * (x - nx) + (y - ny) * (y - ny) <= radius * radius
    }
}
