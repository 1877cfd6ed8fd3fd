import ModalKitBase
import ModalKitPixels

/// The glass under a floating sheet: the screen behind it as it is drawn now (shrunk and moved while the sheet
/// grows toward large), blurred, darkened as the backdrop dims it and under a tint, cut to the sheet's corners.
/// The blur is made once per look of the screen behind (its layer's generation) and the scale, small
/// (`FrostedBackdrop`), and kept, and toned again only when the dim changes (it follows the sheet's way in and
/// out, as the dimming view does); around a shrunk screen it blurs into the window's black, which is what shows
/// there. Each frame scales it up through the screen's current placement straight into
/// the frame (no layer of its own: it changes every frame of a drag, and a layer would only be copied once
/// more), so moving the sheet or shrinking the screen behind costs a stretch of what shows, never another blur.
final class SheetGlassView: View {
    /// The glass's blur and tint; nil draws nothing.
    var material: SheetPresentationController.GlassMaterial? { didSet { if material != oldValue { forget() } } }
    /// The screen behind the sheet, whose pixels the glass shows.
    weak var presentingView: View?
    /// The sheet's own view, drawn next over the glass (a sibling just above it): where its kept layer is
    /// opaque, the glass is not drawn, since those pixels are drawn over whole.
    weak var coveringView: View?
    /// Whether the glass leaves out what `coveringView` covers (off: the reference that draws it all; tests).
    var skipsCoveredPixels = true
    /// How many pixels the glass left to the sheet drawn over it (tests: the fast path was taken).
    var skippedPixels: Int { scratch.skippedPixels }
    /// The backdrop's dim over the screen behind now (0...1 of black): the dimming view's.
    var dim = 0.0 { didSet { if dim != oldValue { setNeedsDisplay() } } }
    /// The sheet's top and bottom corner radii, in points.
    var cornerRadii = (top: 0.0, bottom: 0.0)
    /// The sheet's own background, and how much of it covers the glass (0: all glass, 1: opaque).
    var opaqueColor = Color.white, opacity = 1.0
    /// How many times the screen behind was blurred (tests: once a look, not once a frame).
    private(set) var frostCount = 0

    private struct FrostKey: Equatable {
        var generation: UInt64, scale: Double, margin: Int
    }
    /// The last two blurred screens: a drag across the large detent's threshold rounds the screen behind's
    /// corners and squares them again (and shrinks it off the window's edges), two looks it goes back and forth
    /// between.
    private var blurs: [(key: FrostKey, small: Bitmap)] = []
    /// The last blur toned for the dim and tint it was toned for.
    private var toned: (key: FrostKey, dim: Double, backdrop: FrostedBackdrop)?
    private var scratch = GlassScratch()

    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
        compositesAsGroup = false
        accessibilityIdentifier = "glass"
    }

    /// Drops the kept blurs and tone: the next draw makes them afresh (a new material; tests: the reference).
    func forget() {
        blurs = []
        toned = nil
        setNeedsDisplay()
    }

    override var drawsInPlace: Bool { true }

    /// The glass's pixels are decided by its size, corners and mix, and by the screen behind: its pixels and
    /// where it is drawn now.
    override var inPlaceContent: UInt64 {
        var hasher = Hasher()
        for value in [
            bounds.width, bounds.height, cornerRadii.top, cornerRadii.bottom, opacity, dim, opaqueColor.red,
            opaqueColor.green, opaqueColor.blue, opaqueColor.alpha
        ] {
            hasher.combine(value)
        }
        if let material {
            for value in [
                material.blurRadius, material.tint.red, material.tint.green, material.tint.blue, material.tint.alpha
            ] {
                hasher.combine(value)
            }
        }
        if let behind = presentingView {
            hasher.combine(behind.layerCache?.generation)
            hasher.combine(behind.presentation.transform)
            hasher.combine(behind.convertToWindow(.zero).x)
            hasher.combine(behind.convertToWindow(.zero).y)
        }
        return UInt64(bitPattern: Int64(hasher.finalize()))
    }

    /// Opaque inside its corners (the glass and the sheet's background are both opaque): the screen behind and
    /// the dim need not be drawn there.
    override func inPlaceOpaqueArea(x: Double, y: Double, scale: Double) -> PixelRect? {
        guard opaqueColor.alpha >= 1 else { return nil }
        let w = bounds.width * scale, h = bounds.height * scale
        let top = (max(cornerRadii.top, 0) * scale).rounded(.up)
        let bottom = (max(cornerRadii.bottom, 0) * scale).rounded(.up)
        let (x0, y0, x1, y1) = (
            x.rounded(.up), (y + top).rounded(.up), (x + w).rounded(.down), (y + h - bottom).rounded(.down)
        )
        guard [x0, y0, x1, y1].allSatisfy({ abs($0) < View.largestPixelCoordinate }) else { return nil }
        return PixelRect(x: Int(x0), y: Int(y0), width: max(0, Int(x1 - x0)), height: max(0, Int(y1 - y0)))
    }

    /// How many screen pixels one small pixel of the frosted screen stands for, each way.
    static let frostFactor = 4

    /// The small blur radius for `material` at `scale` (small pixels).
    static func frostRadius(_ material: SheetPresentationController.GlassMaterial, scale: Double) -> Int {
        max(Int((material.blurRadius * scale / Double(frostFactor) / 1.7).rounded()), 1)
    }

    /// Whether the screen behind, as drawn now, leaves some of the window uncovered by half a pixel or more
    /// (shrunk or moved): then the window's black shows around it, and the glass blurs into that black.
    private func behindLeavesWindowUncovered(_ behind: View, scale: Double) -> Bool {
        guard let window else { return false }
        let near = 0.5 / scale
        let a = behind.convertToWindow(.zero),
            b = behind.convertToWindow(Point(x: behind.bounds.width, y: behind.bounds.height))
        return a.x > near || a.y > near || b.x < window.bounds.width - near || b.y < window.bounds.height - near
    }

    /// The screen behind frosted at `scale` under the dim now: blurred again only if its look changed, toned
    /// again only if the dim did.
    private func frosted(_ behind: View, scale: Double, material: SheetPresentationController.GlassMaterial)
        -> FrostedBackdrop
    {
        let layer = behind.rasterized(scale: scale)
        let radius = SheetGlassView.frostRadius(material, scale: scale)
        // Three box passes reach 3 · radius: a margin one more is black at its outer edge, as far as the black goes.
        let margin = behindLeavesWindowUncovered(behind, scale: scale) ? 3 * radius + 1 : 0
        let key = FrostKey(generation: layer.generation, scale: scale, margin: margin)
        if let toned, toned.key == key, toned.dim == dim { return toned.backdrop }
        let small: Bitmap
        if let kept = blurs.first(where: { $0.key == key }) {
            small = kept.small
        } else {
            let source = layer.canvas.bitmap.cropped(
                to: PixelRect(
                    x: layer.padding, y: layer.padding, width: layer.canvas.bitmap.width - 2 * layer.padding,
                    height: layer.canvas.bitmap.height - 2 * layer.padding))
            small = source.blurredDown(by: SheetGlassView.frostFactor, radius: radius, margin: margin)
            blurs = [(key, small)] + blurs.prefix(1)
            frostCount += 1
        }
        let backdrop = FrostedBackdrop(
            blurred: small, factor: SheetGlassView.frostFactor, margin: margin, dim: dim, tint: material.tint)
        toned = (key, dim, backdrop)
        return backdrop
    }

    /// Where the glass's pixels (this canvas's) sample the small frosted screen: through the screen behind's
    /// placement in the window now, so the glass shows it where it is drawn.
    private func mapping(_ canvas: Canvas, behind: View, factor: Int, margin: Int) -> GlassMapping {
        let s = canvas.scale, f = Double(factor), m = Double(margin)
        let mine = convertToWindow(.zero), origin = behind.convertToWindow(.zero)
        let t = behind.presentation.transform
        // Canvas pixel c is window pixel c + shift; the screen behind's pixel there is (window − origin) / scale.
        let shiftX = mine.x * s - canvas.originX, shiftY = mine.y * s - canvas.originY
        return GlassMapping(
            scaleX: 1 / (t.scaleX * f), offsetX: (shiftX - origin.x * s) / (t.scaleX * f) - 0.5 + m,
            scaleY: 1 / (t.scaleY * f), offsetY: (shiftY - origin.y * s) / (t.scaleY * f) - 0.5 + m)
    }

    /// The glass under this view, mixed toward the sheet's opaque background by `opacity`, cut to the sheet's
    /// corners, straight into the canvas.
    override func draw(in canvas: Canvas) {
        let s = canvas.scale
        let (top, bottom) = (cornerRadii.top * s, cornerRadii.bottom * s)
        let radii = CornerRadii(topLeft: top, topRight: top, bottomRight: bottom, bottomLeft: bottom)
        let rect = canvas.pixelRect(for: Rect(origin: .zero, size: bounds.size))
        guard opacity < 1, let material, let behind = presentingView, window != nil else {
            return canvas.fill(Rect(origin: .zero, size: bounds.size), color: opaqueColor, radii: radii)
        }
        let backdrop = frosted(behind, scale: s, material: material)
        let map = mapping(canvas, behind: behind, factor: backdrop.factor, margin: backdrop.margin)
        guard map.isUsable else {
            return canvas.fill(Rect(origin: .zero, size: bounds.size), color: opaqueColor, radii: radii)
        }
        let mix = UInt32((min(max(opacity, 0), 1) * 256).rounded())
        canvas.bitmap.drawGlass(
            backdrop, mapping: map, solid: Bitmap.premultiplied(opaqueColor), amount: mix, in: rect, radii: radii,
            clip: canvas.clip, scratch: &scratch, covered: skipsCoveredPixels ? covered(canvas) : nil)
    }

    /// Per canvas row, the columns the sheet drawn next covers with opaque pixels whole, or nil: where all four
    /// bilinear taps of its kept layer lie in its opaque run (two pixels to spare each side and a row above and
    /// below, for the rounding of its position), as `View.composite` will draw it (its frame and scale now, at
    /// full opacity). Only a layer that will be drawn as it is now counts.
    private func covered(_ canvas: Canvas) -> ((Int) -> Range<Int>)? {
        guard let sheet = coveringView, let container = superview, sheet.superview === container, !sheet.isHidden,
            sheet.presentation.alpha >= 1, let cache = sheet.keptLayer(scale: canvas.scale),
            let spans = cache.measuredSpans
        else { return nil }
        var ancestor: View? = container
        while let view = ancestor {
            guard !view.isHidden, view.presentation.alpha >= 1 else { return nil }
            ancestor = view.superview
        }
        let t = sheet.presentation.transform, c = canvas.scale
        guard t.scaleX == t.scaleY, t.scaleX > 0, t.scaleX.isFinite else { return nil }
        let s = t.scaleX, pad = Double(cache.padding) * s
        // Where the container draws the sheet's top-left, from where it drew the glass's (this canvas's origin).
        let x = canvas.originX + (sheet.presentedFrame.minX - presentedFrame.minX) * c
        let y = canvas.originY + (sheet.presentedFrame.minY - presentedFrame.minY) * c
        let ox = (s == 1 ? x.rounded() : x) - pad, oy = (s == 1 ? y.rounded() : y) - pad
        let height = cache.canvas.bitmap.height
        guard [ox, oy].allSatisfy({ abs($0) < View.largestPixelCoordinate }) else { return nil }
        return { py in
            let r = Int(((Double(py) + 0.5 - oy) / s - 0.5).rounded(.down))
            guard r - 1 >= 0, r + 2 < height else { return 0 ..< 0 }
            var lo = Int.min, hi = Int.max
            for row in r - 1 ... r + 2 {
                let run = spans.row(row).opaque
                (lo, hi) = (max(lo, run.lowerBound), min(hi, run.upperBound))
            }
            guard hi - lo > 4 else { return 0 ..< 0 }
            let first = Int(((Double(lo) + 0.5) * s + ox - 0.5).rounded(.up)) + 2
            let end = Int(((Double(hi) - 0.5) * s + ox - 0.5).rounded(.down)) - 2
            return first < end ? first ..< end : 0 ..< 0
        }
    }

    override func describeContent(into content: inout LayerContent) -> Bool { false }
}
