/// Which of the zoom's interactive dismissals a gesture is: each has its own threshold.
public enum ZoomGesture: String, CaseIterable, Hashable, Sendable {
    /// A pan down anywhere on the page (past the slop).
    case pan
    /// A swipe from the leading edge (past its dead zone).
    case edgeSwipe = "edge-swipe"
    /// A sideways swipe begun mid-page.
    case swipe
    /// A two-finger pinch (or Ctrl + wheel).
    case pinch
}

/// What a zoom release decided: the scale it judged and whether the page lands on its source.
public struct ZoomReleaseDecision: Hashable, Sendable {
    /// The scale at the release.
    public var scale: Double
    /// The scale the rule judged: projected `projection` seconds ahead (the pinch's is the scale itself).
    public var projectedScale: Double
    /// The threshold it was judged against.
    public var threshold: Double
    /// Whether the page lands on its source (true) or springs back.
    public var dismisses: Bool
}

/// How a zoom release decides: carry the scale on at its release rate for `projection` seconds and dismiss when
/// that is below the gesture's threshold (the pinch goes by where the page is). The native fit (ANCHORS "The zoom
/// transition"): 120 ms, 0.905 for a pan, 0.70 for an edge swipe, 0.79 for a swipe begun mid-page, 0.5 for a pinch.
public struct ZoomReleaseRule: Hashable, Sendable {
    /// Seconds the scale is projected ahead.
    public var projection: Double
    /// Below this projected scale a pan dismisses.
    public var panThreshold: Double
    /// Below this projected scale an edge swipe dismisses.
    public var edgeSwipeThreshold: Double
    /// Below this projected scale a swipe begun mid-page dismisses.
    public var swipeThreshold: Double
    /// Below this scale (not projected) a pinch dismisses.
    public var pinchThreshold: Double

    /// The native fit by default.
    public init(
        projection: Double = 0.12, panThreshold: Double = 0.905, edgeSwipeThreshold: Double = 0.70,
        swipeThreshold: Double = 0.79, pinchThreshold: Double = 0.5
    ) {
        self.projection = projection
        self.panThreshold = panThreshold
        self.edgeSwipeThreshold = edgeSwipeThreshold
        self.swipeThreshold = swipeThreshold
        self.pinchThreshold = pinchThreshold
    }

    /// The threshold for `gesture`.
    public func threshold(for gesture: ZoomGesture) -> Double {
        switch gesture {
        case .pan: return panThreshold
        case .edgeSwipe: return edgeSwipeThreshold
        case .swipe: return swipeThreshold
        case .pinch: return pinchThreshold
        }
    }

    /// The scale `projection` seconds on at `rate` (scale per second, negative while shrinking); a pinch is not
    /// projected.
    public func projectedScale(scale: Double, rate: Double, gesture: ZoomGesture) -> Double {
        guard gesture != .pinch, rate.isFinite else { return scale }
        return scale + rate * projection
    }

    /// The decision for a release of `gesture` at `scale`, changing at `rate` per second.
    public func decide(scale: Double, rate: Double, gesture: ZoomGesture) -> ZoomReleaseDecision {
        let projected = projectedScale(scale: scale, rate: rate, gesture: gesture)
        let threshold = threshold(for: gesture)
        return ZoomReleaseDecision(
            scale: scale, projectedScale: projected, threshold: threshold, dismisses: projected < threshold)
    }
}
