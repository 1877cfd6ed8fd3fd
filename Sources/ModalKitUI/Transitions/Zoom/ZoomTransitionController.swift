import ModalKitBase
import ModalKitMotion

/// Runs a zoom transition (`preferredTransition = .zoom`): the page grows out of its source view, the covered page
/// scales to 0.914 and dims, and three interactive dismissals (a pan down anywhere, a swipe from the leading edge,
/// a pinch) shrink the page under the pointer and either land it on its source or spring it back. Every motion can
/// be grabbed where it is shown.
///
/// Like the sheet, it is its own animator: a presentation installs the page and completes at once, then the page
/// flies out on its own spring, so a grab during the push completes it and starts a dismissal with no jump. A
/// released drag that lands dismisses without animation once it is on the source. The app's
/// `dismiss(animated: true)` flies the page home inside the dismissal transition.
public final class ZoomTransitionController {
    /// What the zoom is doing, for the HUD and the trace.
    public enum Phase: String, Sendable {
        /// At rest; flying out of the source; under a finger; landing on the source; springing back; flying home
        /// for the app's dismissal.
        case idle, presenting, dragging, landing, cancelling, dismissing
    }

    /// The controller the zoom shows.
    public private(set) weak var zoomedViewController: ViewController?
    let options: ZoomOptions
    let sourceViewProvider: (ViewController.ZoomSourceViewProviderContext) -> View?

    /// How a drag shrinks, drops and moves the page (the native fit by default).
    public var dismissal = ZoomDismissal()
    /// How a release decides (the native fit by default).
    public var releaseRule = ZoomReleaseRule()
    /// The springs (the native fit by default).
    public var springs = ZoomSprings()
    /// The dim, the covered page's scale and the cross-fade (the native fit by default).
    public var look = ZoomLook()
    /// The page's corner radius on screen at full size: the display's (55 pt on an iPhone 15; 0 on a desktop). A
    /// window showing a device's display (`Window.displayCornerRadius`) rounds it to at least that.
    public var displayCornerRadius = 0.0
    /// How far from the leading edge (points) a press starts an edge swipe.
    public var edgeZone = 20.0
    /// How far (points) an edge swipe moves before the page starts to shrink (native: 12).
    public var edgeDeadZone = 12.0
    /// How far (points) the fingers' spread changes before a pinch takes the page (native: 8.7).
    public var pinchStartDistance = 8.7
    /// The fingers' spread (points) a pinch is taken to start from, which turns its scale into a distance: a
    /// touchpad's and Ctrl + wheel's pinches report only a scale. 120 pt makes the start a scale change of 7.25%,
    /// which one Ctrl + wheel click (×1.1) passes.
    public var pinchFingerSpan = 120.0

    /// Whether flights are replaced by a cross-fade: the page fades in at full size, and fades out where it is
    /// (after the app's dismissal, the back button, or a release that dismisses). The system's Reduce Motion,
    /// UIKit's `UIAccessibility.isReduceMotionEnabled`; drags still shrink the page under the pointer.
    public var reducesMotion = false
    /// How long Reduce Motion's cross-fade takes, in seconds (native: 0.14).
    public var crossFadeDuration = 0.14

    /// What the zoom is doing.
    public internal(set) var phase = Phase.idle
    /// The gesture driving (or last driving) the page.
    public internal(set) var gesture: ZoomGesture?
    /// The last release: its decision.
    public internal(set) var lastRelease: ZoomReleaseDecision?
    /// The page's on-screen frame now, in window points.
    public var cardFrame: Rect { card.frame.offsetBy(dx: containerOrigin.x, dy: containerOrigin.y) }
    /// The page's scale now: its shown width over its full width.
    public var scale: Double { pageRect.width > 0 ? card.frame.width / pageRect.width : 1 }
    /// The flight's progress now: 0 on the source, 1 at full size.
    public var progress: Double { ZoomLook.progress(of: card.frame, source: sourceRect, page: pageRect) }

    weak var container: View?
    /// Where the container is in the window (under the bar for a push), kept after the page leaves so its last
    /// frame still reads in window points.
    var containerOrigin = Point.zero
    weak var presentingView: View?
    weak var sourceView: View?
    /// The source's frame in window points (the page's centre shrunk to nothing when there is no source).
    var sourceRect = Rect.zero
    var sourceCornerRadius = 0.0
    let dimmingView = ZoomDimmingView()
    /// A clipping container the page is scaled into; its frame is the page's on-screen frame.
    let card = View()
    let replica = ZoomSourceReplica()
    /// The motion under way: a line from `from` to `to` travelled by `stepper` (0 → 1).
    var flight: ZoomFlight?
    /// The covered page's own return after a landing (it keeps growing after the page lands).
    var coveredStepper: ZoomStepper?
    /// Reduce Motion's cross-fade under way, in place of a flight.
    var fade: ZoomFade?
    /// Hands a drag on the page's scrolling content to the zoom when the content is at its top.
    lazy var scrollGate = ZoomScrollGate(zoom: self)
    lazy var ticker = FrameTicker(view: card) { [weak self] elapsed, _ in self?.tick(elapsed) }
    /// The drag under way.
    var drag: ZoomDrag?
    weak var dismissTransition: ViewControllerContextTransitioning?
    /// The flight a press caught and has not turned into a drag: where it was going.
    var heldFlight: (toSource: Bool, completion: (() -> Void)?)?
    /// The container's size the page was last fitted to.
    var laidOutSize = Size.zero
    /// The page's pan, read for the velocity of a release now.
    weak var pan: PanGestureRecognizer?
    /// The page's pinch.
    weak var pinch: PinchGestureRecognizer?

    init(zoomedViewController: ViewController, transition: ViewController.Transition) {
        self.zoomedViewController = zoomedViewController
        switch transition.kind {
        case let .zoom(options, provider):
            self.options = options
            sourceViewProvider = provider
        case let .barButtonZoom(options, provider):
            // Not made for this kind (`zoomTransition`); should one be, it flies to the button's view.
            self.options = options
            sourceViewProvider = { provider($0)?.sourceView }
        }
        card.compositesAsGroup = false
        card.clipsToBounds = true
        // The card changes size every frame: its shadow and corners are drawn around the page's pixels, not kept.
        card.drawsShapeWithoutLayer = true
        card.accessibilityIdentifier = "zoom-card"
        dimmingView.compositesAsGroup = false
        dimmingView.isUserInteractionEnabled = false
        dimmingView.accessibilityIdentifier = "zoom-dimming"
        replica.isUserInteractionEnabled = false
    }

    /// The full page's frame: the container's bounds.
    var pageRect: Rect {
        container?.bounds ?? Rect(origin: .zero, size: zoomedViewController?.view.bounds.size ?? .zero)
    }

    /// Asks the provider for the source now and remembers where it is (hidden while the page stands for it).
    func resolveSource() {
        guard let zoomed = zoomedViewController else { return }
        let context = ViewController.ZoomSourceViewProviderContext(
            sourceViewController: zoomed.presentingViewController
                ?? zoomed.navigationController?.controller(below: zoomed),
            zoomedViewController: zoomed)
        let fresh = sourceViewProvider(context)
        if fresh !== sourceView { sourceView?.alpha = 1 }
        sourceView = fresh
        let page = pageRect
        if let fresh, fresh.window != nil {
            // The container sits under a navigation bar when the page was pushed: its points are not the window's.
            let origin = container.map(restingFrame(of:))?.origin ?? .zero
            let rect = restingFrame(of: fresh).offsetBy(dx: -origin.x, dy: -origin.y)
            sourceRect = ZoomTransitionController.sane(rect, in: page)
            sourceCornerRadius = fresh.cornerRadius
        } else {
            sourceRect = Rect(x: page.midX, y: page.midY, width: 0, height: 0)
            sourceCornerRadius = 0
        }
        replica.source = sourceView
    }

    /// Whether the zoomed controller is shown: presented, or on a navigation stack above its root.
    var isZoomedShown: Bool {
        guard let zoomed = zoomedViewController else { return false }
        return zoomed.presentingViewController != nil || zoomed.navigationController?.controller(below: zoomed) != nil
    }

    /// Takes the zoomed controller away at once, the way it came: popped off its navigation stack, or dismissed.
    func removeZoomed() {
        guard let zoomed = zoomedViewController else { return }
        if let navigation = zoomed.navigationController, navigation.controller(below: zoomed) != nil {
            navigation.popViewController(animated: false)
        } else {
            (zoomed.presentingViewController ?? zoomed).dismiss(animated: false)
        }
    }

    /// Where `view` is in the window with the covered page at full size: the page lands where the cell will be
    /// once the page behind has grown back, not where its shrunken image is now.
    func restingFrame(of view: View) -> Rect { ZoomTransitionController.restingFrame(of: view, behind: presentingView) }

    /// Where `view` is in the window with `presentingView` (the covered page) at full size.
    static func restingFrame(of view: View, behind presentingView: View?) -> Rect {
        var origin = Point.zero, size = view.bounds.size
        var v: View? = view
        while let current = v, current.superview != nil {
            let s = current.presentation
            let t = current === presentingView ? Transform.identity : s.transform
            let minX = s.center.x + t.translationX - s.bounds.width * t.scaleX / 2
            let minY = s.center.y + t.translationY - s.bounds.height * t.scaleY / 2
            origin = Point(
                x: minX + (origin.x - s.bounds.minX) * t.scaleX, y: minY + (origin.y - s.bounds.minY) * t.scaleY)
            size = Size(width: size.width * t.scaleX, height: size.height * t.scaleY)
            v = current.superview
        }
        return Rect(origin: origin, size: size)
    }

    /// A source rectangle the flight can use: finite, not absurdly far or large; else the page's centre.
    static func sane(_ rect: Rect, in page: Rect) -> Rect {
        let values = [rect.minX, rect.minY, rect.width, rect.height]
        let limit = 4 * max(page.width, page.height, 1)
        guard values.allSatisfy({ $0.isFinite && abs($0) <= limit }), rect.width >= 0, rect.height >= 0 else {
            return Rect(x: page.midX, y: page.midY, width: 0, height: 0)
        }
        return rect
    }
}

/// The dim over the covered page, full-window: tells the zoom when the container changes size.
final class ZoomDimmingView: View {
    var onResize: (() -> Void)?
    override func layoutSubviews() { onResize?() }
}

/// A line the page travels on a spring: from `from` (progress 0) to `to` (1).
struct ZoomFlight {
    var from: Rect
    var to: Rect
    var stepper: ZoomStepper
    /// Whether it ends on the source (a landing or the app's dismissal).
    var toSource: Bool
    var completion: (() -> Void)?
}

/// A drag on the page: which gesture, where it was pressed, and the frame it started from.
struct ZoomDrag {
    var gesture: ZoomGesture
    /// The frame the page was shown at when the drag took it (full size, or where a grab caught a flight).
    var start: Rect
    /// The pressed point, window points.
    var anchor: Point
    /// The latest translation, window points.
    var translation = Point.zero
    /// The page's scale at `start` relative to full size.
    var startScale: Double
    /// A pinch's cumulative scale when it took the page: the page scales by the pinch's scale over this, so it does
    /// not jump when the pinch passes its start distance.
    var pinchBase = 1.0
}
