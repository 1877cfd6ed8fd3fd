import XCTest
import ModalKitBase
import ModalKitPixels
@testable import ModalKitUI

/// A cached layer is blitted by its row spans (opaque runs copied, transparent ends skipped): they must follow
/// every redraw of the layer, whole or partial, or a blit would copy pixels that are no longer opaque.
final class LayerSpansTests: XCTestCase {
    private var env: UITestEnvironment!

    override func setUp() {
        env = UITestEnvironment()
        env.window.rootViewController?.view.backgroundColor = Color(rgb: 0x3366CC)
    }

    private func render(_ frame: inout Bitmap) { env.window.render(into: &frame, scale: 1) }

    private func redrawnFromScratch() -> Bitmap {
        func invalidate(_ view: View) { view.setNeedsDisplay(); view.subviews.forEach(invalidate) }
        invalidate(env.window)
        var fresh = Bitmap(width: 375, height: 667)
        render(&fresh)
        return fresh
    }

    /// A see-through card holding a clipping container (no pixels of its own, like a scroll view) with an opaque
    /// block inside: moving the block repaints only the container's rectangle of the card's cache, where opaque
    /// rows turn transparent and transparent ones opaque.
    func testAPartialRedrawThatChangesWhichPixelsAreOpaqueMatchesAFreshRender() {
        let card = View(frame: Rect(x: 0, y: 100, width: 375, height: 400))
        card.shouldRasterize = true
        card.backgroundColor = .clear
        card.shadow = Shadow()
        let container = View(frame: Rect(x: 20, y: 20, width: 335, height: 360))
        container.compositesAsGroup = false
        container.clipsToBounds = true
        let block = View(frame: Rect(x: 0, y: 0, width: 335, height: 80))
        block.backgroundColor = .white
        container.addSubview(block)
        card.addSubview(container)
        env.window.rootViewController?.view.addSubview(card)
        var frame = Bitmap(width: 375, height: 667)
        render(&frame)
        let cardDraws = card.contentRenderCount
        for step in 1 ... 6 {
            block.center.y += 45
            block.center.x += step % 2 == 0 ? 30 : -30
            render(&frame)
            // Spans are measured at the second blit after a redraw: move the card so it is blitted again.
            for _ in 0 ..< 2 {
                card.center.y += 1
                render(&frame)
            }
        }
        XCTAssertEqual(card.contentRenderCount, cardDraws, "the card's cache was repainted in part, not redrawn")
        XCTAssertEqual(card.partialRenderCount, 6)
        XCTAssertEqual(frame, redrawnFromScratch())
    }
}
