import ModalKitBase
import ModalKitMotion
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
    /// Where this window's messages go when UIKit would log (a refused present or dismiss); stderr by default.
    public var logger: (String) -> Void = Window.standardErrorLogger
    /// The driver that runs the animations of the views in this window (`View.animate` finds it through the views
    /// it changes); the app ticks it once per frame, tests give it a manual clock.
    public var animationDriver = AnimationDriver(clock: MonotonicClock())
    /// While set, new animations of views in this window are handed here instead of starting: a percent-driven
    /// interactive transition scrubs them, so the animator that wrote them never learns it is interactive.
    var animationInterceptor: ((PropertyAnimator, _ delay: Double) -> Void)?
    /// Recognizers following the current press, from the pressed view up to the window.
    private var tracking: [GestureRecognizer] = []
    /// Every recognizer the current press was handed, claimed or not, to tell each when the press is over.
    private var inPress: [GestureRecognizer] = []
    /// The pinch recognizers hearing the pinch under way (those under its center when it began).
    var pinchTracking: [PinchGestureRecognizer] = []
    /// The scroll view a precise (touchpad) scroll gesture began on: it keeps the gesture until it ends, as a
    /// drag keeps its recognizers, even when something else slides under the still pointer (X11 scrolling does
    /// not move it; a sheet pulled through its list brings its title there).
    private weak var scrollGestureTarget: ScrollView?
    /// What the phone's status bar and home indicator cover at the window's edges (zero: a bare screen); views
    /// read their share as `safeAreaInsets`. UIKit's `UIWindow.safeAreaInsets`.
    public var screenSafeAreaInsets = EdgeInsets.zero
    /// The radius of the display's rounded corners, in points (zero: a bare, square screen). What a sheet nests
    /// its bottom corners in.
    public var displayCornerRadius = 0.0
    /// The window's size when the active transition began; see `transitionDidComplete`.
    var sizeAtTransitionStart = Size(width: 0, height: 0)

    /// A black window of `size` points that runs its animations on the monotonic clock until given another driver.
    public init(size: Size) {
        super.init(frame: Rect(origin: .zero, size: size))
        backgroundColor = .black
        compositesAsGroup = false
    }

    /// The controller whose view fills the window and which presents the others.
    public var rootViewController: ViewController? {
        didSet {
            oldValue?.view.removeFromSuperview()
            guard let root = rootViewController else { return }
            root.view.frame = bounds
            insertSubview(root.view, at: 0)
            // In the window its safe area is known: a phone's status bar moves the content down.
            if screenSafeAreaInsets != .zero { root.view.layoutSubviews() }
        }
    }

    /// The controller shown on top: the last one presented, or the root (a root navigation controller's top
    /// child: what was pushed last).
    public var topViewController: ViewController? {
        var vc = rootViewController
        if let navigation = vc as? NavigationController { vc = navigation.topViewController }
        while let next = (vc?.navigationController ?? vc)?.presentedViewController { vc = next }
        return vc
    }

    /// Resizes the window and every full-screen view: transition containers, the views presented in them, and
    /// presenting views a full-screen presentation took out of the window (they come back at the new size).
    ///
    /// Only sizes change, never origins: a card mid-transition has its model frame at the transition's end and
    /// running animations add offsets to it, so moving its origin would move the card by the same amount (a resize
    /// mid-drag once threw it a window height above the top). What a transition restores or lands at the old size
    /// is refitted when it completes (see `fitFullScreenViews`).
    public func resize(to size: Size) {
        let old = bounds.size
        bounds = Rect(origin: .zero, size: size)
        center = Point(x: size.width / 2, y: size.height / 2)
        fitFullScreenViews(from: old)
        setNeedsDisplay()
    }

    /// Gives every view that was `old`'s size (the window's children, the views in them, each presented
    /// controller's view) the window's size, keeping its origin.
    func fitFullScreenViews(from old: Size) {
        let size = bounds.size
        guard old != size else { return }
        func fit(_ view: View) {
            if view.frame.size == old { view.frame = Rect(origin: view.frame.origin, size: size) }
        }
        for child in subviews {
            guard child.frame.size == old else { continue }
            fit(child)
            child.subviews.forEach(fit)
        }
        var controller = rootViewController
        while let vc = controller {
            fit(vc.view)
            controller = vc.presentedViewController
        }
    }

    /// Forgets the transition under way without finishing it, for tearing the whole tree down (a scene switch).
    /// It reports `abandoned` and lets go of its controllers (see `TransitionContext.abandon`). Its animations must
    /// be dropped too: give the window a fresh `animationDriver` and let the old one go.
    public func abandonActiveTransition() {
        let context = activeTransition
        activeTransition = nil
        context?.abandon()
    }

    // MARK: Events

    /// Routes a pointer event to the recognizers that own the press, and a scroll event to the scroll view under
    /// the pointer. Returns whether a recognizer or a scroll view used it.
    @discardableResult
    public func handlePointer(_ event: InputEvent) -> Bool {
        switch event {
        case .pointerDown(let p, let t):
            // A press while another is tracked means its release was lost (a replay, a confused server): that
            // gesture is cancelled, as UIKit cancels touches it loses, before the new one starts.
            if !tracking.isEmpty { cancelTracking() }
            tracking = recognizers(at: p).filter { $0.shouldReceive(event) }
            inPress = tracking
            // All are reset before any hears the press: one that begins on the press fails the others.
            tracking.forEach { $0.prepareForPress() }
            deliver { $0.pointerDown(at: p, time: t) }
        case .pointerMove(let p, let t):
            guard !tracking.isEmpty else { return false }
            deliver { $0.pointerMoved(to: p, time: t) }
        case .pointerUp(let p, let t):
            let current = tracking.filter { !$0.ignoresPress }
            // Through `deliver`, so the first to recognize on release (the deepest view's tap) claims the press
            // and the taps of the views around it fail, as in UIKit.
            deliver { $0.pointerUp(at: p, time: t) }
            endPress()
            return !current.isEmpty
        case let .scroll(delta, p, t, precise):
            guard let scrollView = scrollTarget(at: p, precise: precise) else { return false }
            scrollView.scroll(by: delta, precise: precise, time: t)
            return true
        case let .pinch(phase, scale, center, t):
            return handlePinch(phase, scale: scale, center: center, time: t)
        default:
            return false
        }
        return !tracking.isEmpty
    }

    /// Cancels the press in progress (pointer grab or focus lost, Escape). Returns whether a gesture was underway.
    @discardableResult
    public func cancelTracking() -> Bool {
        let current = tracking
        let wasActive = current.contains { $0.isActive } || pinchTracking.contains { $0.isActive }
        current.filter { !$0.ignoresPress }.forEach { $0.cancel() }
        endPress()
        cancelPinch()
        return wasActive
    }

    /// The press is over: its recognizers no longer take part in one (`GestureRecognizer.require(toFail:)`).
    private func endPress() {
        tracking = []
        inPress.forEach { $0.takesPartInPress = false }
        inPress = []
    }

    /// A view left the window: presses on it or inside it end now, as UIKit cancels the touches of a view removed
    /// from its window. Now, not at the next pointer event: by then the controller that handles the gesture may
    /// be gone (a dismissal frees it right after taking its view out). The window hears each end itself, since
    /// the recognizers' views are no longer in it.
    func viewDidLeave(_ view: View) {
        if reusesRetiredLayers { retireLayers(from: view) }
        pinchTracking.removeAll { recognizer in
            guard recognizer.view?.isDescendant(of: view) ?? true else { return false }
            let state = recognizer.state
            recognizer.cancel()
            if recognizer.state != state { onGestureEvent?(recognizer) }
            return true
        }
        let gone = tracking.filter { $0.view?.isDescendant(of: view) ?? true }
        guard !gone.isEmpty else { return }
        tracking.removeAll { recognizer in gone.contains { $0 === recognizer } }
        for recognizer in gone {
            let state = recognizer.state
            recognizer.cancel()
            if recognizer.state != state { onGestureEvent?(recognizer) }
        }
    }

    /// Whether a view that gets its first layer takes, when it would draw exactly the same pixels, the layer of a
    /// view that left this window and is gone (the next presentation's card takes the dismissed card's pixels
    /// instead of drawing its fill, shadow and text again). On by default; off, every new layer is drawn.
    public var reusesRetiredLayers = true {
        didSet { if !reusesRetiredLayers { retiredLayers.removeAll() } }
    }
    /// The layers of the last views that left (see `reusesRetiredLayers`).
    let retiredLayers = LayerPool()

    /// Keeps the layers of the views at the top of the tree that left: the removed view's, or, when it keeps
    /// none (a transition container), its children's.
    private func retireLayers(from view: View) {
        guard !view.compositesAsGroup else { return retiredLayers.retire(view) }
        for child in view.subviews { retireLayers(from: child) }
    }

    /// Whether a continuous gesture (a drag) is in progress.
    public var isTrackingGesture: Bool { tracking.contains { $0.isActive } }

    /// Hands one event to the recognizers tracking the press. Each hears it even when one before it claimed the
    /// press (they are failed by then and only record it), as they always have.
    private func deliver(_ event: (GestureRecognizer) -> Void) {
        for recognizer in tracking where recognizer.isEnabled && !recognizer.ignoresPress {
            let wasPossible = recognizer.state == .possible
            // One waiting for another to fail (`require(toFail:)`) may begin when the one hearing the event fails.
            let waiting = tracking.contains(where: \.isWaiting) ? tracking.filter(\.isWaiting) : []
            event(recognizer)
            if wasPossible && recognizer.claimsPress { claimPress(for: recognizer) }
            for other in waiting where other !== recognizer && other.claimsPress {
                if tracking.contains(where: { $0 === other }) { claimPress(for: other) }
            }
        }
    }

    /// A recognizer began (or recognized): the press is its alone, and the others fail (a press on a button that
    /// becomes a drag), except those that it or they allow to recognize simultaneously.
    private func claimPress(for winner: GestureRecognizer) {
        let keep = tracking.filter { $0 === winner || winner.canRecognizeSimultaneously(with: $0) }
        let losers = tracking.filter { other in !keep.contains { $0 === other } }
        // Those waiting first: a loser failing must not let one that waited for it take the press after all.
        for other in losers where other.isWaiting { other.fail() }
        for other in losers { other.fail() }
        tracking = keep
    }

    /// The scroll view a wheel over `point` scrolls: the nearest enabled one from the view under the pointer up.
    /// Where a scroll event goes: a precise one to the scroll view whose precise gesture is still under way, if it
    /// is still in this window; otherwise (and for wheel clicks) to the scroll view under the pointer.
    private func scrollTarget(at point: Point, precise: Bool) -> ScrollView? {
        if precise, let latched = scrollGestureTarget, latched.window === self, latched.isScrollEnabled,
            latched.isInScrollGesture
        {
            return latched
        }
        let target = scrollView(at: point)
        scrollGestureTarget = precise ? target : nil
        return target
    }

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
            found += current.gestureRecognizers.filter { $0.isEnabled && !($0 is PinchGestureRecognizer) }
            v = current.superview
        }
        return found
    }

    // MARK: Rendering

    /// Draws the presented tree into `bitmap` (the window's size in pixels at `scale`) and returns the region that
    /// changed, nil when all of it was drawn. When `bitmap` still holds this window's last frame untouched, only
    /// the region where what is drawn differs from last time is redrawn; any other bitmap is drawn whole. Layers not
    /// kept between frames (`View.shouldRasterize` off) let their pixels go at the end.
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
            releaseLayersNotKept()
        }
        let bounds = canvas.bitmap.bounds
        tracker.beginRecording()
        if !incremental { tracker.forgetPrevious() }
        compositeOnce(canvas, clip: bounds, recorder: tracker, recordingOnly: true)
        guard !bounds.isEmpty else { return .zero }
        guard incremental else {
            compositeOnce(canvas, clip: bounds, recorder: nil, recordingOnly: false)
            return nil
        }
        let damage = tracker.damage(within: bounds)
        for region in tracker.regions.rects { compositeOnce(canvas, clip: region, recorder: nil, recordingOnly: false) }
        return damage
    }

    /// What the window drew last, to find what changed; see `render(into:scale:)`.
    private let damageTracker = DamageTracker()

    /// The separate rectangles the last incremental frame redrew, inside the region `render` returned: a host
    /// compares and puts only these. The window's own storage, reused next frame (reading it allocates nothing).
    public var lastDamageRegions: [PixelRect] { damageTracker.regions.rects }

    /// Whether a translucent fill over all of the cached layer drawn just before it (the dim over the screen
    /// behind a sheet) is blended into that layer's pixels as they are copied (see `Canvas.fillBackground`); off
    /// only in tests, which compare the one pass with the two.
    var drawsTintedLayersInOnePass = true
    /// How many layers were drawn with the fill over them in one pass, since the window was made (for tests).
    private(set) var tintedLayerDraws = 0
    /// Whether what opaque views drawn later cover is left undrawn (see `Canvas.forEachUnoccludedPiece`); off only in tests,
    /// which compare the cut frame with the whole one.
    var skipsOccludedPixels = true

    private func compositeOnce(_ canvas: Canvas, clip: PixelRect, recorder: DamageTracker?, recordingOnly: Bool) {
        canvas.clip = clip
        canvas.originX = 0
        canvas.originY = 0
        canvas.recorder = recorder
        canvas.isRecordingOnly = recordingOnly
        canvas.defersLayers = !recordingOnly && drawsTintedLayersInOnePass
        canvas.skipsOccludedPixels = skipsOccludedPixels
        composite(into: canvas, x: 0, y: 0, opacity: 1)
        canvas.flushPendingLayer()
        canvas.defersLayers = false
        tintedLayerDraws += canvas.tintedLayerDraws
        canvas.tintedLayerDraws = 0
        canvas.recorder = nil
        canvas.isRecordingOnly = false
    }
}
