import ModalKitBase
import ModalKitPixels

/// A cached layer's blit at whole pixels and scale 1, held back until the next draw (see `Canvas.defersLayers`).
struct PendingLayer {
    let source: Bitmap
    let spans: RowSpans?
    let x: Int, y: Int
    let opacity: Double
    let clip: PixelRect

    /// The pixels the blit writes, in `bounds`.
    func area(in bounds: PixelRect) -> PixelRect {
        PixelRect(x: x, y: y, width: source.width, height: source.height).intersection(clip).intersection(bounds)
    }
}

extension Canvas {
    /// Blits a cached layer at whole pixels and scale 1, or, on the window's canvas while it draws a frame, holds
    /// the blit back until the next draw so a translucent fill over it can share its pass.
    func drawLayer(_ source: Bitmap, x: Int, y: Int, opacity: Double, spans: RowSpans?) {
        flushPendingLayer()
        let layer = PendingLayer(source: source, spans: spans, x: x, y: y, opacity: opacity, clip: clip)
        if defersLayers { pendingLayer = layer } else { draw(layer) }
    }

    /// Draws the layer held back, if any. Every draw on this canvas calls it first.
    func flushPendingLayer() {
        guard let layer = pendingLayer else { return }
        pendingLayer = nil
        draw(layer)
    }

    /// A view's background fill (no rounded corners) in the current view's points. When it is translucent and
    /// covers, at full coverage and inside its clip, all that the layer held back writes, the layer's pixels are
    /// blended with it on their way in, and the rest of the fill is drawn around them: the bytes of the blit
    /// followed by the fill, in one pass over the layer's pixels.
    func fillBackground(_ rect: Rect, color: Color) {
        guard let layer = pendingLayer else { return fill(rect, color: color) }
        let r = pixelRect(for: rect)
        let covered = layer.area(in: bitmap.bounds)
        let tint = Bitmap.premultiplied(color)
        guard tint >> 24 < 255, !covered.isEmpty,
            covered.intersection(Canvas.fullyCovered(r)).intersection(clip) == covered
        else {
            return fill(rect, color: color)
        }
        pendingLayer = nil
        tintedLayerDraws += 1
        bitmap.drawTinted(
            layer.source, x: layer.x, y: layer.y, opacity: layer.opacity, clip: layer.clip,
            spans: layer.spans, tint: tint)
        let rest = PixelRect(covering: r).intersection(clip)
        rest.forEachPiece(excluding: covered) { bitmap.fillRoundedRect(r, radii: .zero, color: color, clip: $0) }
    }

    private func draw(_ layer: PendingLayer) {
        bitmap.draw(
            layer.source, x: Double(layer.x), y: Double(layer.y), opacity: layer.opacity, clip: layer.clip,
            spans: layer.spans)
    }

    /// The whole pixels a fractional rectangle covers entirely.
    static func fullyCovered(_ r: Rect) -> PixelRect {
        let limit = View.largestPixelCoordinate
        guard abs(r.minX) < limit, abs(r.minY) < limit, abs(r.maxX) < limit, abs(r.maxY) < limit else { return .zero }
        let x0 = Int(r.minX.rounded(.up)), y0 = Int(r.minY.rounded(.up))
        let x1 = Int(r.maxX.rounded(.down)), y1 = Int(r.maxY.rounded(.down))
        return PixelRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }
}

extension PixelRect {
    /// Calls `body` with each of the up to four rectangles that make up this one less `hole`: the bands above and
    /// below the hole, and beside it on its rows. (A closure, not an array: this runs every frame.)
    func forEachPiece(excluding hole: PixelRect, _ body: (PixelRect) -> Void) {
        let h = hole.intersection(self)
        guard !h.isEmpty else { return isEmpty ? () : body(self) }
        let above = PixelRect(x: x, y: y, width: width, height: h.y - y)
        let below = PixelRect(x: x, y: h.maxY, width: width, height: maxY - h.maxY)
        let left = PixelRect(x: x, y: h.y, width: h.x - x, height: h.height)
        let right = PixelRect(x: h.maxX, y: h.y, width: maxX - h.maxX, height: h.height)
        if !above.isEmpty { body(above) }
        if !below.isEmpty { body(below) }
        if !left.isEmpty { body(left) }
        if !right.isEmpty { body(right) }
    }
}
