import ModalKitBase
import ModalKitMotion

extension SheetPresentationController {
    /// The driver the sheet's springs run on: its window's, the one `View.animate` uses for the views in it.
    var driver: AnimationDriver? { container?.window?.animationDriver ?? presentedViewController?.view.window?.animationDriver }

    /// Springs from where the sheet is shown to `target`, leaving at `velocity` (points per second, down
    /// positive); `completion` runs only if the sheet arrives (not if a press catches it first).
    ///
    /// The spring runs on the unresisted position and is shown through the track's rubber band, as the drag is:
    /// a release inside the band starts where it is shown at the speed it was moving, and a spring that carries
    /// the sheet past the largest detent is resisted instead of flying off.
    func move(to target: Double, velocity: Double, phase newPhase: Phase, completion: (() -> Void)? = nil) {
        stopMotion()
        phase = newPhase
        let band = track
        dragAllowsDismissal = true
        let from = band.raw(forShown: position), distance = target - from
        // Already there, or (leaving) already past the bottom edge, which a drag below a shrunken window can do.
        guard abs(distance) > 0.01, !(newPhase == .dismissing && position >= target) else {
            setPosition(max(target, newPhase == .dismissing ? position : target))
            arrive(completion)
            return
        }
        // Out of any window nothing is shown moving: land at once, as `View.animate` does there.
        guard let driver else {
            setPosition(target)
            arrive(completion)
            return
        }
        let animator = settleAnimator(from: from, to: target, velocity: velocity, driver: driver) { [weak self] y in
            self?.setPosition(band.shown(forRaw: y))
        }
        // Weak: an animator holding itself through its own completion would outlive a dropped driver.
        animator.addCompletion { [weak self, weak animator] at in
            guard let self, let animator, at == .end, motion === animator else { return }
            motion = nil
            motionCompletion = nil
            arrive(completion)
        }
        motion = animator
        motionCompletion = completion
        animator.startAnimation()
    }

    /// The animator that carries the unresisted position from `from` to `to`, leaving at `velocity`.
    ///
    /// Critically damped (the default, and always under reduced motion) it is a `SmoothSettle`: the release speed
    /// with no jolt of acceleration at any speed, no overshoot, the spring's response. Any other damping ratio is
    /// the spring itself (it was asked to bounce or creep), its frequency matched to a flick's speed.
    private func settleAnimator(from: Double, to target: Double, velocity: Double, driver: AnimationDriver,
                                apply: @escaping (Double) -> Void) -> PropertyAnimator {
        let distance = target - from
        guard abs(spring.dampingRatio - 1) < 1e-6 || driver.reducedMotion else {
            let carried = spring.carrying(velocity: velocity, toward: distance)
            let relative = relativeVelocity(velocity, remainingDistance: distance)
            let animator = PropertyAnimator(duration: 0, timingParameters: .spring(carried, initialVelocity: relative),
                                            driver: driver)
            animator.addAnimation(from: from, to: target, apply: apply)
            return animator
        }
        let response = 2 * Double.pi / (spring.stiffness / max(spring.mass, 1e-9)).squareRoot()
        let settle = SmoothSettle(distance: distance, velocity: velocity, response: response)
        let duration = max(settle.settlingDuration, 1e-3)
        // The animator only keeps time (linearly, stretched by slow animations); the settle is evaluated at it, and
        // its last frame lands exactly on the target (within the half point it has settled to).
        let animator = PropertyAnimator(duration: duration, curve: .linear, driver: driver)
        animator.addAnimation(from: 0.0, to: duration) { t in
            apply(t >= duration ? target : from + settle.offset(at: t, distance: distance))
        }
        return animator
    }

    private func arrive(_ completion: (() -> Void)?) {
        phase = .idle
        completion?()
    }

    /// Settles at the detent at `target` from where the sheet is shown.
    func settle(to target: Double, velocity: Double) {
        move(to: target, velocity: velocity, phase: .settling)
    }

    /// Stops the motion under way where it is shown (a press caught it): no jump, no completion.
    func stopMotion() {
        guard let animator = motion else { return }
        motion = nil
        motionCompletion = nil
        animator.stopAnimation(true)
    }

    /// Whether a spring is moving the sheet.
    public var isMoving: Bool { motion != nil }

    /// Puts the sheet's top edge at `y` and the backdrop and the screen behind in step with it.
    func setPosition(_ y: Double) {
        position = y
        guard let view = presentedViewController?.view else { return }
        let size = containerSize
        view.frame = Rect(x: 0, y: y, width: size.width, height: size.height + SheetPresentationController.overhang)
        updateBackdrop()
    }
}
