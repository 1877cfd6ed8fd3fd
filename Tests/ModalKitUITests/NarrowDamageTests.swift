import XCTest
import ModalKitBase
import ModalKitPixels
import ModalKitTestSupport
@testable import ModalKitUI

/// A small view that fades or moves inside a cached layer (a scroll indicator in a sheet) redraws only its old and
/// new place, in the layer and in the frame, and the frame stays exactly a whole redraw.
final class NarrowDamageTests: XCTestCase {
    private struct Scene {
        let window: Window, card: View, list: View, bar: View, badge: View, dot: View
    }

    /// A sheet-shaped card (cached, shadowed) holding a clipping list of rows with a thin bar in it, and a badge
    /// straight in the card.
    private func makeScene() -> Scene {
        let window = Window(size: Size(width: 160, height: 240))
        window.backgroundColor = Color(rgb: 0x336699)
        let card = View(frame: Rect(x: 0, y: 40, width: 160, height: 200))
        card.shouldRasterize = true
        card.backgroundColor = .white
        card.cornerRadius = 10
        card.shadow = Shadow(color: Color(white: 0, alpha: 0.2), radius: 4, offset: Point(x: 0, y: -1))
        let list = View(frame: Rect(x: 0, y: 20, width: 160, height: 170))
        list.compositesAsGroup = false
        list.clipsToBounds = true
        list.backgroundColor = Color(rgb: 0xF2F2F7)
        for i in 0 ..< 6 {
            let row = View(frame: Rect(x: 8, y: Double(i) * 30, width: 144, height: 26))
            row.backgroundColor = Color(rgb: 0x20 << 16 | UInt32(i) * 0x2A2A)
            list.addSubview(row)
        }
        let bar = View(frame: Rect(x: 154, y: 10, width: 3, height: 40))
        bar.backgroundColor = Color(white: 0, alpha: 0.35)
        bar.cornerRadius = 1.5
        list.addSubview(bar)
        let badge = View(frame: Rect(x: 20, y: 2, width: 12.5, height: 12))
        badge.backgroundColor = Color(rgb: 0xFF3B30, alpha: 0.8)
        badge.shadow = Shadow(color: Color(white: 0, alpha: 0.3), radius: 2, offset: Point(x: 1, y: 2))
        // A plain view fills its bounds' size unscaled from its frame's corner, whatever its transform.
        let dot = View(frame: Rect(x: 60, y: 4, width: 16, height: 10))
        dot.compositesAsGroup = false
        dot.backgroundColor = Color(rgb: 0x34C759)
        card.addSubview(list)
        card.addSubview(badge)
        card.addSubview(dot)
        window.addSubview(card)
        return Scene(window: window, card: card, list: list, bar: bar, badge: badge, dot: dot)
    }

    /// One frame's change, the same for both windows: the bar's alpha (0...1) or place, the badge's alpha, place
    /// or scale; a plain view's place and scale.
    private func change(_ scene: Scene, _ rng: inout SplitMix64) {
        switch rng.next() % 6 {
        case 5:
            let s = 0.3 + rng.nextUnit()
            scene.dot.transform = Transform(scaleX: s, scaleY: s, translationX: 0, translationY: 0)
            scene.dot.center = Point(x: 20 + rng.nextUnit() * 120, y: 4 + rng.nextUnit() * 12)
        case 0, 1: scene.bar.alpha = [0, 1, rng.nextUnit()][Int(rng.next() % 3)]
        case 2: scene.bar.center = Point(x: 155.5, y: 20 + rng.nextUnit() * 150)
        case 3: scene.badge.center = Point(x: 10 + rng.nextUnit() * 140, y: rng.nextUnit() * 30)
        default:
            scene.badge.alpha = rng.nextUnit()
            let s = 0.5 + rng.nextUnit()
            scene.badge.transform =
                rng.next() % 2 == 0 ? .identity : Transform(scaleX: s, scaleY: s, translationX: 0, translationY: 0)
        }
    }

    func testFadingAndMovingSmallViewsGiveWholeRedrawsOverSeededRandomFrames() {
        for seed in UInt64(0) ..< 4 {
            for scale in [1.0, 2.0] {
                var rng = SplitMix64(seed: seed)
                let scene = makeScene(), twin = makeScene()
                var frame = Bitmap(width: Int(160 * scale), height: Int(240 * scale))
                scene.window.render(into: &frame, scale: scale)
                for step in 0 ..< 20 {
                    var same = rng
                    change(scene, &rng)
                    change(twin, &same)
                    scene.window.render(into: &frame, scale: scale)
                    // The twin's caches are thrown away: its frame is drawn from scratch.
                    twin.card.setNeedsDisplay()
                    var expected = Bitmap(width: frame.width, height: frame.height)
                    twin.window.render(into: &expected, scale: scale)
                    XCTAssertTrue(frame == expected, "seed \(seed) scale \(scale) step \(step)")
                    guard frame == expected else { return }
                }
            }
        }
    }

    /// A fade frame of the bar redraws the bar's place (with a margin) in the card's layer and in the frame, not
    /// the list around it.
    func testAFadeOfTheBarDamagesOnlyTheBar() {
        let scene = makeScene()
        scene.bar.alpha = 1
        var frame = Bitmap(width: 160, height: 240)
        scene.window.render(into: &frame, scale: 1)
        scene.window.render(into: &frame, scale: 1)
        let partialBefore = scene.card.partialRenderCount, wholeBefore = scene.card.contentRenderCount
        scene.bar.alpha = 0.5
        let damage = scene.window.render(into: &frame, scale: 1)
        XCTAssertEqual(scene.card.contentRenderCount, wholeBefore, "the card is not drawn whole")
        XCTAssertEqual(scene.card.partialRenderCount, partialBefore + 1)
        let area = damage.map { $0.width * $0.height } ?? .max
        XCTAssertLessThanOrEqual(area, 12 * 50, "damage \(String(describing: damage)) is about the bar")
        XCTAssertTrue(
            damage.map { $0.intersection(PixelRect(x: 154, y: 70, width: 3, height: 40)) }
                == PixelRect(x: 154, y: 70, width: 3, height: 40), "the bar's pixels are in it")
    }
}
