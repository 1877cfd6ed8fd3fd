import ModalKitBase
import ModalKitPixels

/// The root of the view tree, the size of the host window. UIKit's `UIWindow`: it hosts the root view controller,
/// routes pointer events to gesture recognizers, and renders the tree into a frame.
open class Window: View {
    /// Set whenever anything visible changed; the host draws a frame and the window clears it.
    public var needsDisplay = true
    /// The presentation or dismissal under way; others are refused until it completes.
    public internal(set) var activeTransition: TransitionContext?
    /// Called on every transition event (began, finish, cancel, completed), for traces and the HUD.
    public var onTransitionEvent: ((TransitionContext, TransitionEvent) -> Void)?
    /// Called on every state change of every recognizer in the window (after its own actions), for traces.
    public var onGestureEvent: ((GestureRecognizer) -> Void)?
    /// Recognizers following the current press, from the pressed view up to the window.
    private var tracking: [GestureRecognizer] = []

    public init(size: Size) {
        super.init(frame: Rect(origin: .zero, size: size))
        backgroundColor = .black
        shouldRasterize = false
    }

    /// The controller whose view fills the window and which presents the others.
    public var rootViewController: ViewController? {
        didSet {
            oldValue?.view.removeFromSuperview()
            guard let root = rootViewController else { return }
            root.view.frame = bounds
            insertSubview(root.view, at: 0)
        }
    }

    /// The controller shown on top: the last one presented, or the root.
    public var topViewController: ViewController? {
        var vc = rootViewController
        while let next = vc?.presentedViewController { vc = next }
        return vc
    }

    /// Resizes the window and every full-screen view: transition containers, the views presented in them, and
    /// presenting views a full-screen presentation took out of the window (they come back at the new size).
    public func resize(to size: Size) {
        let old = bounds.size
        let full = Rect(origin: .zero, size: size)
        bounds = full
        center = Point(x: size.width / 2, y: size.height / 2)
        for child in subviews where child.frame.size == old {
            child.frame = full
            for grandchild in child.subviews where grandchild.frame.size == old { grandchild.frame = full }
        }
        var controller = rootViewController
        while let vc = controller {
            if vc.view.frame.size == old { vc.view.frame = Rect(origin: vc.view.frame.origin, size: size) }
            controller = vc.presentedViewController
        }
        setNeedsDisplay()
    }

    /// Forgets the transition under way without finishing it, for tearing the whole tree down (a scene switch).
    /// Its animations must be dropped too (give the views a fresh `View.animationDriver`).
    public func abandonActiveTransition() { activeTransition = nil }

    // MARK: Events

    /// Routes a pointer event to the recognizers that own the press, and a scroll event to the scroll view under
    /// the pointer. Returns whether a recognizer or a scroll view used it.
    @discardableResult
    public func handlePointer(_ event: InputEvent) -> Bool {
        switch event {
        case .pointerDown(let p, let t):
            tracking = recognizers(at: p)
            tracking.forEach { $0.pointerDown(at: p, time: t) }
        case .pointerMove(let p, let t):
            guard !tracking.isEmpty else { return false }
            for recognizer in tracking where recognizer.isEnabled {
                let wasActive = recognizer.isActive
                recognizer.pointerMoved(to: p, time: t)
                if !wasActive && recognizer.isActive { claimPress(for: recognizer) }
            }
        case .pointerUp(let p, let t):
            let current = tracking
            tracking = []
            current.forEach { $0.pointerUp(at: p, time: t) }
            return !current.isEmpty
        case let .scroll(delta, p, t, precise):
            guard let scrollView = scrollView(at: p) else { return false }
            scrollView.scroll(by: delta, precise: precise, time: t)
            return true
        default:
            return false
        }
        return !tracking.isEmpty
    }

    /// Cancels the press in progress (pointer grab or focus lost, Escape). Returns whether a gesture was underway.
    @discardableResult
    public func cancelTracking() -> Bool {
        let current = tracking
        tracking = []
        let wasActive = current.contains { $0.isActive }
        current.forEach { $0.cancel() }
        return wasActive
    }

    /// Whether a continuous gesture (a drag) is in progress.
    public var isTrackingGesture: Bool { tracking.contains { $0.isActive } }

    /// A recognizer began: the press is its alone, the others fail (a press on a button that becomes a drag).
    private func claimPress(for winner: GestureRecognizer) {
        for other in tracking where other !== winner { other.fail() }
        tracking = [winner]
    }

    /// The scroll view a wheel over `point` scrolls: the nearest enabled one from the view under the pointer up.
    private func scrollView(at point: Point) -> ScrollView? {
        var v = hitTest(point)
        while let current = v {
            if let scrollView = current as? ScrollView, scrollView.isScrollEnabled { return scrollView }
            v = current.superview
        }
        return nil
    }

    private func recognizers(at point: Point) -> [GestureRecognizer] {
        var found: [GestureRecognizer] = []
        var v = hitTest(point)
        while let current = v {
            found += current.gestureRecognizers.filter(\.isEnabled)
            v = current.superview
        }
        return found
    }

    // MARK: Rendering

    /// Draws the presented tree into `bitmap` (the window's size in pixels at `scale`) and returns the region that
    /// changed, nil when all of it was drawn. When `bitmap` still holds this window's last frame untouched, only
    /// the region where what is drawn differs from last time is redrawn; any other bitmap is drawn whole.
    @discardableResult
    public func render(into bitmap: inout Bitmap, scale: Double) -> PixelRect? {
        let tracker = damageTracker
        let incremental = tracker.holdsLastFrame(bitmap, scale: scale) && presentation.backgroundColor.alpha >= 1
        tracker.releaseLastFrame()
        let canvas = tracker.canvas(scale: scale)
        swap(&canvas.bitmap, &bitmap)
        defer {
            swap(&canvas.bitmap, &bitmap)
            tracker.finish(bitmap, scale: scale)
            needsDisplay = false
        }
        let bounds = canvas.bitmap.bounds
        tracker.beginRecording()
        if !incremental { tracker.forgetPrevious() }
        compositeOnce(canvas, clip: bounds, recorder: tracker, recordingOnly: true)
        let damage = incremental ? tracker.damage().intersection(bounds) : bounds
        guard !damage.isEmpty else { return .zero }
        compositeOnce(canvas, clip: damage, recorder: nil, recordingOnly: false)
        return incremental ? damage : nil
    }

    /// What the window drew last, to find what changed; see `render(into:scale:)`.
    private let damageTracker = DamageTracker()

    private func compositeOnce(_ canvas: Canvas, clip: PixelRect, recorder: DamageTracker?, recordingOnly: Bool) {
        canvas.clip = clip
        canvas.originX = 0
        canvas.originY = 0
        canvas.recorder = recorder
        canvas.isRecordingOnly = recordingOnly
        composite(into: canvas, x: 0, y: 0, opacity: 1)
        canvas.recorder = nil
        canvas.isRecordingOnly = false
    }
}
