import ModalKitBase

extension ViewController {
    /// Presents `viewController` over this one, with its transitioning delegate's animator (cover-vertical when it
    /// has none). UIKit's `present(_:animated:completion:)`; `completion` runs only if the presentation completes.
    public func present(_ viewController: ViewController, animated: Bool, completion: (() -> Void)? = nil) {
        let presenter = navigationController ?? self
        guard let window = presenter.hostWindow else {
            return Window.report("Attempt to present \(viewController.name) on \(name) whose view is not in a window")
        }
        if let refusal = window.refusal(presenting: viewController, on: presenter) { return window.log(refusal) }

        let container = View(frame: window.bounds)
        container.compositesAsGroup = false
        container.accessibilityIdentifier = "transition-container"
        let snapshot = HierarchySnapshot(window.subviews + [viewController.view])
        window.addSubview(container)
        link(viewController, to: presenter, container: container)

        let fromDisplay = presenter.windowLevelView
        let custom =
            animated
            ? viewController.transitioningDelegate?.animationController(
                forPresented: viewController, presenting: presenter, source: self) : nil
        let sheet: ViewControllerAnimatedTransitioning? =
            viewController.zoomTransition ?? viewController.sheetPresentationController
        let animator = custom ?? sheet ?? (animated ? CoverVerticalAnimator() : ImmediateTransitionAnimator())
        let interactor = custom.flatMap {
            viewController.transitioningDelegate?.interactionControllerForPresentation(using: $0)
        }
        // A zoom keeps the covered page in the window: it shows, scaled and dimmed, whenever the page is dragged.
        let style = viewController.zoomTransition != nil ? .overFullScreen : viewController.modalPresentationStyle
        let bounds = window.bounds
        let context = TransitionContext(
            kind: .present, container: container, from: presenter, to: viewController, animator: animator,
            animated: animated, style: style,
            frames: [ObjectIdentifier(viewController): (.zero, bounds), ObjectIdentifier(presenter): (bounds, bounds)],
            observer: window.transitionObserver
        ) { didComplete in
            if didComplete {
                if viewController.view.superview == nil { container.addSubview(viewController.view) }
                if style == .fullScreen { fromDisplay.removeFromSuperview() }
            } else {
                container.removeFromSuperview()
                ViewController.unlink(viewController)
                snapshot.restore()
            }
            window.transitionDidComplete()
        }
        context.afterCompletion = { if $0 { completion?() } }
        window.run(context, interactor: interactor)
    }

    /// Dismisses the controller this one presented, or this one if it presented nothing, together with every
    /// controller above it. UIKit's `dismiss(animated:completion:)`; `completion` runs only if the dismissal
    /// happens (a cancelled interactive dismissal never calls it).
    ///
    /// Only the top-most view animates, with the top-most controller's transitioning delegate; controllers in
    /// between leave at once, as in UIKit.
    public func dismiss(animated: Bool, completion: (() -> Void)? = nil) {
        let me = navigationController ?? self
        guard let window = me.hostWindow else {
            return Window.report("Attempt to dismiss \(name) whose view is not in a window")
        }
        if window.activeTransition != nil {
            return window.log("Attempt to dismiss from \(name) while a presentation or dismiss is in progress; ignored")
        }
        guard let target = me.presentedViewController != nil ? me : me.presentingViewController,
            let first = target.presentedViewController
        else {
            return window.log("Attempt to dismiss \(name), which neither presents nor was presented; ignored")
        }
        var chain = [first]
        while let next = chain[chain.count - 1].presentedViewController { chain.append(next) }
        let top = chain[chain.count - 1]
        let middle = chain.dropLast().compactMap(\.presentationContainer)
        let snapshot = HierarchySnapshot(window.subviews + middle + [top.view, target.view, target.windowLevelView])
        middle.forEach { $0.removeFromSuperview() }

        let custom = animated ? top.transitioningDelegate?.animationController(forDismissed: top) : nil
        let sheet: ViewControllerAnimatedTransitioning? = top.zoomTransition ?? top.sheetPresentationController
        let animator = custom ?? sheet ?? (animated ? CoverVerticalAnimator() : ImmediateTransitionAnimator())
        let interactor = custom.flatMap { top.transitioningDelegate?.interactionControllerForDismissal(using: $0) }
        let bounds = window.bounds
        let container = top.presentationContainer ?? window
        let context = TransitionContext(
            kind: .dismiss, container: container, from: top, to: target, animator: animator, animated: animated,
            style: top.modalPresentationStyle,
            frames: [ObjectIdentifier(top): (bounds, .zero), ObjectIdentifier(target): (bounds, bounds)],
            observer: window.transitionObserver
        ) { didComplete in
            if didComplete {
                container.removeFromSuperview()
                top.view.removeFromSuperview()
                chain.forEach(ViewController.unlink)
                ViewController.returnHome(target, in: window)
            } else {
                snapshot.restore()
            }
            window.transitionDidComplete()
        }
        context.afterCompletion = { if $0 { completion?() } }
        window.run(context, interactor: interactor)
    }

    /// A name for messages: the title, else the type.
    var name: String { title.map { "\"\($0)\"" } ?? String(describing: type(of: self)) }

    private func link(_ presented: ViewController, to presenter: ViewController, container: View) {
        presented.presentingViewController = presenter
        presenter.presentedViewController = presented
        presented.presentationContainer = container
    }

    private static func unlink(_ presented: ViewController) {
        presented.presentingViewController?.presentedViewController = nil
        presented.presentingViewController = nil
        presented.presentationContainer = nil
    }

    /// After a dismissal, puts the remaining top controller's view back where it lives (an animator may have
    /// borrowed it into the transition container) and its window-level view back into the window.
    private static func returnHome(_ target: ViewController, in window: Window) {
        let home: View = target.presentationContainer ?? window
        if target.view.superview !== home {
            home.insertSubview(target.view, at: home === window ? 0 : home.subviews.count)
        }
        target.view.frame = window.bounds
        let display = target.windowLevelView
        if display.superview == nil { window.addSubview(display) }
    }
}
