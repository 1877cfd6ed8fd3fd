import ModalKitBase
import ModalKitPixels

/// Where a view draws: a bitmap with the view's origin and clip, taking sizes in points and converting them to
/// pixels with `scale`. Views never see pixels; the pixel layer never sees points.
public final class Canvas {
    /// The pixels drawn into.
    public var bitmap: Bitmap
    /// Pixels per point.
    public let scale: Double
    /// The current view's top-left corner, in pixels of `bitmap`.
    var originX = 0.0, originY = 0.0
    /// Drawing outside this region (pixels) is dropped.
    var clip: PixelRect
    /// Set on the window's canvas while it lists what it would draw, without drawing, to find the damage.
    var recorder: DamageTracker?
    /// True during that listing pass: composite records, draws nothing.
    var isRecordingOnly = false
    /// The opaque areas of the children of the containers being drawn, innermost last (see `drawDirectly`);
    /// kept between frames so drawing allocates nothing.
    var occluders: [PixelRect?] = []
    /// Whether containers leave undrawn what their opaque children cover (always, except in tests).
    var skipsOccludedPixels = true
    /// Set on the window's canvas while it draws a frame: a cached layer blitted at whole pixels waits in
    /// `pendingLayer` for the next draw, so that a translucent fill over all of it (a dimming view over the screen
    /// behind) is blended into its pixels in the same pass (see `fillBackground`).
    var defersLayers = false
    var pendingLayer: PendingLayer?
    /// Layers drawn with a fill in one pass; the window collects it after each pass (for tests).
    var tintedLayerDraws = 0

    /// Calls `body` with each piece of `clip` that the occluders from index `first` on leave showing: a band
    /// where an occluder spans the clip's width (`PixelRect.uncovered`), else, around one that hides at least a
    /// quarter of it, up to four rectangles (the screen above, beside and below an inset sheet). Nothing is
    /// allocated: the pieces are found recursively.
    func forEachUnoccludedPiece(of clip: PixelRect, byOccludersFrom first: Int, _ body: (PixelRect) -> Void) {
        guard !clip.isEmpty else { return }
        var i = first
        while i < occluders.count {
            if let opaque = occluders[i], !opaque.intersection(clip).isEmpty { break }
            i += 1
        }
        guard i < occluders.count, let opaque = occluders[i] else { return body(clip) }
        let band = clip.uncovered(by: opaque)
        if band != clip { return forEachUnoccludedPiece(of: band, byOccludersFrom: i + 1, body) }
        // Cutting around an occluder costs a draw per piece and makes the damage of a moving one coarser (its
        // pieces change with it): only worth it for one that hides a good part of the clip, not a small badge.
        let hidden = opaque.intersection(clip)
        guard hidden.width * hidden.height * 4 >= clip.width * clip.height else {
            return forEachUnoccludedPiece(of: clip, byOccludersFrom: i + 1, body)
        }
        clip.forEachPiece(excluding: opaque) { forEachUnoccludedPiece(of: $0, byOccludersFrom: i + 1, body) }
    }

    /// A canvas drawing into `bitmap` at `scale` pixels per point, clipped to the whole bitmap.
    public init(bitmap: Bitmap, scale: Double) {
        self.bitmap = bitmap
        self.scale = scale
        clip = bitmap.bounds
    }

    /// A rectangle given in the current view's points, in the bitmap's pixels.
    public func pixelRect(for rect: Rect) -> Rect {
        Rect(
            x: originX + rect.minX * scale, y: originY + rect.minY * scale,
            width: rect.width * scale, height: rect.height * scale)
    }

    /// Fills a rectangle, with rounded corners when `cornerRadius` > 0.
    public func fill(_ rect: Rect, color: Color, cornerRadius: Double = 0, corners: CornerMask = .all) {
        guard color.alpha > 0 else { return }
        flushPendingLayer()
        let r = pixelRect(for: rect)
        if cornerRadius > 0 {
            bitmap.fillRoundedRect(r, radii: Canvas.radii(cornerRadius * scale, corners), color: color, clip: clip)
        } else {
            bitmap.fillRoundedRect(r, radii: .zero, color: color, clip: clip)
        }
    }

    /// Fills a rectangle with each corner rounded by its radius in `radii` (pixels).
    public func fill(_ rect: Rect, color: Color, radii: CornerRadii) {
        guard color.alpha > 0 else { return }
        flushPendingLayer()
        bitmap.fillRoundedRect(pixelRect(for: rect), radii: radii, color: color, clip: clip)
    }

    /// Draws a soft shadow for a rounded rectangle. With `opaqueFillFollows` the caller fills `rect` with an
    /// opaque color next, so the shadow leaves alone the pixels that fill will cover (see `Bitmap.drawShadow`).
    public func drawShadow(
        _ shadow: Shadow, for rect: Rect, cornerRadius: Double, corners: CornerMask,
        opaqueFillFollows: Bool = false
    ) {
        flushPendingLayer()
        bitmap.drawShadow(
            of: pixelRect(for: rect), radii: Canvas.radii(cornerRadius * scale, corners),
            blur: shadow.radius * scale, offsetX: shadow.offset.x * scale,
            offsetY: shadow.offset.y * scale, color: shadow.color, clip: clip,
            opaqueFillFollows: opaqueFillFollows)
    }

    /// Draws one line of text with its baseline at `baseline` (points, the view's coordinates), snapped to a whole
    /// pixel so glyphs stay crisp.
    public func drawText(_ text: String, font: FontDescriptor, color: Color, at baseline: Point) {
        guard let face = FontBook.shared.font(font, scale: scale) else { return }
        flushPendingLayer()
        let x = (originX + baseline.x * scale).rounded()
        let y = (originY + baseline.y * scale).rounded()
        bitmap.drawText(text, font: face, color: color, x: x, baselineY: y, clip: clip)
    }

    /// `text` laid out in `font` at this canvas's scale, to measure, draw and compare (see `TextLine`); nil
    /// without the font.
    public func layOut(_ text: String, font: FontDescriptor) -> TextLine? {
        FontBook.shared.font(font, scale: scale).map { TextLine(text, font: $0) }
    }

    /// Draws a line laid out by `layOut` with the same font, as `drawText` draws its text.
    public func drawText(_ line: TextLine, font: FontDescriptor, color: Color, at baseline: Point) {
        guard let face = FontBook.shared.font(font, scale: scale) else { return }
        flushPendingLayer()
        let x = (originX + baseline.x * scale).rounded()
        let y = (originY + baseline.y * scale).rounded()
        bitmap.drawText(line, font: face, color: color, x: x, baselineY: y, clip: clip)
    }

    /// The width of `text` in points, measured at this canvas's scale (hinting makes widths scale-dependent).
    public func measure(_ text: String, font: FontDescriptor) -> Double {
        guard let face = FontBook.shared.font(font, scale: scale) else { return 0 }
        return face.measure(text) / scale
    }

    /// Ascent and descent of a font in points at this scale.
    public func metrics(_ font: FontDescriptor) -> (ascent: Double, descent: Double) {
        guard let face = FontBook.shared.font(font, scale: scale) else { return (font.size * 0.8, font.size * 0.2) }
        return (face.ascent / scale, face.descent / scale)
    }

    static func radii(_ r: Double, _ corners: CornerMask) -> CornerRadii {
        CornerRadii(
            topLeft: corners.contains(.topLeft) ? r : 0, topRight: corners.contains(.topRight) ? r : 0,
            bottomRight: corners.contains(.bottomRight) ? r : 0,
            bottomLeft: corners.contains(.bottomLeft) ? r : 0)
    }
}
