import ModalKitBase
import ModalKitMotion

/// A view that shows part of a larger content and lets the user move it: drag it with the pointer, scroll it with a
/// wheel or a touchpad. UIKit's `UIScrollView`, with its names and behaviour.
///
/// As in UIKit, `contentOffset` is the origin of the view's bounds and the content is the view's subviews. The
/// content is clipped to the bounds and keeps its cached pixels, so scrolling moves a cached layer (a blit) and
/// redraws no text. A release carries the drag's velocity into a deceleration (closed form, `decelerationRate`);
/// past an edge the content resists (rubber band, c = 0.55) and springs back; a press stops a moving view where
/// it is shown.
open class ScrollView: View {
    /// How fast a released scroll view slows down: the fraction of its speed kept per millisecond.
    /// UIKit's `UIScrollView.DecelerationRate`.
    public struct DecelerationRate: Hashable, Sendable {
        /// The fraction of the speed kept per millisecond, strictly between 0 and 1 (others read as `.normal`).
        public var rawValue: Double
        /// A rate from its per-millisecond fraction.
        public init(rawValue: Double) { self.rawValue = rawValue }
        /// 0.998 per millisecond.
        public static let normal = DecelerationRate(rawValue: Deceleration.normalRate)
        /// 0.99 per millisecond.
        public static let fast = DecelerationRate(rawValue: Deceleration.fastRate)
    }

    /// Told when the view scrolls, and when dragging and deceleration begin and end.
    public weak var delegate: ScrollViewDelegate?
    /// The size of the content, in points.
    public var contentSize = Size.zero { didSet { if contentSize != oldValue { contentGeometryDidChange() } } }
    /// Extra scrollable space around the content.
    public var contentInset = EdgeInsets.zero { didSet { if contentInset != oldValue { contentGeometryDidChange() } } }
    /// How far the vertical bar's track stays from the top and bottom of the view (UIKit's
    /// `verticalScrollIndicatorInsets`): a view that reaches below what is shown keeps its bar in sight.
    public var verticalScrollIndicatorInsets = EdgeInsets.zero { didSet { layoutIndicators() } }
    /// Whether the content can be pulled past its edges (rubber band) and bounce back.
    public var bounces = true
    /// Bounce vertically even when the content is not taller than the view.
    public var alwaysBounceVertical = false
    /// Bounce horizontally even when the content is not wider than the view.
    public var alwaysBounceHorizontal = false
    /// Whether dragging, the wheel and the touchpad scroll the view.
    public var isScrollEnabled = true {
        didSet { panGestureRecognizer.isEnabled = isScrollEnabled; if !isScrollEnabled { stopScrolling() } }
    }
    /// How fast the content slows down after a release.
    public var decelerationRate = DecelerationRate.normal
    /// Whether the vertical bar shows while the content moves.
    public var showsVerticalScrollIndicator = true
    /// Whether the horizontal bar shows while the content moves.
    public var showsHorizontalScrollIndicator = true
    /// The recognizer that drags the content.
    public let panGestureRecognizer: PanGestureRecognizer

    /// Whether the user is dragging the content (after the pan began).
    public internal(set) var isDragging = false
    /// Whether the content is moving on its own after a release (decelerating or springing back).
    public internal(set) var isDecelerating = false

    let verticalIndicator = ScrollIndicator()
    let horizontalIndicator = ScrollIndicator()
    /// Drives decelerations, spring-backs and wheel animations, and ends wheel gestures after their quiet time.
    lazy var ticker = FrameTicker(view: self) { [unowned self] elapsed, now in frame(elapsed: elapsed, now: now) }
    var motion: ScrollMotion?
    var scrollGesture = ScrollGestureTracker()
    /// The offset the pointer or the touchpad would give with no rubber band, during a drag or a smooth scroll.
    var rawOffset = Point.zero
    var dragStartRawOffset = Point.zero
    /// When (frame-clock seconds) the content last moved on its own or took a wheel click: the wheel steps a
    /// sheet only after `sheetStepQuietTime` of neither.
    var lastListActivity = -Double.infinity
    /// Until when (frame-clock seconds) a sheet the quiet touchpad gesture pulls has coasted.
    var coastedUntil = 0.0
    /// The pan's translation already handed to the coordinator.
    var coordinatedTranslation = 0.0
    /// Shares drags and scroll gestures with the sheet around this view; set by `SheetScrollCoordinator`.
    public internal(set) var handoffCoordinator: SheetScrollCoordinator?

    /// A scroll view with no content; add subviews and set `contentSize`.
    public override init(frame: Rect = .zero) {
        panGestureRecognizer = ScrollPanGestureRecognizer()
        super.init(frame: frame)
        compositesAsGroup = false
        clipsToBounds = true
        addGestureRecognizer(panGestureRecognizer)
        panGestureRecognizer.addTarget { [unowned self] pan in handlePan(pan) }
        for indicator in [verticalIndicator, horizontalIndicator] { addSubview(indicator) }
    }

    /// Where the content's origin is, relative to the view's top-left: the origin of `bounds`.
    public var contentOffset: Point {
        get { bounds.origin }
        set { setContentOffset(newValue, animated: false) }
    }

    /// Moves the content; animated, it eases there in 0.3 s (UIKit's `setContentOffset(_:animated:)`).
    public func setContentOffset(_ offset: Point, animated: Bool) {
        stopMotion()
        let target = Point(x: offset.x.isFinite ? offset.x : 0, y: offset.y.isFinite ? offset.y : 0)
        guard animated else { return showOffset(target) }
        startMotion(.eased(from: contentOffset, to: target, duration: 0.3, curve: .easeInOut))
    }

    /// The smallest and largest offset at rest on each axis (the content's edges with the insets).
    public var offsetRange: (x: ClosedRange<Double>, y: ClosedRange<Double>) {
        let size = bounds.size
        let minX = -contentInset.left, minY = -contentInset.top
        let maxX = max(minX, contentSize.width + contentInset.right - size.width)
        let maxY = max(minY, contentSize.height + contentInset.bottom - size.height)
        return (minX ... maxX, minY ... maxY)
    }

    /// Whether the content moves along each axis: it is larger than the view, or always bounces.
    var scrollsAlong: (x: Bool, y: Bool) {
        let range = offsetRange
        return (
            range.x.upperBound > range.x.lowerBound || alwaysBounceHorizontal,
            range.y.upperBound > range.y.lowerBound || alwaysBounceVertical
        )
    }

    /// Shows `offset` now, with no animation even inside an animation block, and tells the delegate. Only the
    /// origin of the bounds moves, so only what lies inside the view's frame is redrawn: cached layers above it
    /// (a sheet's card with its shadow) repaint just that rectangle.
    func showOffset(_ offset: Point) {
        let shift = offset - model.bounds.origin
        guard shift != .zero else { return }
        model.bounds.origin = offset
        presentation.bounds.origin = presentation.bounds.origin + shift
        setNeedsDisplayInsideBounds()
        layoutIndicators()
        delegate?.scrollViewDidScroll(self)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        layoutIndicators()
    }

    /// A scroll view draws only what `View` draws: its content offset is its bounds' origin and its content and
    /// indicators are subviews, all in its subtree's description, so a card holding one can take a retired layer
    /// (`LayerPool`). A subclass answers for itself.
    open override func describeContent(into content: inout LayerContent) -> Bool {
        type(of: self) == ScrollView.self
    }

    private func contentGeometryDidChange() {
        if motion == nil && !isDragging && !scrollGesture.isScrolling { showOffset(clamped(contentOffset)) }
        layoutIndicators()
    }

    /// `offset` limited to the offset range on every axis.
    func clamped(_ offset: Point) -> Point {
        let range = offsetRange
        return Point(
            x: min(max(offset.x, range.x.lowerBound), range.x.upperBound),
            y: min(max(offset.y, range.y.lowerBound), range.y.upperBound))
    }

    /// Whether a wheel or touchpad gesture is under way (it ends after its quiet time).
    var isInScrollGesture: Bool { scrollGesture.isScrolling }

    /// Whether the shown offset lies past an edge (the content is stretched).
    var isOverscrolled: Bool { clamped(contentOffset) != contentOffset }

    /// Stops everything in place: a drag, a deceleration, a wheel gesture.
    func stopScrolling() {
        if isDragging { isDragging = false }
        endScrollGesture()
        stopMotion()
        if isOverscrolled { showOffset(clamped(contentOffset)) }
        hideIndicators()
    }
}

/// What a scroll view tells its delegate. UIKit's `UIScrollViewDelegate`; every method has an empty default.
public protocol ScrollViewDelegate: AnyObject {
    /// The content offset changed (dragging, decelerating, wheel, or set by code).
    func scrollViewDidScroll(_ scrollView: ScrollView)
    /// A drag is starting.
    func scrollViewWillBeginDragging(_ scrollView: ScrollView)
    /// The drag was released with `velocity` (points per millisecond, in offset units, as UIKit); the content is
    /// heading for `targetContentOffset`, which the delegate may change (to snap to a row, for example).
    func scrollViewWillEndDragging(
        _ scrollView: ScrollView, withVelocity velocity: Point,
        targetContentOffset: inout Point)
    /// The drag ended; `decelerate` says whether the content keeps moving.
    func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool)
    /// The content came to rest after a release.
    func scrollViewDidEndDecelerating(_ scrollView: ScrollView)
}

public extension ScrollViewDelegate {
    func scrollViewDidScroll(_ scrollView: ScrollView) {}
    func scrollViewWillBeginDragging(_ scrollView: ScrollView) {}
    func scrollViewWillEndDragging(
        _ scrollView: ScrollView, withVelocity velocity: Point,
        targetContentOffset: inout Point
    ) {}
    func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {}
    func scrollViewDidEndDecelerating(_ scrollView: ScrollView) {}
}
