import ModalKitBase
import ModalKitMotion

/// The zoom's pinch dismissal: once the fingers' spread has changed by `pinchStartDistance`, the page scales with
/// the pinch about its center and follows the center; on release it lands on its source below
/// `releaseRule.pinchThreshold` (0.5, judged where the page is: a pinch is not projected), else springs back.
extension ZoomTransitionController {
    func installPinch(on card: View) {
        let pinch = PinchGestureRecognizer()
        pinch.addTarget { [weak self] in
            guard let self, let pinch = $0 as? PinchGestureRecognizer else { return }
            handlePinch(pinch)
        }
        card.addGestureRecognizer(pinch)
        self.pinch = pinch
    }

    /// The pinch's scale change that counts as `pinchStartDistance` of finger travel.
    public var pinchStartScaleChange: Double { pinchStartDistance / max(pinchFingerSpan, 1e-9) }

    private func handlePinch(_ pinch: PinchGestureRecognizer) {
        let isPinching = drag?.gesture == .pinch
        switch pinch.state {
        case .began, .changed:
            if isPinching {
                movePinch(scale: pinch.scale, center: pinch.location(in: nil))
            } else if abs(pinch.scale - 1) >= pinchStartScaleChange {
                beginPinch(scale: pinch.scale, center: pinch.location(in: nil))
            }
        case .ended:
            guard isPinching else { return }
            movePinch(scale: pinch.scale, center: pinch.location(in: nil))
            endPinch(velocity: pinch.velocity)
        case .cancelled, .failed:
            guard isPinching else { return }
            drag = nil
            springBack()
        case .possible:
            break
        }
    }

    /// The pinch passed its start distance: it takes the page where it is shown (stopping a flight), unless a
    /// pointer drag has it or the options refuse.
    private func beginPinch(scale: Double, center: Point) {
        guard container != nil, dismissTransition == nil, drag == nil else { return }
        if let ask = options.interactiveDismissShouldBegin, let page = zoomedViewController?.view {
            let context = ZoomOptions.InteractionContext(
                location: page.convertFromWindow(center), velocity: .zero, willBegin: true)
            guard ask(context) else { return }
        }
        heldFlight = nil
        stopMotion()
        gesture = .pinch
        drag = ZoomDrag(
            gesture: .pinch, start: card.frame, anchor: center, startScale: self.scale, pinchBase: scale)
        phase = .dragging
    }

    /// The page for the pinch's cumulative `scale` and `center`.
    private func movePinch(scale: Double, center: Point) {
        guard var current = drag, current.gesture == .pinch else { return }
        current.translation = center - current.anchor
        drag = current
        show(pinchFrame(current, scale: scale))
    }

    /// The drag's start frame scaled by the pinch since it took the page, about the pinch's first center, carried
    /// with the center; never larger than the full page nor smaller than 5% of it.
    func pinchFrame(_ drag: ZoomDrag, scale: Double) -> Rect {
        let ratio = scale / max(drag.pinchBase, 1e-9)
        let startScale = max(drag.startScale, 1e-9)
        let k = min(max(ratio, 0.05 / startScale), 1 / startScale)
        let pivot = drag.anchor + drag.translation
        return Rect(
            x: pivot.x + (drag.start.minX - drag.anchor.x) * k, y: pivot.y + (drag.start.minY - drag.anchor.y) * k,
            width: drag.start.width * k, height: drag.start.height * k)
    }

    private func endPinch(velocity: Double) {
        guard let current = drag else { return }
        drag = nil
        let decision = releaseRule.decide(scale: scale, rate: 0, gesture: .pinch)
        lastRelease = decision
        if decision.dismisses {
            let rate = velocity.isFinite ? velocity * current.startScale / max(current.pinchBase, 1e-9) : 0
            landOnSource(speed: 0, gesture: .pinch, velocity: rate)
        } else {
            springBack()
        }
    }
}
