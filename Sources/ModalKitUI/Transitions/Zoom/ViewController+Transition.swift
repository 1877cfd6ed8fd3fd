import ModalKitBase

extension ViewController {
    /// How a controller is presented or pushed when no transitioning delegate says otherwise. UIKit's
    /// `UIViewController.Transition` (iOS 18).
    public struct Transition {
        /// What the transition is.
        enum Kind {
            case zoom(options: ZoomOptions, sourceViewProvider: (ZoomSourceViewProviderContext) -> View?)
            case barButtonZoom(
                options: ZoomOptions, sourceBarButtonItemProvider: (ZoomSourceViewProviderContext) -> BarButtonItem?)
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

        /// A sheet grows out of a bar button and goes back into it (iOS 26): presented, the button's capsule
        /// morphs into the sheet at its detent; a drag that dismisses (or Escape, or a flick) morphs it back into
        /// the button instead of sliding it off the bottom. The sheet's own detent dragging is unchanged. UIKit's
        /// `.zoom(options:sourceBarButtonItemProvider:)`.
        ///
        /// It applies to a `.pageSheet` with the floating (iOS 26) style; an edge-to-edge sheet slides as before.
        /// The provider is asked when the sheet is presented and again when it is dismissed; nil, or an item not
        /// on screen, slides the sheet instead.
        public static func zoom(
            options: ZoomOptions? = nil,
            sourceBarButtonItemProvider: @escaping (ZoomSourceViewProviderContext) -> BarButtonItem?
        ) -> Transition {
            Transition(
                kind: .barButtonZoom(
                    options: options ?? ZoomOptions(), sourceBarButtonItemProvider: sourceBarButtonItemProvider))
        }

        /// The bar button item provider of a zoom out of a bar button; nil for any other transition.
        var barButtonSource: ((ZoomSourceViewProviderContext) -> BarButtonItem?)? {
            guard case let .barButtonZoom(_, provider) = kind else { return nil }
            return provider
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
        // A zoom out of a bar button is the sheet's own (its morph), not a page's zoom.
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
