import XCTest
import ModalKitBase
import ModalKitMotion
@testable import ModalKitPixels
@testable import ModalKitUI

/// How the zoomed page's card is drawn: its corners cut the page whatever the card's aspect (mid-landing, a tall
/// page going into a square cell), its shadow under it, and the screen behind and the dim drawn only around the
/// card's opaque middle, which must not change a pixel. In a window of 160 × 284 points (the phone's
/// proportions) so that every frame can be drawn twice in a debug build.
final class ZoomCardDrawingTests: XCTestCase {
    private static let size = Size(width: 160, height: 284)
    private static let cell = Rect(x: 12, y: 40, width: 44, height: 44)

    private final class Scene {
        let env: UITestEnvironment
        let cell = View(frame: ZoomCardDrawingTests.cell)
        let page = ViewController()

        init(cut: Bool) {
            env = UITestEnvironment(size: ZoomCardDrawingTests.size)
            env.window.skipsOccludedPixels = cut
            let root = env.window.rootViewController!
            root.view.backgroundColor = Color(rgb: 0xF2F2F7)
            for i in 0 ..< 6 {
                let stripe = View(frame: Rect(x: 4 + Double(i) * 3, y: 100 + Double(i) * 28, width: 150, height: 20))
                stripe.backgroundColor = Color(
                    rgb: UInt32(0x1F_3F7F &* (i + 1)) & 0xFF_FFFF, alpha: i % 3 == 0 ? 0.6 : 1)
                stripe.cornerRadius = Double(i)
                root.view.addSubview(stripe)
            }
            cell.backgroundColor = Color(rgb: 0xCC3333)
            cell.cornerRadius = 13
            root.view.addSubview(cell)
            page.view.backgroundColor = Color(rgb: 0xF2D57E)
            let title = View(frame: Rect(x: 0, y: 160, width: 160, height: 124))
            title.backgroundColor = .white
            page.view.addSubview(title)
            page.preferredTransition = .zoom(options: nil) { [unowned self] _ in cell }
            root.present(page, animated: false)
        }

        var zoom: ZoomTransitionController { page.zoomTransitionController! }

        /// One step of a drag far enough down to land, then the landing, a frame a step.
        func step(_ i: Int) {
            let t = env.clock.now + UITestEnvironment.frameInterval
            if i == 0 { env.window.handlePointer(.pointerDown(Point(x: 80, y: 120), time: env.clock.now)) }
            env.run(until: t)
            if i < 12 {
                env.window.handlePointer(.pointerMove(Point(x: 80 + Double(i), y: 120 + 12 * Double(i + 1)), time: t))
            } else if i == 12 {
                env.window.handlePointer(.pointerUp(Point(x: 92, y: 276), time: t))
            }
        }
    }

    func testEveryFrameOfADragAndLandingEqualsTheWholeScreenDrawnUnderIt() {
        for scale in [1.0, 2.0] {
            let cut = Scene(cut: true), whole = Scene(cut: false)
            var a = Bitmap(width: 0, height: 0), b = Bitmap(width: 0, height: 0)
            var holes = 0
            for i in 0 ..< 30 {
                cut.step(i)
                whole.step(i)
                XCTAssertEqual(cut.zoom.cardFrame, whole.zoom.cardFrame)
                a = Bitmap(width: Int(160 * scale), height: Int(284 * scale))
                b = a
                cut.env.window.render(into: &a, scale: scale)
                whole.env.window.render(into: &b, scale: scale)
                XCTAssertTrue(a == b, "frame \(i) at scale \(scale), card \(cut.zoom.cardFrame)")
                guard a == b else { return }
                if cut.zoom.card.opaqueMiddle(x: 0, y: 0, scale: scale) != nil, cut.zoom.scale < 1 { holes += 1 }
            }
            XCTAssertGreaterThan(holes, 10, "the screen behind was drawn around the card")
        }
    }

    /// The shadow leaves to the page the pixels the card covers wholly in the rows of its rounded corners too (the
    /// card's width there): every frame of a drag and the landing is byte for byte the frame whose shadow was
    /// computed there and drawn over, at both scales, so the page does cover them.
    func testLeavingTheCornerRowsToThePageChangesNoPixel() {
        defer { Bitmap.movingShadowSkipsCornerRows = true }
        for scale in [1.0, 2.0] {
            let scene = Scene(cut: true)
            var rounded = 0
            for i in 0 ..< 30 {
                scene.step(i)
                var frames: [Bitmap] = []
                for skips in [true, false] {
                    Bitmap.movingShadowSkipsCornerRows = skips
                    var frame = Bitmap(width: Int(160 * scale), height: Int(284 * scale))
                    scene.env.window.render(into: &frame, scale: scale)
                    frames.append(frame)
                }
                let differing = zip(frames[0].pixels, frames[1].pixels).filter { $0 != $1 }.count
                XCTAssertEqual(differing, 0, "frame \(i) at scale \(scale), card \(scene.zoom.cardFrame)")
                if scene.zoom.card.shadow != nil && scene.zoom.card.cornerRadius * scale >= 4 { rounded += 1 }
            }
            XCTAssertGreaterThan(rounded, 10, "@\(scale)x the card had a shadow and round corners")
        }
    }

    /// Mid-landing the card is narrower than the page's aspect: its corners are round, the page's pixels do not
    /// reach them, and the shadow darkens what is below it.
    func testMidLandingTheCornersAreRoundAndTheShadowIsBelow() {
        let scene = Scene(cut: true)
        for i in 0 ..< 20 { scene.step(i) }
        let zoom = scene.zoom
        XCTAssertEqual(zoom.phase, .landing)
        let card = zoom.cardFrame
        let p = zoom.progress
        XCTAssertGreaterThan(p, 0.05)
        XCTAssertLessThan(p, 0.95)
        XCTAssertNotEqual(card.width / card.height, 160 / 284, accuracy: 0.05, "the aspect differs from the page's")
        XCTAssertEqual(zoom.card.cornerRadius, 13 * (1 - p), accuracy: 1e-9, "a straight line to the display's 0")
        var frame = Bitmap(width: 320, height: 568)
        scene.env.window.render(into: &frame, scale: 2)
        let x0 = Int((card.minX * 2).rounded(.up)), y0 = Int((card.minY * 2).rounded(.up))
        // The page's top there, with the cell's cross-fade over it.
        let page = frame[Int(card.midX * 2), y0 + 12]
        // The screen behind (F2F2F7, dimmed) shows in the corner: blue, which the yellow and red there lack.
        XCTAssertGreaterThan(frame[x0, y0] & 0xFF, 0xC0, "the corner is cut")
        XCTAssertLessThan(page & 0xFF, 0x80)
        XCTAssertEqual(frame[x0 + 12, y0 + 12], page, "inside the corner, the page")
        XCTAssertEqual(frame[x0, y0 + 30], page, "below the corner, the page's edge")
        let noShadow = Scene(cut: true)
        for i in 0 ..< 20 { noShadow.step(i) }
        noShadow.zoom.look.shadowColor = .clear
        noShadow.zoom.show(noShadow.zoom.cardFrame)
        var plain = Bitmap(width: 320, height: 568)
        noShadow.env.window.render(into: &plain, scale: 2)
        let below = (Int(card.midX * 2), Int(card.maxY * 2) + 14)
        XCTAssertLessThan(frame[below.0, below.1] & 0xFF, plain[below.0, below.1] & 0xFF, "darker under the card")
    }
}
