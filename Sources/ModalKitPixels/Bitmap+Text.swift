import ModalKitBase

extension Bitmap {
    /// Anti-aliased text in pixels, the baseline starting at (x, baselineY) (the baseline rounds to the nearest
    /// row), grayscale coverage blended in `color`, source-over.
    public mutating func drawText(
        _ text: String, font: Font, color: Color, x: Double, baselineY: Double,
        clip: PixelRect? = nil
    ) {
        let src = PixelMath.premultiplied(color)
        let area = clipped(nil, clip)
        guard src != 0, !area.isEmpty, baselineY.isFinite, x.isFinite else { return }
        let baseline = Int(baselineY.rounded())
        font.forEachGlyph(text, startX: x) { index, pen, _ in
            let placed = GlyphPlacement(index: index, pen: pen)
            let glyph = font.glyph(placed.index, subpixel: placed.bucket)
            drawGlyph(glyph, x: placed.whole + glyph.left, y: baseline - glyph.top, src: src, area: area)
        }
    }

    /// `line` (laid out in `font`) with its pen starting at (x, baselineY): the same pixels as `drawText` of its
    /// text, without looking its glyphs and kerning up again.
    public mutating func drawText(
        _ line: TextLine, font: Font, color: Color, x: Double, baselineY: Double, clip: PixelRect? = nil
    ) {
        let src = PixelMath.premultiplied(color)
        let area = clipped(nil, clip)
        guard src != 0, !area.isEmpty, baselineY.isFinite, x.isFinite else { return }
        let baseline = Int(baselineY.rounded())
        for i in line.indices.indices {
            let placed = GlyphPlacement(index: line.indices[i], pen: x + line.pens[i])
            let glyph = font.glyph(placed.index, subpixel: placed.bucket)
            drawGlyph(glyph, x: placed.whole + glyph.left, y: baseline - glyph.top, src: src, area: area)
        }
    }

    /// The pixels where `line` drawn at `x` and `previous` drawn at `previousX` (both on `baselineY`, with the same
    /// font and color) can differ: the union of the boxes of the glyphs that are not the same glyph at the same
    /// pixel and subpixel in both. Nil when every glyph is. Clearing that area and drawing `line` clipped to it
    /// gives the pixels of drawing it whole, so a line whose numbers change redraws its digits alone.
    public static func textChange(
        from previous: TextLine, at previousX: Double, to line: TextLine, at x: Double, font: Font, baselineY: Double
    ) -> PixelRect? {
        guard baselineY.isFinite, x.isFinite, previousX.isFinite else { return nil }
        let baseline = Int(baselineY.rounded())
        var changed = PixelRect.zero
        for i in 0 ..< max(previous.indices.count, line.indices.count) {
            let old =
                i < previous.indices.count
                ? GlyphPlacement(index: previous.indices[i], pen: previousX + previous.pens[i]) : nil
            let new = i < line.indices.count ? GlyphPlacement(index: line.indices[i], pen: x + line.pens[i]) : nil
            guard old != new else { continue }
            if let old { changed = changed.union(old.box(font, baseline: baseline)) }
            if let new { changed = changed.union(new.box(font, baseline: baseline)) }
        }
        return changed.isEmpty ? nil : changed
    }

    private mutating func drawGlyph(_ glyph: GlyphImage, x: Int, y: Int, src: UInt32, area: PixelRect) {
        let box = PixelRect(x: x, y: y, width: glyph.width, height: glyph.height).intersection(area)
        guard !box.isEmpty else { return }
        let stride = width
        glyph.coverage.withUnsafeBufferPointer { cov in
            pixels.withUnsafeMutableBufferPointer { buf in
                for row in box.y ..< box.maxY {
                    let from = (row - y) * glyph.width - x
                    for col in box.x ..< box.maxX {
                        let k = UInt32(cov[from + col])
                        guard k > 0 else { continue }
                        let s = k == 255 ? src : PixelMath.scale(src, by: k)
                        let dst = buf[row * stride + col]
                        // On a label's clear layer most pixels are empty, and `over` an empty pixel is the source.
                        buf[row * stride + col] = dst == 0 ? s : PixelMath.over(s, dst)
                    }
                }
            }
        }
    }
}

/// One line of text laid out in a face: each glyph's index and its pen position from the line's start (kerning
/// applied), and the line's width, so it can be measured, drawn and compared with another line without looking
/// its glyphs and kerning pairs up again. Advances and kerning are multiples of 1/65536 pixel, so a pen position
/// plus a whole-pixel start is exactly the position `drawText` reaches by adding them one by one.
public struct TextLine: Equatable {
    /// Glyph indices in the face, in order.
    fileprivate var indices: [UInt32] = []
    /// Each glyph's pen position from the start of the line, in pixels.
    fileprivate var pens: [Double] = []
    /// The sum of the glyphs' advances, in pixels: what `Font.measure` gives for the text.
    public private(set) var width = 0.0

    /// `text` laid out in `font`.
    public init(_ text: String, font: Font) {
        indices.reserveCapacity(text.utf8.count)
        pens.reserveCapacity(text.utf8.count)
        font.forEachGlyph(text, startX: 0) { index, pen, advance in
            indices.append(index)
            pens.append(pen)
            width += advance
        }
    }
}

/// Which glyph `drawText` puts where: its index, the whole pixel of its pen and the subpixel bucket.
struct GlyphPlacement: Equatable {
    let index: UInt32
    let whole: Int
    let bucket: Int

    /// Glyph `index` with its pen at `pen`, as `drawText` rounds it.
    init(index: UInt32, pen: Double) {
        let whole = pen.rounded(.down)
        self.index = index
        self.whole = Int(whole)
        bucket = min(Int(((pen - whole) * Double(Font.subpixelSteps)).rounded(.down)), Font.subpixelSteps - 1)
    }

    /// The pixels its image covers on a line whose baseline is row `baseline`.
    func box(_ font: Font, baseline: Int) -> PixelRect {
        let glyph = font.glyph(index, subpixel: bucket)
        return PixelRect(x: whole + glyph.left, y: baseline - glyph.top, width: glyph.width, height: glyph.height)
    }
}
