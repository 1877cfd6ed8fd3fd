import ModalKitBase

extension Window {
    /// Hands a pinch to the pinch recognizers under its center when it began (the hit view and its ancestors), as
    /// UIKit hands both touches to the view they landed on. A change or an end with no pinch begun is dropped (a
    /// replay cut mid-pinch). Returns whether a recognizer heard it.
    func handlePinch(_ phase: PinchPhase, scale: Double, center: Point, time: Double) -> Bool {
        if phase == .began {
            cancelPinch()
            pinchTracking = pinchRecognizers(at: center)
        }
        let current = pinchTracking
        if phase == .ended || phase == .cancelled { pinchTracking = [] }
        current.forEach { $0.pinch(phase, scale: scale, center: center, time: time) }
        return !current.isEmpty
    }

    /// Ends the pinch under way as cancelled (Escape, the pointer lost, a scene switch).
    func cancelPinch() {
        let current = pinchTracking
        pinchTracking = []
        current.forEach { $0.cancel() }
    }

    private func pinchRecognizers(at point: Point) -> [PinchGestureRecognizer] {
        var found: [PinchGestureRecognizer] = []
        var v = hitTest(point)
        while let current = v {
            found += current.gestureRecognizers.compactMap { $0.isEnabled ? $0 as? PinchGestureRecognizer : nil }
            v = current.superview
        }
        return found
    }
}
