import ModalKitBase
import ModalKitPixels
import XCTest

/// A shadow told that an opaque fill of its shape follows skips what that fill covers: the pair must give the
/// bytes of a whole shadow under the same fill.
final class ShadowUnderFillTests: XCTestCase {
    private struct Case {
        var rect: Rect, radii: CornerRadii, blur = 12.0, offset = (0.0, 4.0), clip: PixelRect? = nil
    }

    /// Shadow then opaque fill, with and without the promise; returns both and how many pixels the shadow drew.
    private func drawn(_ c: Case, fill: Color = .white) -> (whole: Bitmap, skipping: Bitmap, skipped: Int) {
        var whole = Bitmap(width: 90, height: 80), skipping = whole
        whole.fill(Color(rgb: 0x336699))
        skipping.fill(Color(rgb: 0x336699))
        whole.drawShadow(
            of: c.rect, radii: c.radii, blur: c.blur, offsetX: c.offset.0, offsetY: c.offset.1,
            color: Color(white: 0, alpha: 0.4), clip: c.clip)
        skipping.drawShadow(
            of: c.rect, radii: c.radii, blur: c.blur, offsetX: c.offset.0, offsetY: c.offset.1,
            color: Color(white: 0, alpha: 0.4), clip: c.clip, opaqueFillFollows: true)
        let skipped = zip(whole.pixels, skipping.pixels).filter { $0 != $1 }.count
        whole.fillRoundedRect(c.rect, radii: c.radii, color: fill, clip: c.clip)
        skipping.fillRoundedRect(c.rect, radii: c.radii, color: fill, clip: c.clip)
        return (whole, skipping, skipped)
    }

    private func assertSameBytes(_ c: Case, mustSkip: Bool = true, file: StaticString = #filePath, line: UInt = #line) {
        let (whole, skipping, skipped) = drawn(c)
        let differing = zip(whole.pixels, skipping.pixels).filter { $0 != $1 }.count
        XCTAssertEqual(differing, 0, "\(c.rect) \(c.radii)", file: file, line: line)
        if mustSkip { XCTAssertGreaterThan(skipped, 0, "the shadow skipped nothing", file: file, line: line) }
    }

    func testWholePixelAndFractionalCardsGiveTheSameBytes() {
        assertSameBytes(Case(rect: Rect(x: 20, y: 15, width: 50, height: 45), radii: CornerRadii(all: 10)))
        assertSameBytes(Case(rect: Rect(x: 20.3, y: 15.7, width: 49.2, height: 44.6), radii: CornerRadii(all: 9.5)))
        assertSameBytes(
            Case(
                rect: Rect(x: 20, y: 15, width: 50, height: 45),
                radii: CornerRadii(topLeft: 12, topRight: 4, bottomRight: 0, bottomLeft: 0)))
        assertSameBytes(Case(rect: Rect(x: 20, y: 15, width: 50, height: 45), radii: .zero, offset: (-3, -6)))
    }

    func testRadiiLargerThanTheCardAndClips() {
        // Corners that meet leave no row wholly covered: nothing to skip, nothing wrong.
        assertSameBytes(
            Case(rect: Rect(x: 20, y: 15, width: 50, height: 45), radii: CornerRadii(all: 40)),
            mustSkip: false)
        assertSameBytes(Case(rect: Rect(x: 20, y: 15, width: 50, height: 45), radii: CornerRadii(all: 20)))
        assertSameBytes(
            Case(
                rect: Rect(x: 20, y: 15, width: 50, height: 45), radii: CornerRadii(all: 10),
                clip: PixelRect(x: 30, y: 0, width: 25, height: 40)))
        assertSameBytes(Case(rect: Rect(x: -30, y: -20, width: 80, height: 70), radii: CornerRadii(all: 10)))
    }

    /// A translucent fill would let the shadow show through, so the promise is only the caller's to make; here
    /// the skipping version must differ, which shows the skip is real.
    func testATranslucentFillShowsTheSkippedPixels() {
        let c = Case(rect: Rect(x: 20, y: 15, width: 50, height: 45), radii: CornerRadii(all: 10))
        let (whole, skipping, _) = drawn(c, fill: Color(white: 1, alpha: 0.5))
        XCTAssertNotEqual(whole, skipping)
    }
}
