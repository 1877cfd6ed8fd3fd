import ModalKitBase
import ModalKitPixels

/// The pixels of one rasterized view and its subtree, with room around them for the shadow.
final class LayerCache {
    var canvas: Canvas
    /// Pixels of margin on every side, for the shadow.
    let padding: Int
    var isValid = false

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
            canvas.bitmap.draw(cache.canvas.bitmap, x: px - pad, y: py - pad, scale: s, opacity: alpha, clip: canvas.clip)
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
            canvas.fill(Rect(origin: .zero, size: presentation.bounds.size), color: color)
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
        cache.isValid = true
        return cache
    }
}
