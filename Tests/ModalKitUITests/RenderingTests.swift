import XCTest
import ModalKitBase
import ModalKitMotion
import ModalKitPixels
import ModalKitTestSupport
@testable import ModalKitUI

/// What the view tree looks like in pixels, and what moving a view costs.
final class RenderingTests: XCTestCase {
    private var env: UITestEnvironment!
    private var root: ViewController!

    override func setUp() {
        root = ViewController()
        env = UITestEnvironment(root: root)
        root.view.backgroundColor = Color(rgb: 0xF2F2F7)
        root.view.addSubview(
            Label(
                text: "Presenting", font: .boldSystemFont(ofSize: 28),
                frame: Rect(x: 16, y: 40, width: 300, height: 40)))
    }

    private func render(scale: Double = 1) -> Bitmap {
        var bitmap = Bitmap(width: Int(375 * scale), height: Int(667 * scale))
        env.window.render(into: &bitmap, scale: scale)
        return bitmap
    }

    private func card() -> (container: View, card: View, label: Label) {
        let container = View(frame: env.window.bounds)
        container.compositesAsGroup = false
        let card = View(frame: Rect(x: 0, y: 200, width: 375, height: 467))
        card.backgroundColor = .white
        card.cornerRadius = 12
        card.maskedCorners = .top
        card.shadow = Shadow()
        card.shouldRasterize = true
        let label = Label(
            text: "Card", font: .systemFont(ofSize: 20), frame: Rect(x: 20, y: 20, width: 200, height: 30))
        card.addSubview(label)
        container.addSubview(card)
        env.window.addSubview(container)
        return (container, card, label)
    }

    func testMovingACardDoesNotRedrawItsContent() {
        let (_, card, label) = card()
        _ = render()
        let cardDraws = card.contentRenderCount, labelDraws = label.contentRenderCount
        XCTAssertEqual(cardDraws, 1)
        for step in 1 ... 30 {
            card.center.y += 3
            card.alpha = 1 - Double(step) / 100
            _ = render()
        }
        XCTAssertEqual(card.contentRenderCount, cardDraws, "moving and fading a card is a blit of cached pixels")
        XCTAssertEqual(label.contentRenderCount, labelDraws)
        let cardParts = card.partialRenderCount, labelParts = label.partialRenderCount
        label.text = "Changed"
        _ = render()
        // A new text redraws the glyphs that changed (all of them here), in the label and the card, once.
        XCTAssertEqual(
            card.contentRenderCount + card.partialRenderCount, cardDraws + cardParts + 1,
            "a content change redraws the card once")
        XCTAssertEqual(label.contentRenderCount + label.partialRenderCount, labelDraws + labelParts + 1)
    }

    func testCachedFrameEqualsAFreshRender() {
        let (_, card, _) = card()
        _ = render()
        card.center.y += 37
        let cached = render()
        card.setNeedsDisplay()
        card.subviews.forEach { $0.setNeedsDisplay() }
        let fresh = render()
        XCTAssertEqual(cached, fresh)
    }

    func testTwoRendersAreByteIdentical() {
        _ = card()
        XCTAssertEqual(render(scale: 2), render(scale: 2))
    }

    func testCardMidTransitionGolden() {
        let modal = TestModalController()
        modal.view.backgroundColor = .white
        modal.view.addSubview(
            Label(
                text: "Modal", font: .boldSystemFont(ofSize: 28),
                frame: Rect(x: 16, y: 60, width: 300, height: 40)))
        let delegate = InteractiveDelegate(duration: 0.6)
        modal.transitioningDelegate = delegate
        root.present(modal, animated: false)
        delegate.hasStarted = true
        modal.dismiss(animated: true)
        delegate.interactor.update(0.3)
        assertMatchesGolden(render(scale: 1), named: "ui-interactive-dismiss-p030@1x")
    }
}

/// Occlusion: pixels a full-width opaque card covers are not drawn twice, and the frame is the same as drawing
/// everything back to front.
final class OcclusionTests: XCTestCase {
    func testCoveredBandsAreSkippedWithoutChangingPixels() {
        let env = UITestEnvironment()
        let root = env.window.rootViewController!.view
        root.backgroundColor = Color(rgb: 0xF2F2F7)
        root.addSubview(Label(text: "Behind", frame: Rect(x: 10, y: 300, width: 100, height: 30)))
        let container = View(frame: env.window.bounds)
        container.compositesAsGroup = false
        let card = View(frame: Rect(x: 0, y: 200.4, width: 375, height: 667))
        card.backgroundColor = .white
        card.shadow = Shadow()
        card.addSubview(Label(text: "Card", frame: Rect(x: 10, y: 10, width: 100, height: 30)))
        container.addSubview(card)
        env.window.addSubview(container)

        for scale in [1.0, 1.5, 2.0] {
            var frame = Bitmap(width: Int(375 * scale), height: Int(667 * scale))
            env.window.render(into: &frame, scale: scale)
            // Back to front by hand: black window, the presenting layer, the card layer (on whole pixels).
            var expected = Bitmap(width: frame.width, height: frame.height)
            expected.fill(.black)
            expected.draw(root.rasterized(scale: scale).canvas.bitmap, x: 0, y: 0)
            let cache = card.rasterized(scale: scale)
            let pad = Double(cache.padding)
            expected.draw(
                cache.canvas.bitmap, x: (card.presentedFrame.minX * scale).rounded() - pad,
                y: (card.presentedFrame.minY * scale).rounded() - pad)
            XCTAssertTrue(frame == expected, "scale \(scale)")
        }
        XCTAssertEqual(card.opaqueArea(x: 0, y: 401, scale: 2), PixelRect(x: 0, y: 401, width: 750, height: 1334))
        XCTAssertEqual(
            PixelRect(x: 0, y: 0, width: 750, height: 1334).uncovered(
                by: PixelRect(x: 0, y: 401, width: 750, height: 1334)),
            PixelRect(x: 0, y: 0, width: 750, height: 401))
        XCTAssertEqual(
            PixelRect(x: 0, y: 0, width: 750, height: 1334).uncovered(
                by: PixelRect(x: 10, y: 401, width: 740, height: 1334)),
            PixelRect(x: 0, y: 0, width: 750, height: 1334), "a card not spanning the width hides no band")
        card.cornerRadius = 12
        XCTAssertEqual(
            card.opaqueArea(x: 0, y: 401, scale: 2), PixelRect(x: 0, y: 425, width: 750, height: 1286),
            "the rows rounded corners cut into are not opaque")
        card.maskedCorners = .top
        XCTAssertEqual(
            card.opaqueArea(x: 0, y: 401, scale: 2), PixelRect(x: 0, y: 425, width: 750, height: 1310),
            "a sheet's band: only its top corners")
        for scale in [1.0, 1.5, 2.0] {
            // What shows through the rounded corners is still drawn.
            var frame = Bitmap(width: Int(375 * scale), height: Int(667 * scale))
            env.window.render(into: &frame, scale: scale)
            var expected = Bitmap(width: frame.width, height: frame.height)
            expected.fill(.black)
            expected.draw(root.rasterized(scale: scale).canvas.bitmap, x: 0, y: 0)
            let cache = card.rasterized(scale: scale)
            let pad = Double(cache.padding)
            expected.draw(
                cache.canvas.bitmap, x: (card.presentedFrame.minX * scale).rounded() - pad,
                y: (card.presentedFrame.minY * scale).rounded() - pad)
            XCTAssertTrue(frame == expected, "rounded, scale \(scale)")
        }
    }
}
