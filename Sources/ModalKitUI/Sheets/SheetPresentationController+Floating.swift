import ModalKitBase
import ModalKitMotion

extension SheetPresentationController {
    /// Where the large detent puts the sheet's top edge: below the status bar and 10 points of the screen behind
    /// (iOS 15–18), or at the safe area's top (iOS 26; 30 points on a bare screen with no safe area).
    var largeDetentTop: Double {
        guard floatingStyle != nil, let top = container?.window?.screenSafeAreaInsets.top, top > 0 else {
            return SheetPresentationController.largeTopInset
        }
        return top
    }

    /// The spring a release at `velocity` settles on: `flickSpring` past `flickSpeed`, `spring` otherwise.
    func settleSpring(velocity: Double) -> Spring {
        guard let flickSpring, abs(velocity) > flickSpeed else { return spring }
        return flickSpring
    }

    /// Puts on (or takes off) the floating style's look: no shadow, corners all round, the glass behind.
    func applyFloatingStyle() {
        guard let sheet = presentedViewController?.view else { return }
        if floatingStyle != nil {
            sheet.shadow = nil
            sheet.maskedCorners = .top
            sheet.cornerRadius = cornerRadius
            if opaqueBackground == nil { opaqueBackground = sheet.backgroundColor }
            if let container, glassView.superview !== container {
                container.insertSubview(glassView, belowSubview: sheet)
                container.insertSubview(edgeView, aboveSubview: sheet)
            }
        } else {
            sheet.shadow = SheetPresentationController.classicShadow
            sheet.maskedCorners = .top
            sheet.transform = .identity
            sheet.bottomCornerRadius = nil
            if let opaqueBackground { sheet.backgroundColor = opaqueBackground }
            glassView.removeFromSuperview()
            edgeView.removeFromSuperview()
        }
    }

    /// The drop shadow of the iOS 15–18 sheet.
    static let classicShadow = Shadow(color: Color(white: 0, alpha: 0.12), radius: 10, offset: Point(x: 0, y: -1))

    /// The floating sheet's frame on screen (window points, its container filling the window), nil for the
    /// edge-to-edge sheet or one not shown: what shows of it, which its own view (kept one size) reaches past.
    public var floatingCardFrame: Rect? {
        guard let style = floatingStyle, isInstalled else { return nil }
        return morphFrame ?? floatingFrame(style: style)
    }

    /// The floating sheet's bottom corner radius now, in points (nil for the edge-to-edge sheet).
    public var floatingBottomCornerRadius: Double? {
        guard floatingStyle != nil, isInstalled else { return nil }
        return glassView.cornerRadii.bottom
    }

    /// How far toward full height the floating sheet is, 0 at partial heights and 1 at large, continuously: the
    /// inset, the bottom corners and the glass follow it.
    var floatingProgress: Double { expansionFraction }

    /// The floating sheet's frame on screen with its top edge at `position`: the full-width sheet scaled about
    /// its top so it is `inset` in from the sides and its bottom `inset` above the screen's; below the smallest
    /// detent it keeps the smallest detent's height and slides down whole.
    func floatingFrame(style: FloatingStyle) -> Rect {
        let size = containerSize, t = floatingProgress
        // Never more than a quarter of the width: a window shrunk to a few points keeps a sheet to scale.
        let inset = min(max(style.inset, 0) * (1 - t), size.width / 4)
        let bottom = size.height - inset
        let restingTop = min(position, resolvedDetents.last?.position ?? position)
        let height = max(bottom - restingTop, 0)
        return Rect(x: inset, y: position, width: max(size.width - 2 * inset, 0), height: height)
    }

    /// Lays the floating sheet out for its position. The sheet's own view keeps one size (the container's, as
    /// the edge-to-edge sheet's) and is only moved and scaled, so its pixels are kept through a drag: what
    /// changes every frame is drawn by two cheap views, the background behind it (glass up to half the screen's
    /// height, opaque at large, continuously between, cut to the sheet's corners) and the edge below it (the
    /// dimmed screen behind, outside the bottom corners and under the inset).
    func layoutFloating(_ sheet: View, style: FloatingStyle) {
        let size = containerSize, t = floatingProgress
        let frame = floatingFrame(style: style)
        let scale = size.width > 0 && frame.width > 0 ? frame.width / size.width : 1
        let transform = Transform(scaleX: scale, scaleY: scale, translationX: 0, translationY: 0)
        // A morph (out of or into a bar button) places the sheet's view itself.
        // Its bounds are set as they are, not through its frame: the frame's size divided back by the scale is
        // that size give or take a rounding (894.0000000000001), which rounded up made its layer a pixel taller
        // and back, reallocated and drawn whole (the drag's dearest frames).
        if morph == nil {
            if sheet.transform != transform { sheet.transform = transform }
            let bounds = Size(width: size.width, height: size.height + SheetPresentationController.overhang)
            if sheet.bounds.size != bounds { sheet.bounds = Rect(origin: sheet.bounds.origin, size: bounds) }
            sheet.center = Point(x: frame.minX + bounds.width * scale / 2, y: frame.minY + bounds.height * scale / 2)
        }
        if sheet.backgroundColor.alpha > 0 { sheet.backgroundColor = .clear }
        let display = container?.window?.displayCornerRadius ?? 0
        let bottom = max(display - style.bottomCornerReduction * t, style.minimumBottomCornerRadius)
        glassView.material = style.glass
        glassView.opaqueColor = opaqueBackground ?? .white
        glassView.opacity = style.glass == nil ? 1 : glassOpacity(cardHeight: frame.height)
        glassView.presentingView = presentingView
        glassView.coveringView = sheet
        glassView.dim = dimmingAlpha * dimmingFraction
        glassView.cornerRadii = (cornerRadius, bottom)
        if glassView.frame != frame { glassView.frame = frame }
        glassView.setNeedsDisplay()
        let deepest = style.inset + max(display, style.minimumBottomCornerRadius) + 1
        edgeView.place(under: frame, bottomRadius: bottom, depth: min(deepest, size.height), in: size)
        edgeView.presentingView = presentingView
        edgeView.dim = dimmingAlpha * dimmingFraction
        edgeView.setNeedsDisplay()
    }

    /// How opaque the floating sheet's own background is for a card `cardHeight` tall: 0 (all glass) up to half
    /// the screen's height, 1 at the large detent's height, linear between.
    func glassOpacity(cardHeight: Double) -> Double {
        let half = containerSize.height / 2, full = containerSize.height - largeDetentTop
        guard full - half > 1e-9 else { return cardHeight > half ? 1 : 0 }
        return min(max((cardHeight - half) / (full - half), 0), 1)
    }
}
