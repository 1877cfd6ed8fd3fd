import ModalKitBase

extension ViewController {
    /// How a controller is presented or pushed when no transitioning delegate says otherwise. UIKit's
    /// `UIViewController.Transition` (iOS 18).
    public struct Transition {
        /// What the transition is.
        enum Kind {
            case zoom(options: ZoomOptions, sourceViewProvider: (ZoomSourceViewProviderContext) -> View?)
        }

        let kind: Kind

        /// The page grows out of a source view and goes back into it: interactive dismissal by a pan down, a swipe
        /// from the leading edge or a pinch, grabbable in flight. UIKit's `.zoom(options:sourceViewProvider:)`.
        ///
        /// `sourceViewProvider` is asked when the page is presented (or pushed) and again when it is dismissed,
        /// so it may return another view then (the cell now showing the item); nil flies to or from the centre.
        public static func zoom(
            options: ZoomOptions? = nil,
            sourceViewProvider: @escaping (ZoomSourceViewProviderContext) -> View?
        ) -> Transition {
            Transition(kind: .zoom(options: options ?? ZoomOptions(), sourceViewProvider: sourceViewProvider))
        }
    }

    /// What a zoom's source view provider is told. UIKit's `ZoomTransitionSourceViewProviderContext`.
    public struct ZoomSourceViewProviderContext {
        /// The controller presenting (or pushing) the zoomed one.
        public let sourceViewController: ViewController?
        /// The controller being zoomed.
        public let zoomedViewController: ViewController
    }

    /// The zoom that shows this controller, made on first use when `preferredTransition` is a zoom.
    var zoomTransition: ZoomTransitionController? {
        guard let preferredTransition, case .zoom = preferredTransition.kind else { return nil }
        if let existing = storedZoomTransition { return existing }
        let created = ZoomTransitionController(zoomedViewController: self, transition: preferredTransition)
        storedZoomTransition = created
        return created
    }

    /// The zoom that presents this controller, nil unless `preferredTransition` is a zoom (for the lab and tests
    /// to tune its motion and read its state).
    public var zoomTransitionController: ZoomTransitionController? { zoomTransition }
}
