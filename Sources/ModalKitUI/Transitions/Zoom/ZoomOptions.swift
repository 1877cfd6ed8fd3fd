import ModalKitBase

/// Options of a zoom transition. UIKit's `UIViewController.Transition.ZoomOptions`.
public final class ZoomOptions {
    /// What `interactiveDismissShouldBegin` is told when an interactive dismissal is about to begin. UIKit's
    /// `ZoomOptions.InteractionContext`.
    public struct InteractionContext {
        /// Where the gesture is, in the zoomed controller's view.
        public let location: Point
        /// How fast it moves, points per second.
        public let velocity: Point
        /// Whether the zoom would begin a dismissal by itself (a pan down, a swipe from the edge, a pinch in).
        public let willBegin: Bool
    }

    /// What `alignmentRectProvider` is told. UIKit's `ZoomOptions.AlignmentRectContext`.
    public struct AlignmentRectContext {
        /// The source view the page flies to or from.
        public let sourceView: View
        /// The controller being zoomed.
        public let zoomedViewController: ViewController
    }

    /// Asked when an interactive dismissal could begin: return false to let the gesture go to the page's content.
    /// Nil: the zoom's own decision (`willBegin`). UIKit's `interactiveDismissShouldBegin`.
    public var interactiveDismissShouldBegin: ((InteractionContext) -> Bool)?
    /// The part of the zoomed view (in its own points) that lines up with the source at the source's end of the
    /// flight; nil lines up the whole view, filling the source. UIKit's `alignmentRectProvider`.
    public var alignmentRectProvider: ((AlignmentRectContext) -> Rect?)?
    /// The colour over the covered page at full progress; nil is black at 0.15 (the native dim, scaled by the
    /// flight's progress). UIKit's `dimmingColor`.
    public var dimmingColor: Color?

    /// Options with nothing set. UIKit's `ZoomOptions()`.
    public init() {}
}
