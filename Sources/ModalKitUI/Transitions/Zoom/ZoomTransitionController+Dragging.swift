import ModalKitBase
import ModalKitMotion

extension ZoomTransitionController {
    func installGestures(on card: View) {
        guard !card.gestureRecognizers.contains(where: { $0 is ZoomTouchRecognizer }) else { return }
        let touch = ZoomTouchRecognizer()
        touch.onPress = { [weak self] in self?.pressDown() }
        touch.onReleaseWithoutDrag = { [weak self] in self?.pressUp() }
        card.addGestureRecognizer(touch)
        let pan = PanGestureRecognizer()
        pan.addTarget { [weak self] in self?.handlePan($0) }
        card.addGestureRecognizer(pan)
        self.pan = pan
        installPinch(on: card)
    }

    /// What a release now would decide (the drag under way, at the pan's current velocity), else the last
    /// release's decision; nil before any drag.
    public var pendingDecision: ZoomReleaseDecision? {
        guard let current = drag else { return lastRelease }
        let rate = scaleRate(current, velocity: pan?.velocity(in: nil) ?? .zero)
        return releaseRule.decide(scale: scale, rate: rate, gesture: current.gesture)
    }

    /// A press on the moving page stops it where it is shown (a grab during the push completes the push: the page
    /// is already presented, it only stops flying).
    private func pressDown() {
        guard container != nil, dismissTransition == nil, let current = flight else { return }
        heldFlight = (current.toSource, current.completion)
        stopMotion()
        phase = .dragging
    }

    /// A press let go without a drag: the page goes on to where it was going, from where it was caught.
    private func pressUp() {
        guard let held = heldFlight else { return }
        heldFlight = nil
        guard drag == nil else { return }
        if held.toSource { landOnSource(speed: 0, gesture: gesture ?? .pan, velocity: 0) } else { springBack() }
    }

    /// The page's pan: a pan down anywhere, a swipe from the leading edge or from mid-page.
    private func handlePan(_ pan: PanGestureRecognizer) {
        let translation = pan.translation(in: nil)
        switch pan.state {
        case .began:
            beginDrag(at: pan.startLocation, translation: translation, velocity: pan.velocity(in: nil))
        case .changed:
            guard drag != nil else { return }
            moveDrag(translation: translation)
        case .ended:
            guard drag != nil else { return }
            moveDrag(translation: translation)
            endDrag(velocity: pan.velocity(in: nil))
        case .cancelled, .failed:
            guard drag != nil else { return }
            drag = nil
            springBack()
        case .possible:
            break
        }
    }

    /// Which dismissal a drag starting at `start` moving by `translation` is; nil for one that is none (upward).
    func classify(start: Point, translation: Point) -> ZoomGesture? {
        let frame = card.frame
        if start.x - frame.minX <= edgeZone, translation.x > 0 { return .edgeSwipe }
        if abs(translation.x) > abs(translation.y) { return translation.x > 0 ? .swipe : nil }
        return translation.y > 0 ? .pan : nil
    }

    private func beginDrag(at start: Point, translation: Point, velocity: Point) {
        // A cross-fading page (Reduce Motion) is not grabbed: it is on its way in or out within 140 ms.
        guard let container, dismissTransition == nil, fade == nil else { return }
        let pressed = start
        // The container sits under a navigation bar when the page was pushed: the drag works in its points.
        let start = container.convertFromWindow(start)
        let kind = classify(start: start, translation: translation)
        var willBegin = kind != nil
        if let ask = options.interactiveDismissShouldBegin, let page = zoomedViewController?.view {
            willBegin = ask(
                ZoomOptions.InteractionContext(
                    location: page.convertFromWindow(pressed), velocity: velocity, willBegin: willBegin))
        }
        guard willBegin else {
            if heldFlight != nil { pressUp() }
            return
        }
        heldFlight = nil
        stopMotion()
        let gesture = kind ?? .pan
        self.gesture = gesture
        drag = ZoomDrag(gesture: gesture, start: card.frame, anchor: start, startScale: scale)
        phase = .dragging
        moveDrag(translation: translation)
    }

    /// The page's frame for the drag's `translation`.
    func dragFrame(_ drag: ZoomDrag, translation: Point) -> Rect {
        let page = pageRect
        switch drag.gesture {
        case .pan, .pinch:
            let travel = dismissal.travel(forDrag: translation.y, height: page.height)
            let fall = dismissal.fall(forTravel: travel) * drag.start.height
            let sideways = dismissal.crossAxisOffset(translation.x, width: page.width)
            return ZoomDismissal.scaled(
                drag.start, scale: dismissal.scale(forTravel: travel), about: drag.anchor, fall: fall,
                sideways: sideways)
        case .edgeSwipe, .swipe:
            let along = max(translation.x - (drag.gesture == .edgeSwipe ? edgeDeadZone : 0), 0)
            let s = dismissal.edgeSwipeScale(forTravel: along / max(page.width, 1))
            let down = dismissal.crossAxisOffset(translation.y, width: page.width)
            let pivot = Point(x: drag.anchor.x + along, y: drag.anchor.y + down)
            return Rect(
                x: pivot.x + (drag.start.minX + along - pivot.x) * s,
                y: pivot.y + (drag.start.minY + down - pivot.y) * s,
                width: drag.start.width * s, height: drag.start.height * s)
        }
    }

    func moveDrag(translation: Point) {
        guard var current = drag else { return }
        current.translation = translation
        drag = current
        show(dragFrame(current, translation: translation))
    }

    /// The page's scale rate (per second) for a finger moving at `velocity`, from the drag's curve.
    func scaleRate(_ drag: ZoomDrag, velocity: Point) -> Double {
        let page = pageRect
        switch drag.gesture {
        case .pan, .pinch:
            let travel = dismissal.travel(forDrag: drag.translation.y, height: page.height)
            guard travel > 0 || velocity.y > 0 else { return 0 }
            return drag.startScale * dismissal.scaleSlope(atTravel: travel) * velocity.y / max(page.height, 1)
        case .edgeSwipe, .swipe:
            return -drag.startScale * dismissal.scaleGain * velocity.x / max(page.width, 1)
        }
    }

    private func endDrag(velocity: Point) {
        guard let current = drag else { return }
        drag = nil
        let rate = scaleRate(current, velocity: velocity)
        let decision = releaseRule.decide(scale: scale, rate: rate, gesture: current.gesture)
        lastRelease = decision
        let speed = (velocity.x * velocity.x + velocity.y * velocity.y).squareRoot() / max(pageRect.width, 1)
        if decision.dismisses {
            landOnSource(speed: speed, gesture: current.gesture, velocity: rate)
        } else {
            springBack()
        }
    }

    /// Lands the page on its source (asked for again) and dismisses without animation when it is there.
    func landOnSource(speed: Double, gesture: ZoomGesture, velocity rate: Double) {
        resolveSource()
        if crossFades {
            return crossFade(to: 0, phase: .landing) { [weak self] in self?.removeZoomed() }
        }
        sourceView?.alpha = 0
        let remaining = scale - (pageRect.width > 0 ? sourceRect.width / pageRect.width : 0)
        let seed = gesture == .pan || rate >= 0 || remaining <= 0 ? 0 : min(20, -rate / remaining)
        fly(
            from: card.frame, to: sourceRect, spring: springs.landing(speed: speed, gesture: gesture),
            velocity: seed, phase: .landing, toSource: true
        ) { [weak self] in
            guard let self else { return }
            sourceView?.alpha = 1
            removeZoomed()
        }
    }

    /// Springs the page back to full size (ω 22, ζ 0.9).
    func springBack() {
        fly(from: card.frame, to: pageRect, spring: springs.cancel, phase: .cancelling, toSource: false)
    }
}

/// Sees every press on the page the moment it goes down, so a moving page stops where it is shown; it never claims
/// the press.
final class ZoomTouchRecognizer: GestureRecognizer {
    var onPress: (() -> Void)?
    var onReleaseWithoutDrag: (() -> Void)?

    override func pointerDown(at location: Point, time: Double) {
        super.pointerDown(at: location, time: time)
        onPress?()
    }

    override func pointerUp(at location: Point, time: Double) {
        super.pointerUp(at: location, time: time)
        if state == .possible { transition(to: .failed); onReleaseWithoutDrag?() }
    }

    override func cancel() {
        let wasPossible = state == .possible
        super.cancel()
        if wasPossible { onReleaseWithoutDrag?() }
    }

    /// Another recognizer took the press (the page's list scrolls): a flight it caught goes on.
    override func fail() {
        let wasPossible = state == .possible
        super.fail()
        if wasPossible { onReleaseWithoutDrag?() }
    }
}
