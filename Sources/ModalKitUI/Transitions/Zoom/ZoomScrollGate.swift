import ModalKitBase

/// The delegate of the zoomed page's content scroll view's pan: a drag on content scrolled away from its top
/// scrolls it and never dismisses; at the top, a pull down (or a swipe from the leading edge, or sideways on
/// content that does not scroll sideways) goes to the zoom. What UIKit's zoom does with `contentScrollView`.
final class ZoomScrollGate: GestureRecognizerDelegate {
    private weak var zoom: ZoomTransitionController?

    init(zoom: ZoomTransitionController) { self.zoom = zoom }

    func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        guard let zoom, let pan = gestureRecognizer as? PanGestureRecognizer,
            let scrollView = pan.view as? ScrollView
        else { return true }
        return !zoom.takesDrag(on: scrollView, pan: pan)
    }
}

extension ZoomTransitionController {
    /// Whether a drag that `pan` (on the page's content `scrollView`) is about to begin dismisses the page rather
    /// than scrolling the content.
    func takesDrag(on scrollView: ScrollView, pan: PanGestureRecognizer) -> Bool {
        guard let container, isInstalled else { return false }
        let translation = pan.translation(in: nil)
        let start = container.convertFromWindow(pan.startLocation)
        if classify(start: start, translation: translation) == .edgeSwipe { return true }
        if abs(translation.x) > abs(translation.y) {
            return scrollView.contentSize.width <= scrollView.bounds.width
        }
        let top = -scrollView.contentInset.top
        return translation.y > 0 && scrollView.contentOffset.y <= top + 0.5
    }
}
