import ModalKitBase
import ModalKitTestSupport
import XCTest

@testable import ModalKitPixels

/// The glass's corners worked out a row at a time (which pixels the rounded shape covers not at all, which
/// whole, `RoundedRectShape.cornerSpan`) give the bytes of asking `coverage` of every pixel in the corner squares.
final class GlassCornerTests: XCTestCase {
    private func noise(_ rng: inout SplitMix64, width: Int, height: Int) -> Bitmap {
        var bitmap = Bitmap(width: width, height: height)
        for i in bitmap.pixels.indices {
            bitmap.pixels[i] = 0xFF00_0000 | UInt32(truncatingIfNeeded: rng.next()) & 0xFF_FFFF
        }
        return bitmap
    }

    /// Random rectangles (fractional, some past the clip's edges, some too narrow for their corners), radii from
    /// 0 to past half the size, clips and mixes: the tight corners and the reference draw the same bytes.
    func testTightCornersDrawTheReferencesBytes() {
        var rng = SplitMix64(seed: 26)
        let backdrop = FrostedBackdrop(
            screen: noise(&rng, width: 96, height: 120), factor: 4, radius: 2, dim: 0.3,
            tint: Color(white: 1, alpha: 0.4))
        var tight = GlassScratch(), reference = GlassScratch()
        reference.tightCorners = false
        for round in 0 ..< 300 {
            let below = noise(&rng, width: 90, height: 110)
            var a = below, b = below
            func random(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &rng) }
            let rect = Rect(
                x: random(-10 ... 40), y: random(-10 ... 50), width: random(0 ... 90), height: random(0 ... 100))
            let big = min(rect.width, rect.height)
            let radii = CornerRadii(
                topLeft: random(0 ... big * 0.6), topRight: random(0 ... big * 0.6),
                bottomRight: random(0 ... big * 0.6), bottomLeft: random(0 ... big * 0.6))
            let clip = round % 3 == 0 ? below.bounds : PixelRect(x: 5, y: 7, width: 70, height: 90)
            let mapping = GlassMapping(scaleX: random(0.2 ... 0.3), offsetX: random(-2 ... 2), scaleY: 0.25, offsetY: 0)
            let amount = UInt32(round % 4 == 0 ? 0 : Int.random(in: 0 ... 256, using: &rng))
            a.drawGlass(
                backdrop, mapping: mapping, solid: 0xFFF2_F2F7, amount: amount, in: rect, radii: radii, clip: clip,
                scratch: &tight)
            b.drawGlass(
                backdrop, mapping: mapping, solid: 0xFFF2_F2F7, amount: amount, in: rect, radii: radii, clip: clip,
                scratch: &reference)
            let differing = zip(a.pixels, b.pixels).filter { $0 != $1 }.count
            XCTAssertEqual(differing, 0, "round \(round): \(rect) \(radii)")
        }
    }

    /// Over a row of a big corner, only a few columns are left for `coverage`: a 62-point corner at 2x.
    func testACornerRowLeavesFewColumnsToCoverage() {
        let shape = RoundedRectShape(
            minX: 16, minY: 0, maxX: 788, maxY: 900,
            radii: CornerRadii(topLeft: 76, topRight: 76, bottomRight: 124, bottomLeft: 124))
        for py in [20, 60, 800, 850, 890] {
            let left = shape.cornerSpan(row: py, left: true), right = shape.cornerSpan(row: py, left: false)
            XCTAssertLessThan(left.inside - left.outside, 40, "row \(py): \(left)")
            XCTAssertLessThan(right.outside - right.inside, 40, "row \(py): \(right)")
        }
    }
}
