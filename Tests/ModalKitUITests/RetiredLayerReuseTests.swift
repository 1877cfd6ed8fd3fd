import XCTest
import ModalKitBase
import ModalKitPixels
@testable import ModalKitUI

/// A new card that draws exactly what a dismissed one drew takes its layer (`Window.reusesRetiredLayers`); any
/// difference in what the drawing reads, or a view whose drawing cannot be described, draws fresh. Every frame
/// must equal a window that draws everything fresh.
final class RetiredLayerReuseTests: XCTestCase {
    /// What a card is made of; each test changes one thing.
    private struct Card {
        var text = "Modal"
        var textColor = Color.label
        var background = Color.white
        var size = Size(width: 375, height: 600)
        var image: Image? = RetiredLayerReuseTests.picture
        var extraSubview = false
        var customClass = false
        var customInk = Color(rgb: 0x000000)
        /// The scroll view's content offset, as the sheet's card holds one; nil: no scroll view.
        var scrollOffset: Double? = nil
        var scrollIndicatorShown = false
    }

    nonisolated(unsafe) private static let picture = stripes(0x3366CC)

    private static func stripes(_ rgb: UInt32) -> Image {
        var b = Bitmap(width: 40, height: 24)
        for y in 0 ..< 24 {
            for x in 0 ..< 40 {
                b.pixels[y * 40 + x] = (x / 5 + y / 6) % 2 == 0 ? Bitmap.premultiplied(Color(rgb: rgb)) : 0xFFFF_FFFF
            }
        }
        return Image(bitmap: b)
    }

    /// A label subclass drawing a bar in a color no description holds.
    private final class InkLabel: Label {
        var ink = Color(rgb: 0x000000) { didSet { setNeedsDisplay() } }
        override func draw(in canvas: Canvas) {
            super.draw(in: canvas)
            canvas.fill(Rect(x: 0, y: 0, width: 20, height: 4), color: ink)
        }
    }

    private func makeCard(_ c: Card) -> View {
        let card = View(frame: Rect(origin: Point(x: 0, y: 667 - c.size.height), size: c.size))
        card.shouldRasterize = true
        card.backgroundColor = c.background
        card.cornerRadius = 10
        card.shadow = Shadow(color: Color(white: 0, alpha: 0.3), radius: 10, offset: Point(x: 0, y: -1))
        let button = Button(title: "Close", frame: Rect(x: 8, y: 24, width: 70, height: 44))
        card.addSubview(button)
        let title: Label = c.customClass ? InkLabel(text: c.text) : Label(text: c.text)
        (title as? InkLabel)?.ink = c.customInk
        title.font = .boldSystemFont(ofSize: 34)
        title.textColor = c.textColor
        title.frame = Rect(x: 16, y: 72, width: 343, height: 41)
        card.addSubview(title)
        let image = ImageView(image: c.image, frame: Rect(x: 16, y: 130, width: 80, height: 48))
        card.addSubview(image)
        if let offset = c.scrollOffset {
            card.addSubview(makeScrollView(offset: offset, indicator: c.scrollIndicatorShown))
        }
        if c.extraSubview {
            let dot = View(frame: Rect(x: 300, y: 30, width: 12, height: 12))
            dot.backgroundColor = Color(rgb: 0xFF3B30)
            card.addSubview(dot)
        }
        return card
    }

    /// A list of rows taller than the view, scrolled to `offset`.
    private func makeScrollView(offset: Double, indicator: Bool) -> ScrollView {
        let scroll = ScrollView(frame: Rect(x: 0, y: 200, width: 375, height: 300))
        scroll.contentSize = Size(width: 375, height: 900)
        for row in 0 ..< 12 {
            let label = Label(text: "Row \(row)")
            label.frame = Rect(x: 16, y: Double(row) * 75 + 20, width: 200, height: 30)
            scroll.addSubview(label)
        }
        scroll.contentOffset = Point(x: 0, y: offset)
        if indicator { scroll.verticalIndicator.show() }
        return scroll
    }

    private func window(reuse: Bool) -> Window {
        let window = Window(size: Size(width: 375, height: 667))
        window.rootViewController = ViewController()
        window.rootViewController?.view.backgroundColor = Color(rgb: 0xF2F2F7)
        window.reusesRetiredLayers = reuse
        return window
    }

    /// The frame of a window that draws `card` with no retired layers, into a new bitmap.
    private func fresh(_ card: Card, scale: Double) -> Bitmap {
        let w = window(reuse: false)
        w.addSubview(makeCard(card))
        var bitmap = Bitmap(width: Int(375 * scale), height: Int(667 * scale))
        w.render(into: &bitmap, scale: scale)
        return bitmap
    }

    /// Shows `first`, takes it out (it is freed), shows `second`: returns the second card's whole draws, after
    /// checking every frame (incremental, as the host draws them) against a fresh window's.
    private func presentAgain(
        _ first: Card, then second: Card, scale: Double, file: StaticString = #filePath,
        line: UInt = #line
    ) -> Int {
        let w = window(reuse: true)
        var frame = Bitmap(width: Int(375 * scale), height: Int(667 * scale))
        do {
            let old = makeCard(first)
            w.addSubview(old)
            w.render(into: &frame, scale: scale)
            XCTAssertTrue(frame == fresh(first, scale: scale), "first card at \(scale)x", file: file, line: line)
            old.removeFromSuperview()
        }
        w.render(into: &frame, scale: scale)
        let new = makeCard(second)
        w.addSubview(new)
        w.render(into: &frame, scale: scale)
        XCTAssertTrue(frame == fresh(second, scale: scale), "second card at \(scale)x", file: file, line: line)
        // Moved, as a drag moves it: the layer it holds is blitted again.
        new.center.y += 37
        w.render(into: &frame, scale: scale)
        let moved = fresh(second, scale: scale, movedBy: 37)
        XCTAssertTrue(frame == moved, "second card moved at \(scale)x", file: file, line: line)
        return new.contentRenderCount
    }

    private func fresh(_ card: Card, scale: Double, movedBy dy: Double) -> Bitmap {
        let w = window(reuse: false)
        let view = makeCard(card)
        view.center.y += dy
        w.addSubview(view)
        var bitmap = Bitmap(width: Int(375 * scale), height: Int(667 * scale))
        w.render(into: &bitmap, scale: scale)
        return bitmap
    }

    func testTheSameCardTakesTheRetiredLayerAndDrawsTheFreshFrame() {
        for scale in [1.0, 2.0] {
            XCTAssertEqual(presentAgain(Card(), then: Card(), scale: scale), 0, "not drawn again at \(scale)x")
        }
    }

    func testAnyChangeInWhatTheCardDrawsDrawsFresh() {
        var changes: [(String, Card)] = []
        var c = Card()
        c.text = "Modal!"
        changes.append(("text", c))
        c = Card()
        c.textColor = Color(rgb: 0xFF3B30)
        changes.append(("text color", c))
        c = Card()
        c.background = Color(rgb: 0xFFFFFE)
        changes.append(("background", c))
        c = Card()
        c.image = RetiredLayerReuseTests.stripes(0x3366CD)
        changes.append(("image", c))
        c = Card()
        c.size = Size(width: 375, height: 601)
        changes.append(("size", c))
        c = Card()
        c.extraSubview = true
        changes.append(("subview", c))
        for scale in [1.0, 2.0] {
            for (name, changed) in changes {
                XCTAssertEqual(presentAgain(Card(), then: changed, scale: scale), 1, "\(name) at \(scale)x")
            }
        }
    }

    /// The sheet's card holds a scroll view: the same one (offset, content, indicators) takes the retired layer.
    func testACardHoldingAScrollViewTakesTheRetiredLayer() {
        var c = Card()
        c.scrollOffset = 40
        for scale in [1.0, 2.0] {
            XCTAssertEqual(presentAgain(c, then: c, scale: scale), 0, "not drawn again at \(scale)x")
        }
    }

    /// Another content offset, an indicator shown, or no scroll view at all draws fresh.
    func testAnyChangeInTheScrollViewDrawsFresh() {
        var first = Card()
        first.scrollOffset = 40
        var offset = first, indicator = first
        offset.scrollOffset = 41
        indicator.scrollIndicatorShown = true
        for scale in [1.0, 2.0] {
            for (name, changed) in [("offset", offset), ("indicator", indicator), ("no scroll view", Card())] {
                XCTAssertEqual(presentAgain(first, then: changed, scale: scale), 1, "\(name) at \(scale)x")
            }
        }
    }

    /// The image compared is the same object, not an equal-looking one at a reused address.
    func testAnEqualButNewImageIsDrawnFresh() {
        var a = Card(), b = Card()
        a.image = RetiredLayerReuseTests.stripes(0x3366CC)
        b.image = RetiredLayerReuseTests.stripes(0x3366CC)
        XCTAssertEqual(presentAgain(a, then: b, scale: 1), 1)
    }

    /// A layer kept at one scale is not handed to a card drawn at another.
    func testAnotherScaleDrawsFresh() {
        let w = window(reuse: true)
        var one = Bitmap(width: 375, height: 667)
        do {
            let old = makeCard(Card())
            w.addSubview(old)
            w.render(into: &one, scale: 1)
            old.removeFromSuperview()
        }
        let new = makeCard(Card())
        w.addSubview(new)
        var two = Bitmap(width: 750, height: 1334)
        w.render(into: &two, scale: 2)
        XCTAssertEqual(new.contentRenderCount, 1)
        XCTAssertTrue(two == fresh(Card(), scale: 2))
    }

    /// A subclass that draws what its description does not hold (a bar in `ink`) is never given old pixels: the
    /// same card with another ink draws the other ink.
    func testASubclassDrawingMoreThanItsDescriptionIsNeverReused() {
        var a = Card(), b = Card()
        a.customClass = true
        b.customClass = true
        b.customInk = Color(rgb: 0x34C759)
        for scale in [1.0, 2.0] {
            XCTAssertEqual(presentAgain(a, then: b, scale: scale), 1, "at \(scale)x")
            XCTAssertEqual(presentAgain(a, then: a, scale: scale), 1, "not even when nothing changed, at \(scale)x")
        }
    }

    /// A view that left but is still alive (a presenting screen taken out for a full-screen modal) keeps its
    /// layer: a look-alike new view draws its own.
    func testALiveRetiredViewKeepsItsLayer() {
        let w = window(reuse: true)
        var frame = Bitmap(width: 375, height: 667)
        let old = makeCard(Card())
        w.addSubview(old)
        w.render(into: &frame, scale: 1)
        old.removeFromSuperview()
        let new = makeCard(Card())
        w.addSubview(new)
        w.render(into: &frame, scale: 1)
        XCTAssertEqual(new.contentRenderCount, 1)
        XCTAssertNotNil(old.layerCache)
        XCTAssertFalse(old.layerCache === new.layerCache)
    }

    /// At most `LayerPool.capacity` layers are kept after their views are gone.
    func testTheKeptLayersAreBounded() {
        let w = window(reuse: true)
        var frame = Bitmap(width: 375, height: 667)
        w.render(into: &frame, scale: 1)
        let before = View.liveLayerCaches
        for i in 0 ..< 6 {
            var c = Card()
            c.text = "Card \(i)"
            let card = makeCard(c)
            w.addSubview(card)
            w.render(into: &frame, scale: 1)
            card.removeFromSuperview()
        }
        w.render(into: &frame, scale: 1)
        XCTAssertLessThanOrEqual(View.liveLayerCaches - before, LayerPool.capacity)
        w.reusesRetiredLayers = false
        XCTAssertEqual(View.liveLayerCaches - before, 0)
    }
}
