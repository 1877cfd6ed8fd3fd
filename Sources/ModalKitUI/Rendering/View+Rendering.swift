import ModalKitBase
import ModalKitPixels

/// The pixels of one rasterized view and its subtree, with room around them for the shadow.
final class LayerCache {
    var canvas: Canvas
    /// Pixels of margin on every side, for the shadow.
    let padding: Int
    var isValid = false
    /// Changes every time the pixels are redrawn, unique across caches, so a draw list can tell new pixels apart.
    private(set) var generation: UInt64 = 0
    private static var nextGeneration: UInt64 = 0

    /// Marks the pixels as freshly drawn.
    func didRedraw() {
        LayerCache.nextGeneration &+= 1
        generation = LayerCache.nextGeneration
        isValid = true
    }

    init(width: Int, height: Int, padding: Int, scale: Double) {
        canvas = Canvas(bitmap: Bitmap(width: width + 2 * padding, height: height + 2 * padding), scale: scale)
        self.padding = padding
    }

    func fits(width: Int, height: Int, padding: Int, scale: Double) -> Bool {
        self.padding == padding && canvas.scale == scale
            && canvas.bitmap.width == width + 2 * padding && canvas.bitmap.height == height + 2 * padding
    }
}

extension View {
    /// Marks this view's content as changed: its cached pixels and those of every ancestor are redrawn next frame.
    public func setNeedsDisplay() {
        var v: View? = self
        while let current = v {
            current.layerCache?.isValid = false
            if let window = current as? Window { window.needsDisplay = true }
            v = current.superview
        }
    }

    /// A presented value changed: colors and sizes change this view's pixels; position, alpha and transform only
    /// change where its cached pixels land, which is the parent's business.
    func presentationDidChange(_ property: AnimatableProperty) {
        switch property {
        case .backgroundColor, .bounds: setNeedsDisplay()
        case .center, .transform, .alpha: superview?.setNeedsDisplay()
        }
    }

    /// Draws the presented view into `canvas` with its top-left at (x, y) pixels, its opacity multiplied by
    /// `opacity`.
    func composite(into canvas: Canvas, x: Double, y: Double, opacity: Double) {
        let alpha = opacity * presentation.alpha
        guard !isHidden, alpha > 0.001 else { return }
        if shouldRasterize {
            let cache = rasterized(scale: canvas.scale)
            let s = presentation.transform.scaleX
            let pad = Double(cache.padding) * s
            let px = s == 1 ? x.rounded() : x, py = s == 1 ? y.rounded() : y
            let source = cache.canvas.bitmap
            if let recorder = canvas.recorder {
                let covered = PixelRect(covering: Rect(x: px - pad, y: py - pad, width: Double(source.width) * s,
                                                       height: Double(source.height) * s))
                recorder.current.append(DrawRecord(view: ObjectIdentifier(self), x: px - pad, y: py - pad, scale: s,
                                                   opacity: alpha, content: cache.generation, clip: canvas.clip,
                                                   area: covered.intersection(canvas.clip)))
                if canvas.isRecordingOnly { return }
            }
            canvas.bitmap.draw(source, x: px - pad, y: py - pad, scale: s, opacity: alpha, clip: canvas.clip)
        } else {
            drawDirectly(into: canvas, x: x, y: y, opacity: alpha)
        }
    }

    /// The non-cached path, for plain containers: own background, then each child composited straight into the
    /// target. Group opacity is not applied to the children (containers here are opaque).
    private func drawDirectly(into canvas: Canvas, x: Double, y: Double, opacity: Double) {
        let (savedX, savedY, savedClip) = (canvas.originX, canvas.originY, canvas.clip)
        canvas.originX = x; canvas.originY = y
        if presentation.backgroundColor.alpha > 0 {
            let color = presentation.backgroundColor.withAlphaComponent(presentation.backgroundColor.alpha * opacity)
            let rect = Rect(origin: .zero, size: presentation.bounds.size)
            if let recorder = canvas.recorder {
                let r = canvas.pixelRect(for: rect)
                recorder.current.append(DrawRecord(view: ObjectIdentifier(self), x: r.minX, y: r.minY, scale: r.width,
                                                   opacity: r.height, content: UInt64(Bitmap.premultiplied(color)),
                                                   clip: canvas.clip, area: PixelRect(covering: r).intersection(canvas.clip)))
            }
            if !canvas.isRecordingOnly { canvas.fill(rect, color: color) }
        }
        if clipsToBounds {
            canvas.clip = canvas.clip.intersection(PixelRect(covering: canvas.pixelRect(for: Rect(origin: .zero, size: presentation.bounds.size))))
        }
        compositeSubviews(into: canvas, x: x, y: y, opacity: opacity)
        (canvas.originX, canvas.originY, canvas.clip) = (savedX, savedY, savedClip)
    }

    private func compositeSubviews(into canvas: Canvas, x: Double, y: Double, opacity: Double) {
        for child in subviews {
            let f = child.presentedFrame
            child.composite(into: canvas, x: x + (f.minX - presentation.bounds.minX) * canvas.scale,
                            y: y + (f.minY - presentation.bounds.minY) * canvas.scale, opacity: opacity)
        }
    }

    /// This view and its subtree as cached pixels, redrawn only when invalidated or resized.
    func rasterized(scale: Double) -> LayerCache {
        let width = Int((presentation.bounds.width * scale).rounded(.up))
        let height = Int((presentation.bounds.height * scale).rounded(.up))
        let padding = shadow.map { Int(((2 * $0.radius + max(abs($0.offset.x), abs($0.offset.y))) * scale).rounded(.up)) } ?? 0
        let cache: LayerCache
        if let existing = layerCache, existing.fits(width: width, height: height, padding: padding, scale: scale) {
            if existing.isValid { return existing }
            cache = existing
            cache.canvas.bitmap.clear(nil)
        } else {
            cache = LayerCache(width: max(width, 0), height: max(height, 0), padding: padding, scale: scale)
            layerCache = cache
        }
        let canvas = cache.canvas
        let inset = Double(padding)
        canvas.originX = inset; canvas.originY = inset
        canvas.clip = canvas.bitmap.bounds
        draw(in: canvas)
        contentRenderCount += 1
        if clipsToBounds { canvas.clip = PixelRect(x: padding, y: padding, width: width, height: height) }
        compositeSubviews(into: canvas, x: inset, y: inset, opacity: 1)
        cache.didRedraw()
        return cache
    }
}
