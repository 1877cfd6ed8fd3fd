import ModalKitBase

/// Sees every press on the sheet the moment it goes down (before any slop), so a moving sheet stops where it is
/// shown; it never claims the press and fails as soon as the pan does.
final class SheetTouchRecognizer: GestureRecognizer {
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
}
