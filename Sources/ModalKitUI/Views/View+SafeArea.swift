import ModalKitBase

extension View {
    /// How far in from each edge of this view the status bar and the home indicator reach (its window's insets,
    /// where the view overlaps them, plus its controller's `additionalSafeAreaInsets`). UIKit's `safeAreaInsets`:
    /// zero for a view outside a window or clear of the system's bars.
    public var safeAreaInsets: EdgeInsets {
        guard let window else { return additionalSafeAreaInsets }
        let screen = window.screenSafeAreaInsets
        guard self !== window else { return screen }
        let origin = convertToWindow(Point(x: model.bounds.minX, y: model.bounds.minY))
        let s = model.transform
        let width = model.bounds.width * s.scaleX, height = model.bounds.height * s.scaleY
        let size = window.bounds.size
        func clamp(_ value: Double, _ limit: Double) -> Double { min(max(value, 0), max(limit, 0)) }
        let extra = additionalSafeAreaInsets
        return EdgeInsets(
            top: clamp(screen.top - origin.y, height) / s.scaleY + extra.top,
            left: clamp(screen.left - origin.x, width) / s.scaleX + extra.left,
            bottom: clamp(origin.y + height - (size.height - screen.bottom), height) / s.scaleY + extra.bottom,
            right: clamp(origin.x + width - (size.width - screen.right), width) / s.scaleX + extra.right)
    }

    /// What a controller adds to its own view's safe area; zero for other views.
    private var additionalSafeAreaInsets: EdgeInsets {
        (self as? ControllerView)?.controller.additionalSafeAreaInsets ?? .zero
    }
}
