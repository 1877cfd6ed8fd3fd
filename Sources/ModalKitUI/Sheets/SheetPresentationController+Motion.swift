import ModalKitBase
import ModalKitMotion

extension SheetPresentationController {
    /// The driver the sheet's springs run on: the one `View.animate` uses.
    var driver: AnimationDriver { View.animationDriver }

    /// Springs from where the sheet is shown to `target`, leaving at `velocity` (points per second, down
    /// positive); `completion` runs only if the sheet arrives (not if a press catches it first).
    func move(to target: Double, velocity: Double, phase newPhase: Phase, completion: (() -> Void)? = nil) {
        stopMotion()
        phase = newPhase
        let from = position, distance = target - from
        guard abs(distance) > 0.01 else {
            setPosition(target)
            arrive(completion)
            return
        }
        let carried = spring.carrying(velocity: velocity, toward: distance)
        let timing = TimingParameters.spring(carried, initialVelocity: relativeVelocity(velocity, remainingDistance: distance))
        let animator = PropertyAnimator(duration: 0, timingParameters: timing, driver: driver)
        animator.addAnimation(from: from, to: target) { [weak self] y in self?.setPosition(y) }
        animator.addCompletion { [weak self] at in
            guard let self, at == .end, motion === animator else { return }
            motion = nil
            arrive(completion)
        }
        motion = animator
        animator.startAnimation()
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
