import ModalKitBase
import ModalKitMotion

/// The zoom is its own presentation and dismissal animator (see `ZoomTransitionController`).
extension ZoomTransitionController: ViewControllerAnimatedTransitioning {
    /// How long the flight's spring takes from rest, in seconds.
    public func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> Double {
        springs.flight.settlingDuration(initialVelocity: 0, distance: 1000)
    }

    /// Presents or dismisses the zoomed page.
    ///
    /// Presenting installs the dim and the page over its source, completes at once, then flies the page out on the
    /// flight spring (ω 19, ζ 1); dismissing asks for the source again and flies the page into it.
    public func animateTransition(using context: ViewControllerContextTransitioning) {
        if context.viewController(forKey: .to) === zoomedViewController {
            present(using: context)
        } else {
            dismiss(using: context)
        }
    }

    private func present(using context: ViewControllerContextTransitioning) {
        guard let page = zoomedViewController?.view else { return context.completeTransition(false) }
        let container = context.containerView
        self.container = container
        presentingView = context.view(forKey: .from)
        install(page, in: container)
        resolveSource()
        context.completeTransition(true)
        if context.isAnimated, container.window != nil, crossFades {
            card.alpha = 0
            show(pageRect)
            crossFade(to: 1, phase: .presenting)
            return
        }
        sourceView?.alpha = 0
        if context.isAnimated, container.window != nil {
            fly(from: sourceRect, to: pageRect, spring: springs.flight, phase: .presenting, toSource: false)
            show(sourceRect)
        } else {
            show(pageRect)
        }
    }

    private func dismiss(using context: ViewControllerContextTransitioning) {
        guard context.isAnimated, container != nil, card.window != nil else { return finishDismissal(context) }
        stopMotion()
        drag = nil
        resolveSource()
        dismissTransition = context
        if crossFades {
            return crossFade(to: 0, phase: .dismissing) { [weak self, weak context] in
                guard let self, let context else { return }
                finishDismissal(context)
            }
        }
        sourceView?.alpha = 0
        // Weak: the window holds the context while the transition runs; an abandoned one must be freed.
        fly(from: card.frame, to: sourceRect, spring: springs.flight, phase: .dismissing, toSource: true) {
            [weak self, weak context] in
            guard let self, let context else { return }
            finishDismissal(context)
        }
    }

    func finishDismissal(_ context: ViewControllerContextTransitioning) {
        stopMotion()
        dismissTransition = nil
        phase = .idle
        drag = nil
        sourceView?.alpha = 1
        presentingView?.transform = .identity
        dimmingView.removeFromSuperview()
        card.removeFromSuperview()
        card.alpha = 1
        if let page = zoomedViewController?.view { page.transform = .identity; page.cornerRadius = 0 }
        container = nil
        context.completeTransition(true)
    }

    /// The window changed size: the covered page and the page are fitted to it, and the page is shown at full
    /// size (a drag under way lets go; a flight ends where it was going).
    func containerDidResize() {
        guard let container, let page = zoomedViewController?.view else { return }
        let bounds = container.bounds
        // Layout passes call this too: only a new size is a resize.
        guard bounds.size != laidOutSize else { return }
        laidOutSize = bounds.size
        containerOrigin = container.convertToWindow(.zero)
        if let behind = presentingView {
            behind.transform = .identity
            // The covered page shares the container's superview: the window, or a navigation controller's view.
            behind.frame = container.frame
        }
        dimmingView.frame = bounds
        drag = nil
        heldFlight = nil
        page.transform = .identity
        page.frame = bounds
        if flight != nil {
            land()
        } else if dismissTransition == nil {
            phase = .idle
        }
        if isZoomedShown, dismissTransition == nil { show(pageRect) }
    }

    /// Puts the dim and the card holding the page into the container, with the page's gestures.
    private func install(_ page: View, in container: View) {
        laidOutSize = container.bounds.size
        containerOrigin = container.convertToWindow(.zero)
        dimmingView.frame = container.bounds
        dimmingView.onResize = { [weak self] in self?.containerDidResize() }
        container.addSubview(dimmingView)
        card.frame = container.bounds
        container.addSubview(card)
        page.frame = container.bounds
        card.addSubview(page)
        replica.alpha = 0
        card.addSubview(replica)
        card.alpha = 1
        installGestures(on: card)
        zoomedViewController?.contentScrollView?.panGestureRecognizer.delegate = scrollGate
    }
}
