import Glibc
import ModalKitBase
import ModalKitMotion

extension SheetPresentationController {
    /// The driver the sheet's springs run on: its window's, the one `View.animate` uses for the views in it.
    var driver: AnimationDriver? {
        container?.window?.animationDriver ?? presentedViewController?.view.window?.animationDriver
    }

    /// Springs from where the sheet is shown to `target`, leaving at `velocity` (points per second, down
    /// positive); `completion` runs only if the sheet arrives (not if a press catches it first).
    ///
    /// The spring runs on the unresisted position and is shown through the track's rubber band, as the drag is:
    /// a release inside the band starts where it is shown at the speed it was moving, and a spring that carries
    /// the sheet past the largest detent is resisted instead of flying off.
    ///
    /// Leaving (`.dismissing`, `target` the container's bottom), it aims past the edge (`exitAim`) and is done
    /// once out of sight, so it crosses the edge at speed.
    func move(to target: Double, velocity: Double, phase newPhase: Phase, completion: (() -> Void)? = nil) {
        stopMotion()
        phase = newPhase
        let band = track
        dragAllowsDismissal = true
        let leaving = newPhase == .dismissing
        let from = band.raw(forShown: position)
        let target =
            leaving ? SheetPresentationController.exitAim(from: from, bottom: target, velocity: velocity) : target
        let distance = target - from
        // Already there, or (leaving) already past the bottom edge, which a drag below a shrunken window can do.
        guard abs(distance) > 0.01, !(leaving && position >= containerSize.height) else {
            setPosition(max(target, leaving ? position : target))
            arrive(completion)
            return
        }
        // Out of any window nothing is shown moving: land at once, as `View.animate` does there.
        guard let driver else {
            setPosition(target)
            arrive(completion)
            return
        }
        let hidden = leaving ? containerSize.height + SheetPresentationController.exitHidden : nil
        let animator = settleAnimator(
            from: from, to: target, velocity: velocity, driver: driver,
            endingPast: hidden
        ) { [weak self] y in
            self?.setPosition(
                SheetPresentationController.shown(
                    forRaw: y, from: from, to: target, on: band,
                    leaving: leaving))
        }
        // Weak: an animator holding itself through its own completion would outlive a dropped driver.
        animator.addCompletion { [weak self, weak animator] at in
            guard let self, let animator, at == .end, motion === animator else { return }
            motion = nil
            motionCompletion = nil
            motionTarget = nil
            arrive(completion)
        }
        motion = animator
        motionCompletion = completion
        motionTarget = (target, newPhase)
        animator.startAnimation()
    }

    /// The animator that carries the unresisted position from `from` to `to`, leaving at `velocity`; a motion
    /// `endingPast` a position (leaving through the bottom edge) ends the moment it passes it.
    ///
    /// Critically damped (the default, and always under reduced motion) it is a `SheetSettle`: a spring's pull
    /// from rest, the release speed after a release, no overshoot unless a fast release meets its detent too soon.
    /// Any other damping ratio is the spring itself (it was asked to bounce or creep), matched to a flick's speed.
    private func settleAnimator(
        from: Double, to target: Double, velocity: Double, driver: AnimationDriver,
        endingPast hidden: Double? = nil,
        apply: @escaping (Double) -> Void
    ) -> PropertyAnimator {
        let distance = target - from
        let spring = settleSpring(velocity: velocity)
        guard abs(spring.dampingRatio - 1) < 1e-6 || driver.reducedMotion else {
            let carried = spring.carrying(velocity: velocity, toward: distance)
            let relative = relativeVelocity(velocity, remainingDistance: distance)
            let animator = PropertyAnimator(
                duration: 0, timingParameters: .spring(carried, initialVelocity: relative),
                driver: driver)
            animator.addAnimation(from: from, to: target, apply: apply)
            return animator
        }
        let response = 2 * Double.pi / (spring.stiffness / max(spring.mass, 1e-9)).squareRoot()
        // Up to the largest detent the window leaves only the room above it: the raw overshoot stays within that
        // room, where the eased one (room·tanh) still turns round smoothly, at most three quarters of the way up.
        let towardTop = distance < 0 && target <= track.top + 1e-9
        let settle = SheetSettle(
            distance: distance, velocity: velocity, response: response,
            overshootLimit: towardTop ? max(target, 1) : nil)
        var duration = max(settle.settlingDuration, 1e-3)
        if let hidden {
            duration = min(duration, SheetPresentationController.time(of: settle, from: from, passing: hidden))
        }
        // The animator only keeps time (linearly, stretched by slow animations); the settle is evaluated at it, and
        // its last frame lands exactly on the target (within the tenth of a point it has settled to, or out of
        // sight when it is leaving).
        let animator = PropertyAnimator(duration: duration, curve: .linear, driver: driver)
        animator.addAnimation(from: 0.0, to: duration) { t in
            apply(t >= duration ? target : from + settle.offset(at: t))
        }
        return animator
    }

    /// How far below the container a leaving sheet aims at least, and past where it is out of sight (its shadow
    /// included) and done: it crosses the bottom edge still moving, instead of creeping the last points to a rest.
    static let exitOvershoot = 80.0, exitHidden = 30.0

    /// Where a sheet leaving from the unresisted position `from` at `velocity` aims, `bottom` the container's
    /// bottom edge. From rest, `exitOvershoot` below it. After a release (fully from `SheetSettle.carriedSpeed`
    /// up) as far past the point where it is out of sight as it starts short of it, so it passes that point near
    /// its top speed: a slow flick speeds up to leave (350 pt/s from medium crosses the bottom 30 pt in one frame
    /// at over 1,000 pt/s) instead of easing into a target 80 pt below and crawling off at 190–270 pt/s.
    static func exitAim(from: Double, bottom: Double, velocity: Double) -> Double {
        let hidden = bottom + exitHidden
        let carried = min(abs(velocity.isFinite ? velocity : 0) / SheetSettle.carriedSpeed, 1)
        return hidden + max(exitOvershoot - exitHidden, carried * (hidden - from))
    }

    /// The first time (to a millisecond) at which `settle`, started at `from`, passes `hidden`.
    static func time(of settle: SheetSettle, from: Double, passing hidden: Double) -> Double {
        var t = 0.0
        while t < 30, from + settle.offset(at: t) < hidden { t += 0.001 }
        return max(t, 1e-3)
    }

    /// Where a motion's unresisted position `raw` shows: as the track shows it, except past the detent it is
    /// going to, when a fast release carried it beyond. There it is eased by room·tanh(overshoot/room), which
    /// leaves at slope 1 and without curvature (the sheet crosses its detent at full speed, no kink, and the
    /// first frame keeps its speed) and never reaches `room`: above the largest detent the room left above it,
    /// past any other detent half the way to the next stop, so a bounce never reaches halfway to another detent.
    static func shown(
        forRaw raw: Double, from: Double, to target: Double, on track: SheetTrack,
        leaving: Bool
    ) -> Double {
        let down = target >= from
        let past = down ? raw - target : target - raw
        guard !leaving, past > 0 else { return track.shown(forRaw: raw) }
        let stops = track.detentPositions
        let room =
            down
            ? ((stops.filter { $0 > target + 0.5 }.min() ?? track.containerHeight) - target) / 2
            : target <= track.top + 1e-9 ? target : (target - (stops.filter { $0 < target - 0.5 }.max() ?? 0)) / 2
        let soft = max(room, 1)
        return target + (down ? 1 : -1) * soft * tanh(past / soft)
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
        motionTarget = nil
        animator.stopAnimation(true)
    }

    /// Whether a spring is moving the sheet.
    public var isMoving: Bool { motion != nil }

    /// Puts the sheet's top edge at `y` and the backdrop and the screen behind in step with it.
    func setPosition(_ y: Double) {
        position = y
        guard let view = presentedViewController?.view else { return }
        let size = containerSize
        // A floating sheet (iOS 26) is laid out by `updateBackdrop`, scaled and inset.
        if floatingStyle == nil {
            view.frame = Rect(
                x: 0, y: y, width: size.width, height: size.height + SheetPresentationController.overhang)
        }
        updateBackdrop()
    }
}
