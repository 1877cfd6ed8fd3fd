import ModalKitBase

/// Decides whether a gesture recognizer begins, sees a press, and shares a press with another.
/// UIKit's `UIGestureRecognizerDelegate`; every method has UIKit's default, so implement only what you change.
public protocol GestureRecognizerDelegate: AnyObject {
    /// Whether `gestureRecognizer` may leave `possible` for `began` (or `ended`, for a discrete gesture); false
    /// makes it fail instead, and the press stays with the other recognizers. Default true.
    func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool

    /// Whether `gestureRecognizer` and `otherGestureRecognizer` may both recognize one press. Asked of both
    /// recognizers' delegates when either begins; one true is enough. Default false: the first to begin fails the
    /// others on that press (a press on a button that becomes a drag belongs to the pan).
    func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer,
        shouldRecognizeSimultaneouslyWith otherGestureRecognizer: GestureRecognizer
    ) -> Bool

    /// Whether `gestureRecognizer` sees the press that `event` (a `pointerDown`) starts; false keeps the whole
    /// press from it and leaves its state alone. Default true.
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive event: InputEvent) -> Bool
}

extension GestureRecognizerDelegate {
    /// UIKit's default: begin.
    public func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool { true }

    /// UIKit's default: one recognizer per press.
    public func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer,
        shouldRecognizeSimultaneouslyWith otherGestureRecognizer: GestureRecognizer
    ) -> Bool {
        false
    }

    /// UIKit's default: see every press.
    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive event: InputEvent) -> Bool {
        true
    }
}
