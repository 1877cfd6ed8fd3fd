import ModalKitBase

/// A press and release without moving beyond the slop. UIKit's `UITapGestureRecognizer` (one tap, one pointer).
public final class TapGestureRecognizer: GestureRecognizer {
    /// Called when the press starts and stops counting as a possible tap; buttons show their highlight from it.
    public var onTrackingChange: ((Bool) -> Void)?

    /// Whether a press is down that would still be a tap if released now.
    public private(set) var isTracking = false {
        didSet { if isTracking != oldValue { onTrackingChange?(isTracking) } }
    }

    /// Calls `action` when the tap is recognized.
    public override func addTarget(_ action: @escaping (TapGestureRecognizer) -> Void) {
        addHandler { [unowned self] _ in action(self) }
    }

    /// A press starts tracking a possible tap.
    public override func pointerDown(at location: Point, time: Double) {
        super.pointerDown(at: location, time: time)
        isTracking = true
    }

    /// Moving beyond the slop fails the tap.
    public override func pointerMoved(to location: Point, time: Double) {
        super.pointerMoved(to: location, time: time)
        if state == .possible && movedBeyondSlop { transition(to: .failed) }
        isTracking = state == .possible
    }

    /// A release still inside the view and the slop is a tap.
    public override func pointerUp(at location: Point, time: Double) {
        super.pointerUp(at: location, time: time)
        isTracking = false
        guard state == .possible else { return }
        let inside = view.map { $0.point(inside: $0.convertFromWindow(location)) } ?? true
        transition(to: inside ? .recognized : .failed)
    }

    override func cancel() { super.cancel(); isTracking = false }
    override func fail() { super.fail(); isTracking = false }
}
