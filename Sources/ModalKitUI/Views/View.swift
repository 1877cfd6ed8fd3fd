import ModalKitBase
import ModalKitMotion
import ModalKitPixels

/// A rectangle on screen with content, subviews and gesture recognizers. UIKit's `UIView`.
///
/// Every animatable property has a model value (what the app set last) and a presented value (what is on screen
/// now). Outside an animation block the two are set together; inside one, the model jumps to the new value and
/// the presented value follows an animation (see `View+Animation.swift`), just as UIKit's layer tree does.
open class View {
    /// The geometry and look a view has at one moment: one copy for the model, one for what is presented.
    public struct State: Equatable {
        /// The center in the superview's coordinates, in points. UIKit's `center`.
        public var center: Point
        /// The view's own coordinate space, in points. UIKit's `bounds`.
        ///
        /// Its origin is what the view's content is shifted by (a scroll view's content offset).
        public var bounds: Rect
        /// Scale and translation about the center. UIKit's `transform`.
        public var transform: Transform = .identity
        /// The opacity, 0 (invisible) ... 1; multiplies the view's and its subviews' pixels. UIKit's `alpha`.
        public var alpha: Double = 1
        /// The color filling the bounds (with the corner radius). UIKit's `backgroundColor`.
        public var backgroundColor: Color = .clear
    }

    /// What the app set last (where the view is going); animations never change it. UIKit's model layer values.
    public internal(set) var model: State
    /// What is on screen now; equals `model` unless an animation is running.
    public internal(set) var presentation: State

    /// The view this one is a subview of, if any. UIKit's `superview`.
    public private(set) weak var superview: View?
    /// The subviews, back to front. UIKit's `subviews`.
    public private(set) var subviews: [View] = []
    /// The gesture recognizers attached to this view, in the order they were added. UIKit's `gestureRecognizers`.
    public private(set) var gestureRecognizers: [GestureRecognizer] = []

    /// A name for traces and debugging ("modal", "presenting", ...).
    public var accessibilityIdentifier: String?
    /// A number the app may use to find a view again. UIKit's `tag`.
    public var tag = 0
    /// Hiding changes what the parent shows, not this view's own pixels, so its cache survives.
    public var isHidden = false { didSet { if isHidden != oldValue { superview?.setNeedsDisplay() } } }
    /// Whether hit testing may return this view or its subviews. UIKit's `isUserInteractionEnabled`.
    public var isUserInteractionEnabled = true
    /// Children are cut to this view's bounds, and when it is drawn as a layer (`compositesAsGroup`) the layer, children
    /// and all, to its rounded corners (`cornerRadius`, `maskedCorners`), as CALayer's `masksToBounds` does; a
    /// shadow under the cut corners is cut with them. UIKit's `clipsToBounds`.
    public var clipsToBounds = false { didSet { if clipsToBounds != oldValue { setNeedsDisplay() } } }
    /// The radius of the rounded corners, in points. CALayer's `cornerRadius`.
    public var cornerRadius: Double = 0 { didSet { if cornerRadius != oldValue { setNeedsDisplay() } } }
    /// The radius of the bottom corners when it differs from the top's (an iOS 26 sheet nesting its bottom in the
    /// display's corners); nil rounds them by `cornerRadius`. A slice of iOS 26's `UIView.cornerConfiguration`.
    public var bottomCornerRadius: Double? { didSet { if bottomCornerRadius != oldValue { setNeedsDisplay() } } }
    /// Which corners `cornerRadius` rounds (CALayer's `maskedCorners`).
    public var maskedCorners: CornerMask = .all { didSet { if maskedCorners != oldValue { setNeedsDisplay() } } }
    /// A drop shadow drawn under the background, or none. CALayer's `shadow…` properties.
    public var shadow: Shadow? { didSet { if shadow != oldValue { setNeedsDisplay() } } }

    /// Keeps the bitmap of this view composited with its subviews between frames, so moving or fading it costs a
    /// blit, until its content changes. Off by default, as CALayer's: a view with subviews is then composited
    /// afresh in each frame that shows it (offscreen when `compositesAsGroup`, the same pixels), and holds no
    /// bitmap between frames. A view without subviews keeps its own drawing either way, as a layer keeps its
    /// `contents`. Views that move or scale as a whole while their content stays (a controller's root view: the
    /// card, the screen behind it) turn it on. CALayer's `shouldRasterize`.
    public var shouldRasterize = false
    /// Whether this view and its subviews are drawn into one bitmap that is then composited (whole pixels, group
    /// opacity, its shadow, cut to its rounded corners), as Core Animation composites a layer offscreen. Plain
    /// containers (the window, transition containers, a scroll view) turn it off: they draw straight into their
    /// parent, their children composited one by one. Whether that bitmap is kept between frames is
    /// `shouldRasterize`.
    package var compositesAsGroup = true
    /// Whether this view, drawn without a layer of its own (`compositesAsGroup` off), still draws its `shadow` and
    /// cuts what its subviews draw to its rounded corners when it clips, as a layer would. For a view that changes
    /// size every frame (the zoomed page's card), where a layer would be drawn again whole each frame. Its
    /// subviews must cover its bounds with opaque pixels: the shadow leaves the pixels under them alone.
    var drawsShapeWithoutLayer = false

    /// The offsets running animations add to each property's model value, in creation order (see
    /// `AnimationTransaction`).
    var offsets: [AnimatableProperty: [(id: Int, offset: Any)]] = [:]
    /// The last offset id handed out; numbering per view keeps offsets summed in creation order (same bytes).
    private var lastOffsetID = 0

    /// A new id for an offset on this view, later than every earlier one.
    func makeOffsetID() -> Int {
        lastOffsetID += 1
        return lastOffsetID
    }
    /// Animations without `.allowUserInteraction` moving this view; see `isInteractionBlockedByAnimation`.
    var interactionBlockingAnimators: [WeakAnimator] = []
    /// Cached pixels of this view and its subtree; see `View+Rendering.swift`.
    var layerCache: LayerCache?
    /// Counts how often this view's content was drawn; tests use it to prove moving a view does not redraw it.
    public internal(set) var contentRenderCount = 0
    /// Counts redraws of part of this view's cached pixels (a scroll view inside it moved its content).
    public internal(set) var partialRenderCount = 0

    /// A view with `frame` in its superview's coordinates, in points. UIKit's `init(frame:)`.
    public init(frame: Rect = .zero) {
        let state = State(center: frame.center, bounds: Rect(origin: .zero, size: frame.size))
        model = state
        presentation = state
        View.counter.increment()
    }

    deinit { View.counter.decrement() }

    /// How many views are alive (every subclass counted), for leak checks (see `LiveInstanceCounter`).
    public static var liveInstances: Int { counter.count }
    nonisolated(unsafe) private static let counter = LiveInstanceCounter()

    /// How many views' layers (`compositesAsGroup`) are alive: the bulk of the lab's memory, for leak checks.
    public static var liveLayerCaches: Int { LayerCache.liveInstances }

    // MARK: Geometry

    /// The center in the superview's coordinates, in points (model value; animatable). UIKit's `center`.
    public var center: Point {
        get { model.center }
        set { setAnimatable(.center, newValue, \.center) }
    }

    /// The view's own coordinate space, in points (model value; animatable). UIKit's `bounds`.
    ///
    /// A new size redraws the view and calls `layoutSubviews()`.
    public var bounds: Rect {
        get { model.bounds }
        set {
            let resized = newValue.size != model.bounds.size
            setAnimatable(.bounds, newValue, \.bounds)
            if resized { setNeedsDisplay(); layoutSubviews() }
        }
    }

    /// Scale and translation about the center (model value; animatable). UIKit's `transform`.
    public var transform: Transform {
        get { model.transform }
        set { setAnimatable(.transform, newValue, \.transform) }
    }

    /// The opacity, 0 ... 1 (model value; animatable). UIKit's `alpha`.
    public var alpha: Double {
        get { model.alpha }
        set { setAnimatable(.alpha, newValue, \.alpha) }
    }

    /// The background color (model value; animatable). UIKit's `backgroundColor`.
    public var backgroundColor: Color {
        get { model.backgroundColor }
        set { setAnimatable(.backgroundColor, newValue, \.backgroundColor) }
    }

    /// The view's rectangle in its superview's coordinates (derived from center, bounds and transform).
    public var frame: Rect {
        get { View.frame(of: model) }
        set {
            let size = newValue.size
            let scaledW = size.width / model.transform.scaleX, scaledH = size.height / model.transform.scaleY
            center = Point(
                x: newValue.midX - model.transform.translationX, y: newValue.midY - model.transform.translationY)
            bounds = Rect(origin: bounds.origin, size: Size(width: scaledW, height: scaledH))
        }
    }

    /// The frame as presented on screen now.
    public var presentedFrame: Rect { View.frame(of: presentation) }

    static func frame(of s: State) -> Rect {
        let w = s.bounds.width * s.transform.scaleX, h = s.bounds.height * s.transform.scaleY
        return Rect(
            x: s.center.x + s.transform.translationX - w / 2, y: s.center.y + s.transform.translationY - h / 2,
            width: w, height: h)
    }

    // MARK: Hierarchy

    /// Adds `view` in front of the other subviews, removing it from its old superview. UIKit's `addSubview(_:)`.
    public func addSubview(_ view: View) { insertSubview(view, at: subviews.count) }

    /// Inserts `view` at `index` in the subviews. UIKit's `insertSubview(_:at:)`.
    ///
    /// The index is clamped to the subviews; a view that is already a subview moves.
    public func insertSubview(_ view: View, at index: Int) {
        if view.superview === self, let old = subviews.firstIndex(where: { $0 === view }) {
            subviews.remove(at: old)
            subviews.insert(view, at: min(old < index ? index - 1 : index, subviews.count))
        } else {
            let oldWindow = view.window
            view.detachFromSuperview()
            subviews.insert(view, at: min(max(index, 0), subviews.count))
            view.superview = self
            if let oldWindow, view.window !== oldWindow { oldWindow.viewDidLeave(view) }
        }
        setNeedsDisplay()
        view.didMoveToWindow()
    }

    /// Inserts `view` just behind `sibling`, or at the back if `sibling` is not a subview.
    public func insertSubview(_ view: View, belowSubview sibling: View) {
        let index = subviews.firstIndex(where: { $0 === sibling }) ?? 0
        insertSubview(view, at: index)
    }

    /// Inserts `view` just in front of `sibling`, or at the front if `sibling` is not a subview.
    public func insertSubview(_ view: View, aboveSubview sibling: View) {
        let index = subviews.firstIndex(where: { $0 === sibling }).map { $0 + 1 } ?? subviews.count
        insertSubview(view, at: index)
    }

    /// Moves a subview in front of the others; does nothing for a view that is not a subview.
    public func bringSubviewToFront(_ view: View) {
        if view.superview === self { insertSubview(view, at: subviews.count) }
    }

    /// Removes the view from its superview. UIKit's `removeFromSuperview()`.
    ///
    /// The window it left cancels the gestures in the removed tree that were following a press.
    public func removeFromSuperview() {
        let oldWindow = window
        detachFromSuperview()
        oldWindow?.viewDidLeave(self)
    }

    private func detachFromSuperview() {
        guard let parent = superview else { return }
        parent.subviews.removeAll { $0 === self }
        superview = nil
        parent.setNeedsDisplay()
        didMoveToWindow()
    }

    /// Whether `view` is this view or one of its descendants.
    public func isDescendant(of view: View) -> Bool {
        var v: View? = self
        while let current = v { if current === view { return true }; v = current.superview }
        return false
    }

    /// The root of this view's tree: the window when it is on screen.
    public var window: Window? {
        var v: View? = self
        while let current = v { if let w = current as? Window { return w }; v = current.superview }
        return nil
    }

    /// Called when the view joins or leaves a tree; the window uses it to forget gesture recognizers that left.
    open func didMoveToWindow() {}

    /// Whether this view keeps no layer and draws its content (`draw(in:)`, no subviews) straight into the pixels
    /// it is composited into, every time: for content that changes every frame (a sheet's glass), which a layer
    /// would only copy once more. Such a view says what decides its pixels (`inPlaceContent`) and where they are
    /// opaque (`inPlaceOpaqueArea`).
    var drawsInPlace: Bool { false }

    /// For a view drawn in place: a number that changes whenever its pixels would (the window's damage).
    var inPlaceContent: UInt64 { 0 }

    /// For a view drawn in place with its top-left at (x, y) pixels: what it certainly covers with opaque pixels.
    func inPlaceOpaqueArea(x: Double, y: Double, scale: Double) -> PixelRect? { nil }

    /// Draws this view's own content (not its subviews) in its bounds. Override to draw text or shapes; the default
    /// draws the shadow and the background with the corner radius.
    ///
    /// A view that clips keeps its layer's corners round by cutting the whole layer once its subviews are drawn
    /// (see `clipsToBounds`), so its background is filled square here: rounding it too would thin its edge twice.
    open func draw(in canvas: Canvas) {
        let rect = Rect(origin: .zero, size: presentation.bounds.size)
        if let shadow {
            canvas.drawShadow(
                shadow, for: rect, cornerRadius: cornerRadius, corners: maskedCorners,
                opaqueFillFollows: presentation.backgroundColor.alpha >= 1)
        }
        canvas.fill(
            rect, color: presentation.backgroundColor,
            radii: clipsRoundedCorners ? .zero : cornerRadii(scale: canvas.scale))
    }

    /// The radius of each corner in pixels at `scale`: `cornerRadius` on the `maskedCorners`, the bottom ones
    /// `bottomCornerRadius` when set.
    func cornerRadii(scale: Double) -> CornerRadii {
        var radii = Canvas.radii(cornerRadius * scale, maskedCorners)
        if let bottom = bottomCornerRadius {
            if maskedCorners.contains(.bottomLeft) { radii.bottomLeft = bottom * scale }
            if maskedCorners.contains(.bottomRight) { radii.bottomRight = bottom * scale }
        }
        return radii
    }

    /// Appends to `content` everything this view's `draw(in:)` reads besides its presented state, corners,
    /// clipping and shadow, and returns true; false when that is not known. A view whose subtree holds one that
    /// returns false never takes a retired view's pixels (see `Window.reusesRetiredLayers`).
    ///
    /// Each class answers for itself only (`type(of: self)` is checked), so a subclass that overrides
    /// `draw(in:)` and not this is never given stale pixels; a subclass that overrides it must append all its
    /// drawing reads, its superclass's included.
    open func describeContent(into content: inout LayerContent) -> Bool { type(of: self) == View.self }

    /// Lays out subviews after a size change. Override to position children.
    open func layoutSubviews() {}

    // MARK: Gestures

    /// Attaches `recognizer` to this view; it sees pointer events that hit the view or its subviews.
    public func addGestureRecognizer(_ recognizer: GestureRecognizer) {
        recognizer.view = self
        gestureRecognizers.append(recognizer)
    }

    /// Detaches `recognizer` from this view.
    public func removeGestureRecognizer(_ recognizer: GestureRecognizer) {
        gestureRecognizers.removeAll { $0 === recognizer }
        if recognizer.view === self { recognizer.view = nil }
    }

    // MARK: Coordinates and hit testing

    /// Converts a point in this view's coordinates to the window's, using presented geometry (what the user sees).
    public func convertToWindow(_ point: Point) -> Point {
        var p = point, v: View? = self
        while let current = v, current.superview != nil {
            let f = current.presentedFrame, s = current.presentation
            p = Point(
                x: f.minX + (p.x - s.bounds.minX) * s.transform.scaleX,
                y: f.minY + (p.y - s.bounds.minY) * s.transform.scaleY)
            v = current.superview
        }
        return p
    }

    /// Converts a point in the window's coordinates into this view's.
    public func convertFromWindow(_ point: Point) -> Point {
        var chain: [View] = []
        var v: View? = self
        while let current = v, current.superview != nil { chain.append(current); v = current.superview }
        var p = point
        for current in chain.reversed() {
            let f = current.presentedFrame, s = current.presentation
            p = Point(
                x: (p.x - f.minX) / s.transform.scaleX + s.bounds.minX,
                y: (p.y - f.minY) / s.transform.scaleY + s.bounds.minY)
        }
        return p
    }

    /// Whether a point in this view's coordinates lies inside it (its model bounds, as UIKit tests them).
    open func point(inside point: Point) -> Bool { model.bounds.contains(point) }

    /// The deepest visible, interactive view containing the point (in this view's coordinates). UIKit's `hitTest`:
    /// it tests model geometry (where views are going, not where an animation shows them) and skips views that an
    /// animation without `.allowUserInteraction` is moving.
    open func hitTest(_ point: Point) -> View? {
        guard !isHidden, isUserInteractionEnabled, model.alpha > 0.01, !isInteractionBlockedByAnimation,
            self.point(inside: point)
        else { return nil }
        for child in subviews.reversed() {
            let f = child.frame, s = child.model
            let local = Point(
                x: (point.x - model.bounds.minX - f.minX) / s.transform.scaleX + s.bounds.minX,
                y: (point.y - model.bounds.minY - f.minY) / s.transform.scaleY + s.bounds.minY)
            if let hit = child.hitTest(local) { return hit }
        }
        return self
    }
}

/// Which corners a corner radius applies to. CALayer's `CACornerMask`.
public struct CornerMask: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// The top-left corner.
    public static let topLeft = CornerMask(rawValue: 1)
    /// The top-right corner.
    public static let topRight = CornerMask(rawValue: 2)
    /// The bottom-left corner.
    public static let bottomLeft = CornerMask(rawValue: 4)
    /// The bottom-right corner.
    public static let bottomRight = CornerMask(rawValue: 8)
    /// Both top corners: a sheet's shape.
    public static let top: CornerMask = [.topLeft, .topRight]
    /// All four corners.
    public static let all: CornerMask = [.topLeft, .topRight, .bottomLeft, .bottomRight]
}

/// A drop shadow under a view (CALayer's shadowColor, shadowOpacity, shadowRadius and shadowOffset in one).
public struct Shadow: Hashable, Sendable {
    /// The shadow's color, with its opacity as the alpha (CALayer's `shadowColor` and `shadowOpacity`).
    public var color: Color
    /// The blur radius, in points. CALayer's `shadowRadius`.
    public var radius: Double
    /// How far the shadow is moved from the view, in points. CALayer's `shadowOffset`.
    public var offset: Point
    /// A shadow, by default black at 25% with a 12-point blur, 2 points down.
    public init(color: Color = Color(white: 0, alpha: 0.25), radius: Double = 12, offset: Point = Point(x: 0, y: 2)) {
        self.color = color; self.radius = radius; self.offset = offset
    }
}
