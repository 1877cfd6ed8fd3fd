import ModalKitBase
@testable import ModalKitPixels
import XCTest

/// The zoomed page's shadow, computed afresh each frame (`drawMovingShadow`), is `drawShadow`'s under an opaque
/// page within a level or two, at 1x and 2x sizes, with corners from none to half the card and off-pixel edges
/// (each leaves alone pixels the page covers wholly, the moving one more of them: compared with the page drawn).
final class MovingShadowTests: XCTestCase {
    private func both(_ rect: Rect, _ radii: CornerRadii, blur: Double, offsetY: Double, clip: PixelRect? = nil)
        -> (exact: Bitmap, moving: Bitmap)
    {
        var exact = Bitmap(width: 260, height: 300)
        exact.fill(Color(rgb: 0x8EC5E8))
        var moving = exact
        let color = Color(white: 0, alpha: 0.24)
        exact.drawShadow(
            of: rect, radii: radii, blur: blur, offsetX: 0, offsetY: offsetY, color: color, clip: clip,
            opaqueFillFollows: true)
        moving.drawMovingShadow(
            of: rect, radii: radii, blur: blur, offsetX: 0, offsetY: offsetY, color: color, clip: clip)
        // The opaque page both promise is drawn next: what each leaves alone under it is not compared.
        for i in [0, 1] {
            var image = i == 0 ? exact : moving
            image.fillRoundedRect(rect, radii: radii, color: Color(rgb: 0xF2D57E), clip: clip)
            if i == 0 { exact = image } else { moving = image }
        }
        return (exact, moving)
    }

    private func assertClose(
        _ rect: Rect, _ radii: CornerRadii, blur: Double = 30, offsetY: Double = 4, clip: PixelRect? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let (exact, moving) = both(rect, radii, blur: blur, offsetY: offsetY, clip: clip)
        var worst: UInt32 = 0, differing = 0
        for (a, b) in zip(exact.pixels, moving.pixels) where a != b {
            differing += 1
            for shift in stride(from: 0, through: 24, by: 8) {
                let d = abs(Int((a >> UInt32(shift)) & 0xFF) - Int((b >> UInt32(shift)) & 0xFF))
                worst = max(worst, UInt32(d))
            }
        }
        XCTAssertLessThanOrEqual(worst, 2, "\(rect) \(radii): \(differing) pixels differ", file: file, line: line)
        XCTAssertNotEqual(
            moving,
            {
                var plain = Bitmap(width: 260, height: 300)
                plain.fill(Color(rgb: 0x8EC5E8))
                return plain
            }(), "a shadow was drawn", file: file, line: line)
    }

    func testAgreesWithTheKeptShadowSquareAndRounded() {
        assertClose(Rect(x: 60, y: 50, width: 140, height: 190), .zero)
        assertClose(Rect(x: 60, y: 50, width: 140, height: 190), CornerRadii(all: 13))
        assertClose(Rect(x: 60.4, y: 49.7, width: 139.3, height: 190.6), CornerRadii(all: 26.5), blur: 60, offsetY: 8)
        assertClose(Rect(x: 70, y: 60, width: 110, height: 110), CornerRadii(all: 55), blur: 15)
    }

    func testAgreesUnevenCornersAndAClip() {
        assertClose(
            Rect(x: 60, y: 50, width: 140, height: 190),
            CornerRadii(topLeft: 40, topRight: 8, bottomRight: 0, bottomLeft: 20))
        assertClose(
            Rect(x: 60, y: 50, width: 140, height: 190), CornerRadii(all: 20),
            clip: PixelRect(x: 0, y: 100, width: 120, height: 200))
        assertClose(Rect(x: -40, y: -30, width: 200, height: 250), CornerRadii(all: 30))
    }

    /// The pixels an opaque page fills wholly are left as they were.
    func testLeavesThePagesPixelsAlone() {
        var bitmap = Bitmap(width: 120, height: 120)
        bitmap.fill(Color(rgb: 0x336699))
        let before = bitmap
        bitmap.drawMovingShadow(
            of: Rect(x: 20, y: 20, width: 80, height: 80), radii: CornerRadii(all: 10), blur: 20, offsetX: 0,
            offsetY: 4, color: Color(white: 0, alpha: 0.24))
        XCTAssertEqual(bitmap[60, 60], before[60, 60])
        XCTAssertEqual(bitmap[25, 40], before[25, 40])
        // In the rows of the rounded corners too: the top row's middle, and inside the corner's arc.
        XCTAssertEqual(bitmap[60, 20], before[60, 20])
        XCTAssertEqual(bitmap[25, 24], before[25, 24])
        XCTAssertNotEqual(bitmap[20, 20], before[20, 20], "outside the arc, the shadow")
        XCTAssertNotEqual(bitmap[60, 110], before[60, 110], "the shadow shows below")
    }
}

/// A clipping view with no layer cuts what it draws to its corners by keeping its edge pixels first
/// (`backUpEdge`) and mixing them back by coverage (`cut(toEdgeOf:)`): the same pixels as drawing into a layer of
/// its own, cutting the layer (`mask(toRoundedRect:)`) and compositing it, within the two levels one rounding
/// more can add.
final class EdgeCutTests: XCTestCase {
    private func picture(_ width: Int, _ height: Int) -> Bitmap {
        var p = Bitmap(width: width, height: height)
        for y in 0 ..< height {
            for x in 0 ..< width {
                p[x, y] = 0xFF00_0000 | UInt32((x * 5) & 0xFF) << 16 | UInt32((y * 3) & 0xFF) << 8 | 0x40
            }
        }
        return p
    }

    /// Finding a row's wholly outside and wholly inside edge pixels from the arcs, rather than asking each its
    /// coverage, changes no pixel: shapes with even and uneven corners, corners larger than the shape, off-pixel
    /// edges, clipped.
    func testFindingTheCornerSpansChangesNoPixel() {
        let cases: [(Rect, CornerRadii, PixelRect?)] = [
            (Rect(x: 10, y: 12, width: 60, height: 80), CornerRadii(all: 12), nil),
            (Rect(x: 10.4, y: 12.7, width: 59.3, height: 80.5), CornerRadii(all: 29.5), nil),
            (
                Rect(x: 3.25, y: 2.5, width: 90, height: 100.3),
                CornerRadii(topLeft: 20, topRight: 0, bottomRight: 5.5, bottomLeft: 40), nil
            ),
            (
                Rect(x: 10, y: 12, width: 60, height: 80), CornerRadii(all: 12),
                PixelRect(x: 0, y: 0, width: 50, height: 40)
            ),
            (Rect(x: 20.5, y: 30.5, width: 30, height: 24), CornerRadii(all: 40), nil),
            (Rect(x: -10, y: -12, width: 60, height: 80), CornerRadii(all: 16), nil)
        ]
        defer { Bitmap.cutFindsCornerSpans = true }
        for (rect, radii, clip) in cases {
            var results: [Bitmap] = []
            for finds in [true, false] {
                Bitmap.cutFindsCornerSpans = finds
                var image = Bitmap(width: 100, height: 110)
                image.fill(Color(rgb: 0xF2F2F7))
                let edge = image.backUpEdge(of: rect, radii: radii, clip: clip)
                image.draw(
                    picture(100, 110), x: 0, y: 0, clip: PixelRect(covering: rect).intersection(clip ?? image.bounds))
                image.cut(toEdgeOf: edge)
                results.append(image)
            }
            let differing = zip(results[0].pixels, results[1].pixels).filter { $0 != $1 }.count
            XCTAssertEqual(differing, 0, "\(rect) \(radii)")
        }
    }

    func testCutEqualsALayerCutToItsCorners() {
        let cases: [(Rect, CornerRadii, PixelRect?)] = [
            (Rect(x: 10, y: 12, width: 60, height: 80), CornerRadii(all: 12), nil),
            (Rect(x: 10.4, y: 12.7, width: 59.3, height: 80.5), CornerRadii(all: 9.5), nil),
            (
                Rect(x: 10, y: 12, width: 60, height: 80),
                CornerRadii(topLeft: 20, topRight: 0, bottomRight: 5, bottomLeft: 30), nil
            ),
            (
                Rect(x: 10, y: 12, width: 60, height: 80), CornerRadii(all: 12),
                PixelRect(x: 0, y: 0, width: 50, height: 40)
            ),
            (Rect(x: -10, y: -12, width: 60, height: 80), CornerRadii(all: 16), nil)
        ]
        for (rect, radii, clip) in cases {
            var background = Bitmap(width: 100, height: 110)
            background.fill(Color(rgb: 0xF2F2F7))
            let content = picture(100, 110)
            let area = PixelRect(covering: rect).intersection(clip ?? background.bounds)
            // Direct: keep the edge, draw the content inside the covering pixels, cut.
            var direct = background
            let edge = direct.backUpEdge(of: rect, radii: radii, clip: clip)
            var layer = Bitmap(width: 100, height: 110)
            layer.draw(content, x: 0, y: 0)
            var onlyArea = Bitmap(width: 100, height: 110)
            onlyArea.draw(layer, x: 0, y: 0, clip: area)
            direct.draw(onlyArea, x: 0, y: 0)
            direct.cut(toEdgeOf: edge)
            // A layer: the content cut to the shape, then composited.
            var cut = onlyArea
            cut.mask(toRoundedRect: rect, radii: radii)
            var expected = background
            expected.draw(cut, x: 0, y: 0)
            var worst = 0
            for (a, b) in zip(direct.pixels, expected.pixels) where a != b {
                for shift in stride(from: 0, through: 24, by: 8) {
                    worst = max(worst, abs(Int((a >> UInt32(shift)) & 0xFF) - Int((b >> UInt32(shift)) & 0xFF)))
                }
            }
            XCTAssertLessThanOrEqual(worst, 2, "\(rect) \(radii) \(String(describing: clip))")
            let corner = (Int(rect.minX.rounded(.up)), Int(rect.minY.rounded(.up)))
            if radii.topLeft >= 4, corner.0 >= 0, corner.1 >= 0 {
                XCTAssertEqual(direct[corner.0, corner.1], background[corner.0, corner.1], "the corner is cut")
            }
        }
    }
}
