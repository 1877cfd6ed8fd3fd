import XCTest
import ModalKitBase
import ModalKitPixels
@testable import ModalKitUI

/// `shouldRasterize` as CALayer's: off by default, so a view with subviews holds no composited bitmap between
/// frames and is composited afresh in each one; on, its bitmap is kept and moving it is a blit. The pixels are
/// the same either way.
final class ShouldRasterizeTests: XCTestCase {
    /// A window with a rounded, shadowed, translucent card (a group by Core Animation's rules) holding a label.
    private func scene(rasterized: Bool) -> (env: UITestEnvironment, card: View, label: Label) {
        let env = UITestEnvironment(size: Size(width: 200, height: 160))
        let card = View(frame: Rect(x: 20.25, y: 30.5, width: 120, height: 80))
        card.backgroundColor = Color(rgb: 0x3478F6)
        card.cornerRadius = 10
        card.clipsToBounds = true
        card.shadow = Shadow()
        card.alpha = 0.8
        if rasterized { card.shouldRasterize = true } // else the default
        let label = Label(text: "Card", font: .systemFont(ofSize: 17), frame: Rect(x: 8, y: 8, width: 100, height: 24))
        card.addSubview(label)
        env.window.addSubview(card)
        return (env, card, label)
    }

    private func render(_ env: UITestEnvironment, scale: Double) -> Bitmap {
        var bitmap = Bitmap(width: Int(200 * scale), height: Int(160 * scale))
        env.window.render(into: &bitmap, scale: scale)
        return bitmap
    }

    func testShouldRasterizeIsOffByDefaultAsCALayers() {
        XCTAssertFalse(View().shouldRasterize)
        XCTAssertFalse(Label(text: "a", font: .systemFont(ofSize: 17), frame: .zero).shouldRasterize)
        XCTAssertTrue(View().compositesAsGroup, "still composited as one layer, offscreen")
    }

    func testAViewWithDefaultSettingsKeepsNoBitmapBetweenFrames() {
        let (env, card, label) = scene(rasterized: false)
        _ = render(env, scale: 2)
        XCTAssertEqual(card.layerCache?.isResident, false, "no pixels held once the frame is drawn")
        XCTAssertEqual(card.contentRenderCount, 1)
        for step in 1 ... 3 {
            card.center.y += 1.5
            _ = render(env, scale: 2)
            XCTAssertEqual(card.contentRenderCount, 1 + step, "composited afresh in each frame that shows it")
            XCTAssertEqual(card.layerCache?.isResident, false)
        }
        XCTAssertEqual(label.contentRenderCount, 1, "a view without subviews keeps its own drawing (its contents)")
        XCTAssertEqual(label.layerCache?.isResident, true)
    }

    func testARasterizedViewKeepsItsBitmapAndEitherWayDrawsTheSamePixels() {
        let kept = scene(rasterized: true), fresh = scene(rasterized: false)
        for scale in [1.0, 2.0] {
            for step in 0 ..< 4 {
                if step > 0 {
                    for s in [kept, fresh] {
                        s.card.center.y += 0.75
                        s.card.alpha -= 0.1
                    }
                }
                XCTAssertEqual(render(kept.env, scale: scale), render(fresh.env, scale: scale), "@\(scale)x \(step)")
                XCTAssertEqual(kept.card.layerCache?.isResident, true)
            }
        }
        XCTAssertEqual(kept.card.contentRenderCount, 2, "drawn once at each scale, then blitted")
        XCTAssertGreaterThan(fresh.card.contentRenderCount, 2)
    }
}
