import ModalKitBase
import XCTest

@testable import ModalKitPixels

/// A shadow drawn from kept coverage is the shadow computed afresh, clipped or not, and any change of shape, blur,
/// place or the fill that follows computes it again.
final class ShadowCoverageTests: XCTestCase {
    private struct Shadow {
        var rect = Rect(x: 24.25, y: 30, width: 160, height: 120)
        var radii = CornerRadii(topLeft: 10, topRight: 10, bottomRight: 0, bottomLeft: 0)
        var blur = 20.0
        var offsetY = 4.0
        var color = Color(white: 0, alpha: 0.3)
        var fillFollows = true
    }

    /// `shadow` drawn over a grey ground (so the blend's destination matters), clipped to `clip`.
    private func draw(_ shadow: Shadow, clip: PixelRect? = nil) -> Bitmap {
        var b = Bitmap(width: 240, height: 220)
        b.fill(Color(white: 0.5, alpha: 0.5))
        b.drawShadow(
            of: shadow.rect, radii: shadow.radii, blur: shadow.blur, offsetX: 0, offsetY: shadow.offsetY,
            color: shadow.color, clip: clip, opaqueFillFollows: shadow.fillFollows)
        return b
    }

    private func cold(_ shadow: Shadow, clip: PixelRect? = nil) -> Bitmap {
        ShadowCoverage.removeAll()
        return draw(shadow, clip: clip)
    }

    func testAKeptShadowIsTheShadowComputedAgain() {
        let shadow = Shadow()
        let first = cold(shadow)
        let computed = ShadowCoverage.computed
        XCTAssertTrue(draw(shadow) == first, "warm equals cold")
        XCTAssertEqual(ShadowCoverage.computed, computed, "the second draw computed nothing")
        let clip = PixelRect(x: 30, y: 100, width: 90, height: 70)
        let clipped = draw(shadow, clip: clip)
        XCTAssertEqual(ShadowCoverage.computed, computed)
        XCTAssertTrue(clipped == cold(shadow, clip: clip), "clipped warm equals clipped cold")
    }

    /// Each parameter is part of the key: the changed shadow is computed, and equals a cold draw of it.
    func testAnyChangeComputesTheShadowAgain() {
        let base = Shadow()
        var variants: [Shadow] = []
        var v = base
        v.rect.origin.x += 0.5; variants.append(v)
        v = base; v.rect.size.height += 1; variants.append(v)
        v = base; v.radii.topLeft = 12; variants.append(v)
        v = base; v.blur = 16; variants.append(v)
        v = base; v.offsetY = 6; variants.append(v)
        v = base; v.fillFollows = false; variants.append(v)
        v = base; v.color = Color(white: 0, alpha: 0.6); variants.append(v)
        for (i, variant) in variants.enumerated() {
            _ = cold(base)
            let before = ShadowCoverage.computed
            let warm = draw(variant)
            XCTAssertEqual(ShadowCoverage.computed, before + (i == variants.count - 1 ? 0 : 1), "variant \(i)")
            XCTAssertTrue(warm == cold(variant), "variant \(i) equals its cold draw")
        }
    }
}
