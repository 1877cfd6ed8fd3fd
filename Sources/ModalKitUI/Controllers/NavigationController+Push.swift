import ModalKitBase

extension NavigationController {
    /// Pushes `viewController` on the stack and shows it under the bar. UIKit's `pushViewController(_:animated:)`.
    ///
    /// A child whose `preferredTransition` is a zoom grows out of its source (the covered child stays, scaled and
    /// dimmed, for the pop); any other appears at once in place of the child below.
    public func pushViewController(_ viewController: ViewController, animated: Bool) {
        if let refusal = refusal(pushing: viewController) {
            if let window = hostWindow { window.log(refusal) } else { Window.report(refusal) }
            return
        }
        guard let below = topViewController else { return }
        _ = view
        viewControllers.append(viewController)
        viewController.navigationController = self
        showBarItem()
        guard let zoom = viewController.zoomTransition else {
            below.view.removeFromSuperview()
            view.insertSubview(viewController.view, belowSubview: navigationBar)
            viewController.view.frame = contentFrame
            return
        }
        let container = View(frame: contentFrame)
        container.compositesAsGroup = false
        container.accessibilityIdentifier = "navigation-zoom-container"
        view.insertSubview(container, belowSubview: navigationBar)
        zoomContainers[ObjectIdentifier(viewController)] = container
        run(.present, container: container, from: below, to: viewController, zoom: zoom, animated: animated) { _ in }
    }

    /// Pops the top child and shows the one below; returns the popped child (nil when only the root is left).
    /// UIKit's `popViewController(animated:)`.
    ///
    /// A zoomed child flies back into its source (asked for again) and leaves the stack when it is there.
    @discardableResult
    public func popViewController(animated: Bool) -> ViewController? {
        guard viewControllers.count > 1, let top = topViewController else { return nil }
        if let window = hostWindow, window.activeTransition != nil {
            window.log("Attempt to pop \(top.name) while a transition is in progress; ignored")
            return nil
        }
        let below = viewControllers[viewControllers.count - 2]
        guard let zoom = top.zoomTransition, let container = zoomContainers[ObjectIdentifier(top)] else {
            finishPop(top)
            return top
        }
        run(.dismiss, container: container, from: top, to: below, zoom: zoom, animated: animated) {
            [weak self] didComplete in
            if didComplete { self?.finishPop(top) }
        }
        return top
    }

    /// Why pushing `viewController` must be refused now, or nil if it may go ahead.
    private func refusal(pushing viewController: ViewController) -> String? {
        if viewController === self || viewController.navigationController != nil
            || viewController.presentingViewController != nil
        {
            return "Attempt to push \(viewController.name), which is already shown; ignored"
        }
        if let window = hostWindow, window.activeTransition != nil {
            return "Attempt to push \(viewController.name) while a transition is in progress; ignored"
        }
        return nil
    }

    /// Runs a zoom's push or pop as a transition of the window (so traces and the HUD see it), or directly when
    /// the navigation controller is in no window.
    private func run(
        _ kind: TransitionContext.Kind, container: View, from: ViewController, to: ViewController,
        zoom: ZoomTransitionController, animated: Bool, onComplete: @escaping (Bool) -> Void
    ) {
        let window = hostWindow
        let context = TransitionContext(
            kind: kind, container: container, from: from, to: to, animator: zoom, animated: animated,
            style: .overFullScreen, frames: [:], observer: window?.transitionObserver ?? { _, _ in }
        ) { [weak window] didComplete in
            onComplete(didComplete)
            window?.transitionDidComplete()
        }
        if let window {
            window.run(context, interactor: nil)
        } else {
            zoom.animateTransition(using: context)
        }
    }

    /// Takes `top` off the stack and out of the view, and puts the child below back where it lives.
    private func finishPop(_ top: ViewController) {
        viewControllers.removeAll { $0 === top }
        zoomContainers.removeValue(forKey: ObjectIdentifier(top))?.removeFromSuperview()
        top.view.removeFromSuperview()
        top.navigationController = nil
        if let shown = topViewController, shown.view.superview == nil {
            view.insertSubview(shown.view, belowSubview: navigationBar)
            shown.view.frame = contentFrame
        }
        showBarItem()
    }

    /// The child below `viewController` on the stack: what it was pushed from.
    func controller(below viewController: ViewController) -> ViewController? {
        guard let index = viewControllers.firstIndex(where: { $0 === viewController }), index > 0 else { return nil }
        return viewControllers[index - 1]
    }
}
