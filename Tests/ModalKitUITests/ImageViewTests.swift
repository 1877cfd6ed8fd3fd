import XCTest
import ModalKitBase
import ModalKitPixels
import ModalKitTestSupport
@testable import ModalKitUI

/// `ImageView` places its image by content mode, crisply at 1x and 2x, cut to its rounded corners, and resamples
/// once per size rather than once per frame.
final class ImageViewTests: XCTestCase {
    private let red: UInt32 = 0xFFFF_0000, clear: UInt32 = 0

    /// A solid red image of `width` × `height` points at `scale`.
    private func solid(_ width: Int, _ height: Int, scale: Int = 1, colour: UInt32 = 0xFFFF_0000) -> Image {
        var b = Bitmap(width: width * scale, height: height * scale)
        b.pixels = Array(repeating: colour, count: b.pixels.count)
        return Image(bitmap: b, scale: Double(scale))
    }

    /// What `view` draws of itself on a canvas of its own size at `scale`.
    private func draw(_ view: View, scale: Double) -> Bitmap {
        let canvas = Canvas(
            bitmap: Bitmap(
                width: Int(view.bounds.width * scale), height: Int(view.bounds.height * scale)),
            scale: scale)
        view.draw(in: canvas)
        return canvas.bitmap
    }

    /// A bitmap of `width` × `height` pixels, red where `isRed(x, y)`, else clear.
    private func expected(_ width: Int, _ height: Int, isRed: (Int, Int) -> Bool) -> Bitmap {
        var b = Bitmap(width: width, height: height)
        for y in 0 ..< height { for x in 0 ..< width where isRed(x, y) { b[x, y] = red } }
        return b
    }

    private func view(_ mode: ContentMode, image: Image, clips: Bool = false) -> ImageView {
        let v = ImageView(image: image, frame: Rect(x: 0, y: 0, width: 4, height: 4))
        v.contentMode = mode
        v.clipsToBounds = clips
        return v
    }

    /// A 2 × 1-point image in a 4 × 4-point view, at 1x and 2x: where each mode puts it.
    func testContentModesAtOneAndTwoX() {
        for s in [1, 2] {
            let image = solid(2, 1, scale: s)
            XCTAssertEqual(
                draw(view(.scaleToFill, image: image), scale: Double(s)), expected(4 * s, 4 * s) { _, _ in true })
            XCTAssertEqual(
                draw(view(.scaleAspectFit, image: image), scale: Double(s)),
                expected(4 * s, 4 * s) { _, y in y >= s && y < 3 * s }, "fit at \(s)x: 4 × 2 points, centred")
            XCTAssertEqual(
                draw(view(.scaleAspectFill, image: image, clips: true), scale: Double(s)),
                expected(4 * s, 4 * s) { _, _ in true }, "fill at \(s)x: 8 × 4 points, cut to the view")
            XCTAssertEqual(
                draw(view(.top, image: image), scale: Double(s)),
                expected(4 * s, 4 * s) { _, y in y < 2 * s }, "top at \(s)x: the view's width, from the top")
        }
    }

    /// A tall page shown `.top`: scaled to the width, the part below the bounds cut.
    func testTopCutsBelow() {
        let image = solid(2, 6)
        let v = view(.top, image: image, clips: true)
        XCTAssertEqual(draw(v, scale: 2), expected(8, 8) { _, _ in true })
        XCTAssertEqual(v.resampleCount, 1)
    }

    /// An image made for the screen's scale, at its own size, lands pixel for pixel (no filter touches it).
    func testImageAtItsOwnScaleIsCopiedExactly() {
        var random = SplitMix64(seed: 7)
        for s in [1, 2] {
            var b = Bitmap(width: 4 * s, height: 4 * s)
            for i in b.pixels.indices {
                b.pixels[i] = 0xFF00_0000 | UInt32(truncatingIfNeeded: random.next()) & 0x00FF_FFFF
            }
            let v = view(.scaleAspectFit, image: Image(bitmap: b, scale: Double(s)))
            XCTAssertEqual(draw(v, scale: Double(s)), b, "\(s)x")
        }
    }

    /// With clipsToBounds, rounded top corners cut the image exactly as they cut a fill of the same shape: no
    /// image corner shows where the view's corner is round.
    func testRoundedCornersCutTheImage() {
        for s in [1.0, 2.0] {
            let window = Window(size: Size(width: 40, height: 40))
            window.backgroundColor = Color(white: 0.2)
            let v = ImageView(image: solid(40, 40), frame: Rect(x: 0, y: 0, width: 40, height: 40))
            v.contentMode = .scaleAspectFill
            v.clipsToBounds = true
            v.cornerRadius = 10
            v.maskedCorners = .top
            window.addSubview(v)
            var drawn = Bitmap(width: Int(40 * s), height: Int(40 * s))
            window.render(into: &drawn, scale: s)
            var expected = Bitmap(width: Int(40 * s), height: Int(40 * s))
            expected.fill(Color(white: 0.2))
            expected.fillRoundedRect(
                Rect(x: 0, y: 0, width: 40 * s, height: 40 * s),
                radii: CornerRadii(topLeft: 10 * s, topRight: 10 * s, bottomRight: 0, bottomLeft: 0),
                color: Color(red: 1, green: 0, blue: 0))
            XCTAssertEqual(drawn, expected, "\(s)x")
            XCTAssertEqual(drawn[0, 0], expected[0, 0])
            XCTAssertNotEqual(drawn[0, 0], red, "\(s)x: the corner shows what is behind")
            XCTAssertEqual(drawn[drawn.width - 1, drawn.height - 1], red)
        }
    }

    /// Frames after the first blit the kept bitmap, even when the view's layer is redrawn each frame; a new size or
    /// image resamples once more.
    func testResampledOncePerSizeNotPerFrame() {
        let window = Window(size: Size(width: 100, height: 100))
        let v = ImageView(image: solid(30, 30, scale: 3), frame: Rect(x: 10, y: 10, width: 50, height: 50))
        window.addSubview(v)
        var bitmap = Bitmap(width: 200, height: 200)
        for frame in 0 ..< 5 {
            // Each frame redraws the view's layer (as a change of its content would); the image is not redone.
            v.center = Point(x: 40 + Double(frame), y: 40)
            v.setNeedsDisplay()
            window.render(into: &bitmap, scale: 2)
        }
        XCTAssertEqual(v.resampleCount, 1)
        v.frame = Rect(x: 0, y: 0, width: 60, height: 60)
        window.render(into: &bitmap, scale: 2)
        XCTAssertEqual(v.resampleCount, 2)
        v.image = solid(30, 30, scale: 3, colour: 0xFF00_00FF)
        window.render(into: &bitmap, scale: 2)
        XCTAssertEqual(v.resampleCount, 3)
        XCTAssertEqual(bitmap[60, 60], 0xFF00_00FF)
        // Rounding the corners (as a sheet's backdrop does to the screen behind) cuts the kept bitmap again.
        v.clipsToBounds = true
        v.cornerRadius = 10
        window.render(into: &bitmap, scale: 2)
        XCTAssertEqual(v.resampleCount, 3)
        XCTAssertEqual(bitmap[0, 0] >> 24, 255, "the window's background, not the image, shows in the corner")
        XCTAssertNotEqual(bitmap[0, 0], 0xFF00_00FF)
    }
}
