import ModalKitBase

/// A two-finger pinch on a view. UIKit's `UIPinchGestureRecognizer`.
///
/// The window hands it the pinch events (`InputEvent.pinch`) whose center is on its view or a subview, never the
/// pointer's presses: it goes began → changed… → ended or cancelled with the pinch, and ``scale`` is cumulative
/// from the start, as UIKit's is.
public final class PinchGestureRecognizer: GestureRecognizer {
    /// The fingers' spread now over their spread at the start: 1 unchanged, below 1 closing. UIKit's `scale`.
    public private(set) var scale = 1.0
    /// How fast ``scale`` changes, per second, over the last two events. UIKit's `velocity`.
    public private(set) var velocity = 0.0

    /// A pinch recognizer with no targets yet.
    public override init() { super.init() }

    /// One pinch event whose center is on the view (window points, seconds).
    func pinch(_ phase: PinchPhase, scale newScale: Double, center: Point, time: Double) {
        let dt = time - lastEventTime
        if phase == .began {
            if state != .possible { reset() }
            startLocation = center
            velocity = 0
        } else if dt > 0, newScale.isFinite {
            velocity = (newScale - scale) / dt
        }
        if newScale.isFinite, newScale > 0 { scale = newScale }
        currentLocation = center
        lastEventTime = time
        switch phase {
        case .began: state = .began
        case .changed: if isActive { state = .changed }
        case .ended: if isActive { state = .ended }
        case .cancelled: if isActive { state = .cancelled }
        }
    }

    /// Back to `possible` with a scale of 1.
    public override func reset() {
        super.reset()
        scale = 1
        velocity = 0
    }
}
