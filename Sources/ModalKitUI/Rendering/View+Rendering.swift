import ModalKitBase
import ModalKitMotion
import ModalKitPixels

extension View {
    /// Marks this view's content as changed: its cached pixels and those of every ancestor are redrawn next frame
    /// (only the part inside a clipping container's frame, above one; see `setNeedsDisplayInsideBounds`).
    public func setNeedsDisplay() { invalidateCaches(changeStaysInsideSelf: false) }

    /// Marks a change confined to this view's bounds (a child moved, the bounds origin scrolled). Above a
    /// clipping view drawn without a layer (`compositesAsGroup` off) and without a shadow, such as a scroll view,
    /// that is the only part of the ancestors' cached pixels to redraw: scrolling inside a card repaints the
    /// card's cache there, not its shadow and corners.
    func setNeedsDisplayInsideBounds() { invalidateCaches(changeStaysInsideSelf: true) }

    /// Marks a change confined to `rect` (this view's bounds coordinates): a child that moved or faded changed
    /// only its old and new frame, so only that part of this view's and its ancestors' cached pixels is redrawn
    /// (a scroll indicator's fade repaints a 3-pt bar, not the list around it). A rectangle reaching outside
    /// bounds this view does not clip to falls back to the whole bounds.
    func setNeedsDisplay(inBounds rect: Rect) {
        let b = presentation.bounds
        let inside = rect.minX >= b.minX && rect.minY >= b.minY && rect.maxX <= b.maxX && rect.maxY <= b.maxY
        guard clipsToBounds || inside else { return setNeedsDisplayInsideBounds() }
        invalidateCaches(changeStaysInsideSelf: true, region: rect)
    }

    private func invalidateCaches(changeStaysInsideSelf: Bool, region start: Rect? = nil) {
        var region = start
        var inside = changeStaysInsideSelf
        var v: View? = self
        while let current = v {
            if let cache = current.layerCache {
                if let region {
                    cache.markDirty(
                        current.cachePixels(
                            for: region, padding: cache.padding,
                            scale: cache.canvas.scale))
                } else {
                    cache.isValid = false
                }
            }
            if let window = current as? Window { window.needsDisplay = true }
            if region == nil && inside && current.confinesChangesToBounds { region = current.presentation.bounds }
            region = region.map { current.rectInSuperview($0) }
            inside = true
            v = current.superview
        }
    }

    /// Whether everything this view and its subtree draw stays inside its frame and it keeps no pixels itself.
    private var confinesChangesToBounds: Bool { clipsToBounds && !compositesAsGroup && shadow == nil }

    /// `rect` in this view's bounds coordinates (clipped to them), in its superview's bounds coordinates.
    private func rectInSuperview(_ rect: Rect) -> Rect {
        let s = presentation, f = presentedFrame
        let r = rect.intersection(s.bounds)
        return Rect(
            x: f.minX + (r.minX - s.bounds.minX) * s.transform.scaleX,
            y: f.minY + (r.minY - s.bounds.minY) * s.transform.scaleY,
            width: r.width * s.transform.scaleX, height: r.height * s.transform.scaleY)
    }

    /// A rectangle in this view's bounds coordinates, in its layer cache's pixels.
    private func cachePixels(for rect: Rect, padding: Int, scale: Double) -> PixelRect {
        let b = presentation.bounds
        return PixelRect(
            covering: Rect(
                x: Double(padding) + (rect.minX - b.minX) * scale,
                y: Double(padding) + (rect.minY - b.minY) * scale,
                width: rect.width * scale, height: rect.height * scale))
    }

    /// A presented value changed (it was `old`): colors and sizes change this view's pixels; position, alpha and
    /// transform only change where its cached pixels land, which is the parent's business, and only where it
    /// was and is.
    func presentationDidChange(_ property: AnimatableProperty, from old: State) {
        switch property {
        case .backgroundColor, .bounds: setNeedsDisplay()
        case .center, .transform, .alpha:
            guard let superview else { return }
            guard let before = drawnExtent(of: old), let after = drawnExtent(of: presentation) else {
                return superview.setNeedsDisplayInsideBounds()
            }
            superview.setNeedsDisplay(inBounds: before.union(after))
        }
    }

    /// Past the pixels a view's frame and shadow reach, what rounding a layer to whole pixels and a fractional
    /// scale can add, in points (two pixels at any scale of a half or more).
    private static let extentMargin = 4.0

    /// Where this view draws in its superview's bounds coordinates when presented as `state`, or nil when that
    /// is not known from its frame: a plain container draws its children wherever they are.
    private func drawnExtent(of state: State) -> Rect? {
        guard compositesAsGroup || subviews.isEmpty || clipsToBounds else { return nil }
        let frame = View.frame(of: state)
        let s = max(abs(state.transform.scaleX), abs(state.transform.scaleY), 1)
        let drawsShadow = compositesAsGroup || drawsShapeWithoutLayer
        let reach = drawsShadow ? shadow.map { 2 * $0.radius + max(abs($0.offset.x), abs($0.offset.y)) } ?? 0 : 0
        let margin = reach * s + View.extentMargin
        // A plain view fills its bounds' size from its frame's corner, unscaled (see `drawDirectly`).
        let width = compositesAsGroup ? frame.width : max(frame.width, state.bounds.width)
        let height = compositesAsGroup ? frame.height : max(frame.height, state.bounds.height)
        guard frame.minX.isFinite, frame.minY.isFinite, width.isFinite, height.isFinite,
            frame.width >= 0, frame.height >= 0
        else { return nil }
        return Rect(
            x: frame.minX - margin, y: frame.minY - margin, width: width + 2 * margin,
            height: height + 2 * margin)
    }

    /// Draws the presented view into `canvas` with its top-left at (x, y) pixels, its opacity multiplied by
    /// `opacity`.
    func composite(into canvas: Canvas, x: Double, y: Double, opacity: Double) {
        let alpha = opacity * presentation.alpha
        guard !isHidden, alpha > 0.001 else { return }
        if compositesAsGroup {
            let s = presentation.transform.scaleX
            let px = s == 1 ? x.rounded() : x, py = s == 1 ? y.rounded() : y
            let cache = layerToComposite(into: canvas, x: px, y: py, scale: s)
            let pad = Double(cache.padding) * s
            if let recorder = canvas.recorder {
                let covered = PixelRect(
                    covering: Rect(
                        x: px - pad, y: py - pad, width: Double(cache.pixelWidth) * s,
                        height: Double(cache.pixelHeight) * s))
                recorder.current.append(
                    DrawRecord(
                        view: ObjectIdentifier(self), x: px - pad, y: py - pad, scale: s,
                        opacity: alpha, content: cache.generation, clip: canvas.clip,
                        area: covered.intersection(canvas.clip), layer: cache))
                if canvas.isRecordingOnly { return }
            }
            // A layer not kept, drawn nowhere in this clip: its pixels are not needed.
            guard cache.isResident else { return }
            let source = cache.canvas.bitmap
            let spans = cache.spansForBlit()
            if s == 1, abs(px) < View.largestPixelCoordinate, abs(py) < View.largestPixelCoordinate {
                canvas.drawLayer(
                    source, x: Int(px) - cache.padding, y: Int(py) - cache.padding, opacity: alpha,
                    spans: spans)
            } else {
                canvas.flushPendingLayer()
                canvas.bitmap.draw(
                    source, x: px - pad, y: py - pad, scale: s, opacity: alpha, clip: canvas.clip,
                    spans: spans)
            }
        } else if drawsInPlace {
            drawInPlace(into: canvas, x: x, y: y, opacity: alpha)
        } else {
            drawDirectly(into: canvas, x: x, y: y, opacity: alpha)
        }
    }

    /// A view drawn in place (see `drawsInPlace`): its content drawn now into `canvas`, inside its clip, recorded
    /// for the damage with the number that stands for its pixels.
    private func drawInPlace(into canvas: Canvas, x: Double, y: Double, opacity: Double) {
        let (savedX, savedY) = (canvas.originX, canvas.originY)
        canvas.originX = x; canvas.originY = y
        defer { (canvas.originX, canvas.originY) = (savedX, savedY) }
        let area = PixelRect(covering: canvas.pixelRect(for: Rect(origin: .zero, size: presentation.bounds.size)))
            .intersection(canvas.clip)
        if let recorder = canvas.recorder {
            recorder.current.append(
                DrawRecord(
                    view: ObjectIdentifier(self), x: x, y: y, scale: canvas.scale, opacity: opacity,
                    content: inPlaceContent, clip: canvas.clip, area: area))
            if canvas.isRecordingOnly { return }
        }
        guard !area.isEmpty else { return }
        canvas.flushPendingLayer()
        draw(in: canvas)
    }

    /// The non-cached path, for plain containers: own background, then each child composited straight into the
    /// target. Group opacity is not applied to the children (containers here are opaque).
    private func drawDirectly(into canvas: Canvas, x: Double, y: Double, opacity: Double) {
        let (savedX, savedY, savedClip) = (canvas.originX, canvas.originY, canvas.clip)
        canvas.originX = x; canvas.originY = y
        let occludes = opacity >= 1 && canvas.skipsOccludedPixels
        // Each child's opaque area, found once (it walks plain containers), on the canvas's reused stack.
        let first = canvas.occluders.count
        if occludes {
            for child in subviews {
                let (cx, cy) = childOrigin(child, x: x, y: y, scale: canvas.scale)
                // A card that draws its shape without a layer (the zoomed page) promises its middle, anywhere.
                canvas.occluders.append(
                    child.opaqueArea(x: cx, y: cy, scale: canvas.scale)
                        ?? child.opaqueMiddle(x: cx, y: cy, scale: canvas.scale))
            }
        }
        defer { canvas.occluders.removeSubrange(first...) }
        if presentation.backgroundColor.alpha > 0 {
            if occludes {
                canvas.forEachUnoccludedPiece(of: savedClip, byOccludersFrom: first) { piece in
                    canvas.clip = piece
                    fillOwnBackground(into: canvas, opacity: opacity)
                }
            } else if !savedClip.isEmpty {
                canvas.clip = savedClip
                fillOwnBackground(into: canvas, opacity: opacity)
            }
        }
        var clip = savedClip
        if clipsToBounds {
            clip = clip.intersection(
                PixelRect(covering: canvas.pixelRect(for: Rect(origin: .zero, size: presentation.bounds.size))))
        }
        // The shadow reaches past the bounds: it is clipped as the view itself is, not as its children.
        canvas.clip = savedClip
        let edge = drawsShapeWithoutLayer ? drawShapeWithoutLayer(into: canvas, clip: clip) : nil
        defer {
            if let edge {
                canvas.flushPendingLayer()
                canvas.bitmap.cut(toEdgeOf: edge)
            }
        }
        for (i, child) in subviews.enumerated() {
            let (cx, cy) = childOrigin(child, x: x, y: y, scale: canvas.scale)
            guard occludes else {
                canvas.clip = clip
                if !clip.isEmpty { child.composite(into: canvas, x: cx, y: cy, opacity: opacity) }
                continue
            }
            // Skip what opaque views drawn later will cover anyway: the presenting screen under a full-width card,
            // or, around an inset one (an iOS 26 sheet's glass), each piece of it left showing.
            canvas.forEachUnoccludedPiece(of: clip, byOccludersFrom: first + i + 1) { piece in
                canvas.clip = piece
                child.composite(into: canvas, x: cx, y: cy, opacity: opacity)
            }
        }
        (canvas.originX, canvas.originY, canvas.clip) = (savedX, savedY, savedClip)
    }

    /// For `drawsShapeWithoutLayer`: draws the shadow (clipped to `canvas.clip`) and, when this view clips to
    /// rounded corners, returns its edge pixels as they are before the subviews draw (within `clip`), for cutting
    /// them to the corners once they have. Records one draw for the shape, so that a new radius or shadow alone
    /// is damage.
    private func drawShapeWithoutLayer(into canvas: Canvas, clip: PixelRect) -> RoundedEdgeBackup? {
        let rect = canvas.pixelRect(for: Rect(origin: .zero, size: presentation.bounds.size))
        let radii = cornerRadii(scale: canvas.scale)
        let reach = shadow.map { (2 * $0.radius + max(abs($0.offset.x), abs($0.offset.y))) * canvas.scale } ?? 0
        if let recorder = canvas.recorder {
            var content = Hasher()
            content.combine(radii.topLeft); content.combine(radii.bottomLeft); content.combine(shadow)
            content.combine(clipsToBounds)
            recorder.current.append(
                DrawRecord(
                    view: ObjectIdentifier(self), x: rect.minX, y: rect.minY, scale: rect.width,
                    opacity: rect.height, content: UInt64(bitPattern: Int64(content.finalize())), clip: canvas.clip,
                    area: PixelRect(covering: rect.insetBy(dx: -reach, dy: -reach)).intersection(canvas.clip)))
        }
        guard !canvas.isRecordingOnly else { return nil }
        canvas.flushPendingLayer()
        if let shadow {
            canvas.bitmap.drawMovingShadow(
                of: rect, radii: radii, blur: shadow.radius * canvas.scale, offsetX: shadow.offset.x * canvas.scale,
                offsetY: shadow.offset.y * canvas.scale, color: shadow.color, clip: canvas.clip)
        }
        guard clipsToBounds, radii != .zero else { return nil }
        return canvas.bitmap.backUpEdge(of: rect, radii: radii, clip: clip)
    }

    /// A plain view's background over its bounds, inside the canvas's clip, recorded for the damage.
    private func fillOwnBackground(into canvas: Canvas, opacity: Double) {
        let color = presentation.backgroundColor.withAlphaComponent(presentation.backgroundColor.alpha * opacity)
        let rect = Rect(origin: .zero, size: presentation.bounds.size)
        if let recorder = canvas.recorder {
            let r = canvas.pixelRect(for: rect)
            recorder.current.append(
                DrawRecord(
                    view: ObjectIdentifier(self), x: r.minX, y: r.minY, scale: r.width,
                    opacity: r.height, content: UInt64(Bitmap.premultiplied(color)),
                    clip: canvas.clip, area: PixelRect(covering: r).intersection(canvas.clip)))
        }
        if !canvas.isRecordingOnly { canvas.fillBackground(rect, color: color) }
    }

    /// Where a child's top-left lands, in pixels, when this view's is at (x, y).
    private func childOrigin(_ child: View, x: Double, y: Double, scale: Double) -> (Double, Double) {
        let f = child.presentedFrame
        return (x + (f.minX - presentation.bounds.minX) * scale, y + (f.minY - presentation.bounds.minY) * scale)
    }

    /// Past this many pixels from the origin, a view's extent is not converted to integers (no canvas is this big).
    static let largestPixelCoordinate = 1e9

    /// Pixels this view certainly covers with opaque pixels when composited at (x, y) with opacity 1, or nil:
    /// an opaque, unscaled view less the rows its rounded corners cut into (a sheet covers all but its top
    /// corners' band), or the top-most such view inside a plain container.
    func opaqueArea(x: Double, y: Double, scale: Double) -> PixelRect? {
        let t = presentation.transform
        guard !isHidden, presentation.alpha >= 1, t.scaleX == 1, t.scaleY == 1 else { return nil }
        if drawsInPlace { return inPlaceOpaqueArea(x: x, y: y, scale: scale) }
        if presentation.backgroundColor.alpha >= 1 {
            // Layers land on whole pixels (see `composite`); plain fills do not. A partly covered row or column
            // is left out either way.
            let w = presentation.bounds.width * scale, h = presentation.bounds.height * scale
            let (x0, y0) = compositesAsGroup ? (x.rounded(), y.rounded()) : (x.rounded(.up), y.rounded(.up))
            let (x1, y1) =
                compositesAsGroup
                ? (x0 + w.rounded(.down), y0 + h.rounded(.down))
                : ((x + w).rounded(.down), (y + h).rounded(.down))
            // Sizes past any canvas (a view resized to 1e300) cover nothing that can be counted in Ints.
            guard [x0, y0, x1, y1].allSatisfy({ abs($0) < View.largestPixelCoordinate }) else { return nil }
            let radius = max(cornerRadius, 0) * scale
            let bottomRadius = max(bottomCornerRadius ?? cornerRadius, 0) * scale
            let top = maskedCorners.isDisjoint(with: .top) ? 0 : radius.rounded(.up)
            let bottom = maskedCorners.isDisjoint(with: [.bottomLeft, .bottomRight]) ? 0 : bottomRadius.rounded(.up)
            return PixelRect(
                x: Int(x0), y: Int(y0 + top), width: max(0, Int(x1 - x0)),
                height: max(0, Int(y1 - y0 - top - bottom)))
        }
        guard !compositesAsGroup else { return nil }
        for child in subviews.reversed() {
            let (cx, cy) = childOrigin(child, x: x, y: y, scale: scale)
            if let area = child.opaqueArea(x: cx, y: cy, scale: scale) { return area }
        }
        return nil
    }

    /// For a view that `drawsShapeWithoutLayer`, presented unscaled and opaque at (x, y): the pixels its subviews
    /// certainly cover (its rounded rectangle's middle, clear of the corner rows), or nil; for a plain container,
    /// the top-most such child's. Other views have none (their opaque areas are `opaqueArea`'s).
    func opaqueMiddle(x: Double, y: Double, scale: Double) -> PixelRect? {
        let t = presentation.transform
        guard !isHidden, presentation.alpha >= 1, t.scaleX == 1, t.scaleY == 1, !compositesAsGroup else { return nil }
        guard drawsShapeWithoutLayer else {
            for child in subviews.reversed() {
                let (cx, cy) = childOrigin(child, x: x, y: y, scale: scale)
                if let middle = child.opaqueMiddle(x: cx, y: cy, scale: scale) { return middle }
            }
            return nil
        }
        let radii = cornerRadii(scale: scale)
        let top = max(radii.topLeft, radii.topRight, 0), bottom = max(radii.bottomLeft, radii.bottomRight, 0)
        let w = presentation.bounds.width * scale, h = presentation.bounds.height * scale
        let x0 = x.rounded(.up), x1 = (x + w).rounded(.down)
        let y0 = (y + top).rounded(.up), y1 = (y + h - bottom).rounded(.down)
        guard x1 > x0, y1 > y0, [x0, x1, y0, y1].allSatisfy({ abs($0) < View.largestPixelCoordinate }) else {
            return nil
        }
        return PixelRect(x: Int(x0), y: Int(y0), width: Int(x1 - x0), height: Int(y1 - y0))
    }

    private func compositeSubviews(into canvas: Canvas, x: Double, y: Double, opacity: Double) {
        for child in subviews {
            let f = child.presentedFrame
            child.composite(
                into: canvas, x: x + (f.minX - presentation.bounds.minX) * canvas.scale,
                y: y + (f.minY - presentation.bounds.minY) * canvas.scale, opacity: opacity)
        }
    }

    /// Redraws `area` (cache pixels) of a valid cache: everything is drawn as in a full redraw, clipped to it,
    /// except what an opaque child drawn over all of `area` hides (a card's fill and shadow under its list).
    private func redraw(_ cache: LayerCache, in area: PixelRect, width: Int, height: Int) {
        let canvas = cache.canvas
        let inset = Double(cache.padding)
        canvas.originX = inset; canvas.originY = inset
        canvas.clip = area
        let hiddenBelow = subviews.lastIndex { child in
            let (cx, cy) = childOrigin(child, x: inset, y: inset, scale: canvas.scale)
            return child.opaqueArea(x: cx, y: cy, scale: canvas.scale).map { $0.intersection(area) == area } ?? false
        }
        if hiddenBelow == nil {
            canvas.bitmap.clear(area)
            draw(in: canvas)
        }
        partialRenderCount += 1
        if clipsToBounds {
            canvas.clip = area.intersection(PixelRect(x: cache.padding, y: cache.padding, width: width, height: height))
        }
        for child in subviews[(hiddenBelow ?? 0)...] {
            let (cx, cy) = childOrigin(child, x: inset, y: inset, scale: canvas.scale)
            child.composite(into: canvas, x: cx, y: cy, opacity: 1)
        }
        cutToRoundedCorners(canvas, inset: inset, area: area)
        cache.didRedraw(area)
    }

    /// Draws this view's cached pixels now if they are not ready at `scale`, so that its first appearance (a
    /// presenting view coming back behind a dragged card) costs a blit instead of a full draw in that frame.
    public func prepareLayer(scale: Double) {
        if compositesAsGroup { _ = rasterized(scale: scale) }
    }

    /// The size and padding (pixels) of this view's layer at `scale`.
    private func layerGeometry(scale: Double) -> (width: Int, height: Int, padding: Int) {
        let width = Int((presentation.bounds.width * scale).rounded(.up))
        let height = Int((presentation.bounds.height * scale).rounded(.up))
        let padding =
            shadow.map { Int(((2 * $0.radius + max(abs($0.offset.x), abs($0.offset.y))) * scale).rounded(.up)) } ?? 0
        return (width, height, padding)
    }

    /// This view's cached layer at `scale` when drawing it now would draw it as it is (kept, valid, nothing to
    /// redraw), else nil: what a view drawn just before it may rely on.
    func keptLayer(scale: Double) -> LayerCache? {
        let (width, height, padding) = layerGeometry(scale: scale)
        guard compositesAsGroup, let existing = layerCache, existing.isResident,
            existing.fits(width: width, height: height, padding: padding, scale: scale), existing.isValid,
            existing.dirty == nil
        else { return nil }
        return existing
    }

    /// The layer to composite at (x, y) pixels: drawn now if its pixels are needed, but a layer not kept between
    /// frames whose content did not change is left without pixels when this pass only records or its clip misses
    /// it (its generation, which the damage compares, is still the one its pixels would have).
    private func layerToComposite(into canvas: Canvas, x: Double, y: Double, scale s: Double) -> LayerCache {
        let (width, height, padding) = layerGeometry(scale: canvas.scale)
        if let existing = layerCache, !existing.isResident, existing.isValid, existing.dirty == nil,
            existing.fits(width: width, height: height, padding: padding, scale: canvas.scale)
        {
            let pad = Double(padding) * s
            let covered = PixelRect(
                covering: Rect(
                    x: x - pad, y: y - pad, width: Double(existing.pixelWidth) * s,
                    height: Double(existing.pixelHeight) * s))
            if canvas.isRecordingOnly || covered.intersection(canvas.clip).isEmpty { return existing }
        }
        return rasterized(scale: canvas.scale)
    }

    /// Lets go of the pixels of every layer in this subtree that is not kept between frames: those of views with
    /// subviews and `shouldRasterize` off (a view without subviews keeps its own drawing, as a layer keeps its
    /// `contents`). The window calls it at the end of each frame.
    func releaseLayersNotKept() {
        if let cache = layerCache, cache.isResident, !shouldRasterize, !subviews.isEmpty { cache.evict() }
        for child in subviews { child.releaseLayersNotKept() }
    }

    /// This view and its subtree as cached pixels, redrawn only when invalidated or resized (or, for a layer not
    /// kept between frames, when its pixels were let go: the same bytes, under the same generation).
    func rasterized(scale: Double) -> LayerCache {
        let (width, height, padding) = layerGeometry(scale: scale)
        let cache: LayerCache
        if let existing = layerCache, !existing.isResident,
            existing.fits(width: width, height: height, padding: padding, scale: scale)
        {
            let unchanged = existing.isValid && existing.dirty == nil
            existing.restore()
            drawWhole(into: existing, width: width, height: height)
            if !unchanged { existing.didRedraw() }
            return existing
        }
        if let existing = layerCache, existing.fits(width: width, height: height, padding: padding, scale: scale) {
            if existing.isValid, let dirty = existing.dirty {
                redraw(existing, in: dirty.intersection(existing.canvas.bitmap.bounds), width: width, height: height)
                return existing
            }
            if existing.isValid { return existing }
            cache = existing
            cache.canvas.bitmap.clear(nil)
        } else {
            if layerCache == nil, let kept = retiredLayer(width, height, padding: padding, scale: scale) {
                layerCache = kept
                return kept
            }
            cache = LayerCache(width: max(width, 0), height: max(height, 0), padding: padding, scale: scale)
            layerCache = cache
        }
        drawWhole(into: cache, width: width, height: height)
        cache.didRedraw()
        return cache
    }

    /// Draws this view and its subtree into all of `cache`'s cleared pixels.
    private func drawWhole(into cache: LayerCache, width: Int, height: Int) {
        let canvas = cache.canvas
        let inset = Double(cache.padding)
        canvas.originX = inset; canvas.originY = inset
        canvas.clip = canvas.bitmap.bounds
        draw(in: canvas)
        contentRenderCount += 1
        if clipsToBounds { canvas.clip = PixelRect(x: cache.padding, y: cache.padding, width: width, height: height) }
        compositeSubviews(into: canvas, x: inset, y: inset, opacity: 1)
        cutToRoundedCorners(canvas, inset: inset)
    }

    /// A retired layer of this window that this view, drawing its first layer, would draw pixel for pixel (see
    /// `Window.reusesRetiredLayers`), or nil.
    private func retiredLayer(_ width: Int, _ height: Int, padding: Int, scale: Double) -> LayerCache? {
        guard let pool = window?.retiredLayers, !pool.isEmpty else { return nil }
        return pool.take(for: self, width: width, height: height, padding: padding, scale: scale)
    }

    /// Whether this view's layer is cut to its rounded corners (and its background therefore filled square).
    var clipsRoundedCorners: Bool {
        clipsToBounds && (cornerRadius > 0 || (bottomCornerRadius ?? 0) > 0) && compositesAsGroup
    }

    /// Cuts what was drawn inside this view's bounds to its rounded corners when it clips (CALayer's
    /// `masksToBounds` with a `cornerRadius`): subviews (a sheet's images, its scrolling content) do not show in
    /// the corners its background leaves out. Within `area` only, when only that was redrawn.
    private func cutToRoundedCorners(_ canvas: Canvas, inset: Double, area: PixelRect? = nil) {
        guard clipsRoundedCorners else { return }
        let s = canvas.scale
        let rect = Rect(
            x: inset, y: inset, width: presentation.bounds.width * s, height: presentation.bounds.height * s)
        canvas.bitmap.mask(toRoundedRect: rect, radii: cornerRadii(scale: s), clip: area)
    }
}

extension PixelRect {
    /// This rectangle less `cover` where `cover` spans its whole width and takes its top or bottom band (the only
    /// shapes a card sliding over a screen makes); otherwise unchanged, which is always safe.
    func uncovered(by cover: PixelRect) -> PixelRect {
        guard cover.x <= x, cover.maxX >= maxX, cover.y < maxY, cover.maxY > y else { return self }
        if cover.y <= y && cover.maxY >= maxY { return PixelRect(x: x, y: y, width: width, height: 0) }
        if cover.y <= y { return PixelRect(x: x, y: cover.maxY, width: width, height: maxY - cover.maxY) }
        if cover.maxY >= maxY { return PixelRect(x: x, y: y, width: width, height: cover.y - y) }
        return self
    }
}
