import XCTest
import ModalKitBase
import ModalKitMotion
import ModalKitPixels
@testable import ModalKitUI

/// Redrawing only what changed must give the same pixels as drawing everything, and must report that region.
final class DamageRenderingTests: XCTestCase {
    private var env: UITestEnvironment!
    private var card: View!
    private var badge: View!

    override func setUp() {
        env = UITestEnvironment(root: ViewController())
        env.window.rootViewController?.view.backgroundColor = Color(rgb: 0xF2F2F7)
        card = makeCard()
        badge = makeBadge()
        env.window.addSubview(card)
        env.window.addSubview(badge)
    }

    private func makeCard() -> View {
        let card = View(frame: Rect(x: 0, y: 200, width: 375, height: 467))
        card.backgroundColor = .white
        card.cornerRadius = 12
        card.shadow = Shadow()
        card.addSubview(
            Label(text: "Card", font: .systemFont(ofSize: 20), frame: Rect(x: 20, y: 20, width: 200, height: 30)))
        return card
    }

    private func makeBadge() -> View {
        let badge = View(frame: Rect(x: 300, y: 40, width: 40, height: 40))
        badge.backgroundColor = Color(rgb: 0xFF3B30)
        return badge
    }

    private func fullRender(scale: Double) -> Bitmap {
        var fresh = Bitmap(width: Int(375 * scale), height: Int(667 * scale))
        XCTAssertNil(env.window.render(into: &fresh, scale: scale), "a new bitmap is drawn whole")
        return fresh
    }

    /// A drag followed by an animation and a color change: every incremental frame equals a whole redraw of an
    /// identical tree in a second window (drawing the first window into another bitmap would reset its memory).
    func testIncrementalFramesEqualWholeFrames() {
        compareIncrementalWithWholeFrames(cornerRadius: 12)
    }

    /// The same with a square-cornered (opaque) card, which hides the screen under it: occlusion changes the
    /// screen's clip every frame, and only the band between the old and new edge may count as changed.
    func testIncrementalFramesEqualWholeFramesWithAnOpaqueCard() {
        compareIncrementalWithWholeFrames(cornerRadius: 0)
    }

    private func compareIncrementalWithWholeFrames(cornerRadius: Double) {
        let twin = Window(size: Size(width: 375, height: 667))
        twin.animationDriver = env.driver
        twin.rootViewController = ViewController()
        twin.rootViewController?.view.backgroundColor = Color(rgb: 0xF2F2F7)
        let (twinCard, twinBadge) = (makeCard(), makeBadge())
        card.cornerRadius = cornerRadius
        twinCard.cornerRadius = cornerRadius
        twin.addSubview(twinCard)
        twin.addSubview(twinBadge)
        for scale in [1.0, 2.0] {
            var frame = Bitmap(width: Int(375 * scale), height: Int(667 * scale))
            env.window.render(into: &frame, scale: scale)
            var damaged = 0
            for step in 0 ..< 12 {
                for (card, badge) in [(card!, badge!), (twinCard, twinBadge)] {
                    switch step {
                    case 0 ..< 5: card.center.y += 7.25
                    case 5:
                        View.animate(
                            withDuration: 0.1,
                            animations: {
                                card.center.y -= 40; badge.alpha = 0.5
                            })
                    case 9: badge.backgroundColor = Color(rgb: 0x0A84FF)
                    default: break
                    }
                }
                env.run(for: UITestEnvironment.frameInterval)
                if let damage = env.window.render(into: &frame, scale: scale), !damage.isEmpty { damaged += 1 }
                var expected = Bitmap(width: frame.width, height: frame.height)
                twin.render(into: &expected, scale: scale)
                XCTAssertTrue(frame == expected, "frame \(step) at scale \(scale) differs from a whole redraw")
            }
            XCTAssertGreaterThan(damaged, 5, "the frames were drawn incrementally")
        }
    }

    /// A view taken out of the tree (the last one drawn, so the frame draws fewer things than before) leaves a
    /// hole that must be redrawn: the incremental frame equals a whole redraw without it.
    func testRemovingTheLastViewDrawnRedrawsWhereItWas() {
        var frame = Bitmap(width: 375, height: 667)
        env.window.render(into: &frame, scale: 1)
        badge.removeFromSuperview()
        let damage = env.window.render(into: &frame, scale: 1)
        XCTAssertEqual(damage, PixelRect(x: 300, y: 40, width: 40, height: 40))
        XCTAssertTrue(frame == fullRender(scale: 1), "the badge is gone from the incremental frame")
    }

    /// Moving the small badge damages the union of where it was and where it is, and a still frame damages nothing.
    func testDamageIsTheOldAndNewPlaceOfWhatMoved() {
        var frame = Bitmap(width: 375, height: 667)
        XCTAssertNil(env.window.render(into: &frame, scale: 1))
        XCTAssertEqual(env.window.render(into: &frame, scale: 1), .zero)
        badge.center = Point(x: 320, y: 70)
        XCTAssertEqual(env.window.render(into: &frame, scale: 1), PixelRect(x: 300, y: 40, width: 40, height: 50))
    }

    /// Writing to the frame between renders (a copy-on-write) makes the next render draw it whole again.
    func testAFrameChangedByTheCallerIsDrawnWhole() {
        var frame = Bitmap(width: 375, height: 667)
        env.window.render(into: &frame, scale: 1)
        frame[0, 0] = 0xFF12_3456
        XCTAssertNil(env.window.render(into: &frame, scale: 1))
        XCTAssertTrue(frame == fullRender(scale: 1))
    }
}
