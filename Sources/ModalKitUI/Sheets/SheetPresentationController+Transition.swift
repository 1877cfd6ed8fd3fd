import ModalKitBase
import ModalKitMotion

/// The sheet is its own presentation and dismissal animator: the presentation transition installs the backdrop
/// and the sheet and completes at once, the sheet then springs up on its own (so it can be caught at any moment);
/// the app's `dismiss(animated: true)` springs it down and completes when it is gone.
extension SheetPresentationController: ViewControllerAnimatedTransitioning {
    /// How long the sheet's spring takes to travel the container's height from rest, in seconds.
    public func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> Double {
        spring.settlingDuration(initialVelocity: 0, distance: containerSize.height)
    }

    /// Presents or dismisses the sheet.
    ///
    /// Presenting installs the backdrop and the sheet, completes at once, then springs the sheet up; dismissing
    /// springs it down and completes when it is gone.
    public func animateTransition(using context: ViewControllerContextTransitioning) {
        if context.viewController(forKey: .to) === presentedViewController {
            present(using: context)
        } else {
            dismiss(using: context)
        }
    }

    private func present(using context: ViewControllerContextTransitioning) {
        guard let sheet = presentedViewController else { return context.completeTransition(false) }
        let container = context.containerView
        self.container = container
        presentingView = context.view(forKey: .from)
        install(sheet.view, in: container)
        let target = selectedPosition
        // Out of a bar button, the sheet stands for the button while it is up (iOS 26 hides it).
        let button = resolveMorphSource()
        setPosition(context.isAnimated && button == nil ? container.bounds.height : target)
        context.completeTransition(true)
        if let button, context.isAnimated {
            morphOut(from: button)
        } else if let button {
            button.alpha = 0
        } else if context.isAnimated {
            move(to: target, velocity: 0, phase: .presenting)
        }
    }

    private func dismiss(using context: ViewControllerContextTransitioning) {
        guard context.isAnimated, isInstalled, position < containerSize.height - 0.5 else {
            return finishDismissal(context)
        }
        isInDismissTransition = true
        let intoButton = morphHome(spring: morphSprings.flight) { [weak self, weak context] in
            guard let self, let context else { return }
            finishDismissal(context)
        }
        if intoButton { return }
        // Weak: the window holds the context while the transition runs. A transition the window abandons (a scene
        // switch mid-dismissal) must free it, and this sheet's spring would otherwise keep it, and through its
        // container the sheet's views, alive in a cycle with this controller.
        move(to: containerSize.height, velocity: 0, phase: .dismissing) { [weak self, weak context] in
            guard let self, let context else { return }
            finishDismissal(context)
        }
    }

    private func finishDismissal(_ context: ViewControllerContextTransitioning) {
        stopMotion()
        endMorph()
        morphSource?.alpha = 1
        glassView.removeFromSuperview()
        edgeView.removeFromSuperview()
        isInDismissTransition = false
        phase = .idle
        restorePresentingView()
        container = nil
        context.completeTransition(true)
    }

    /// Puts the backdrop and the sheet (with its grabber and gestures) into the container.
    private func install(_ sheet: View, in container: View) {
        dimmingView.frame = container.bounds
        dimmingView.onResize = { [weak self] in self?.containerDidResize() }
        container.addSubview(dimmingView)
        sheet.maskedCorners = .top
        sheet.cornerRadius = cornerRadius
        sheet.shadow = SheetPresentationController.classicShadow
        container.addSubview(sheet)
        if floatingStyle != nil { applyFloatingStyle() }
        layoutSheet()
        installGestures(on: sheet)
        installScrollCoordinator()
    }

    /// Sizes the sheet to the container and puts the grabber at its top.
    func layoutSheet() {
        guard let sheet = presentedViewController?.view else { return }
        let size = containerSize
        if let style = floatingStyle {
            layoutFloating(sheet, style: style)
        } else {
            sheet.frame = Rect(
                x: 0, y: position, width: size.width, height: size.height + SheetPresentationController.overhang)
        }
        grabber.frame = Rect(x: (size.width - 36) / 2, y: 5, width: 36, height: 5)
        if grabber.superview !== sheet { sheet.addSubview(grabber) } else { sheet.bringSubviewToFront(grabber) }
    }

    private func containerDidResize() {
        guard let container else { return }
        landMorph()
        presentingView?.transform = .identity
        presentingView?.frame = container.bounds
        settleAfterLayoutChange()
    }
}
