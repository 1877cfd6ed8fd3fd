import ModalKitBase

/// Hands the window's pointer events to a control's tracking methods. It begins on the first move, which makes the
/// window give the press to it alone (see `Control`), and ends on release; a press released without moving is a
/// tap and ends at once.
final class ControlTracker: GestureRecognizer {
    weak var control: Control?

    override func pointerDown(at location: Point, time: Double) {
        super.pointerDown(at: location, time: time)
        control?.trackerDown(at: location)
    }

    override func pointerMoved(to location: Point, time: Double) {
        super.pointerMoved(to: location, time: time)
        guard let control, control.isTracking else { return }
        switch state {
        case .possible: transition(to: .began)
        case .began, .changed: transition(to: .changed)
        default: return
        }
        control.trackerMoved(to: location)
    }

    override func pointerUp(at location: Point, time: Double) {
        super.pointerUp(at: location, time: time)
        guard let control, control.isTracking, state == .possible || isActive else {
            if state == .possible { transition(to: .failed) }
            return
        }
        control.trackerUp(at: location)
        transition(to: .ended)
    }

    override func cancel() {
        super.cancel()
        control?.trackerCancelled()
    }

    override func fail() {
        super.fail()
        control?.trackerCancelled()
    }
}
