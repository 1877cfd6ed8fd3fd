import ModalKitBase

extension ZoomTransitionController {
    /// Whether flights are cross-fades now: `reducesMotion`, or the window's animations run with reduced motion
    /// (the lab's `--reduced-motion`).
    var crossFades: Bool { reducesMotion || container?.window?.animationDriver.reducedMotion == true }

    /// Fades the page to `opacity` where it is shown, in place of a flight (Reduce Motion), over
    /// `crossFadeDuration`; `completion` runs when it is done.
    func crossFade(to opacity: Double, phase newPhase: Phase, completion: (() -> Void)? = nil) {
        stopMotion()
        phase = newPhase
        fade = ZoomFade(from: card.alpha, to: opacity, duration: crossFadeDuration, completion: completion)
        guard card.window != nil, crossFadeDuration > 0 else { return endFade() }
        ticker.start()
    }

    /// One display frame of the cross-fade: linear in time, as UIKit's.
    func stepFade(_ elapsed: Double) {
        guard let current = fade else { return }
        let t = min(max(elapsed / current.duration, 0), 1)
        card.alpha = current.from + (current.to - current.from) * t
        show(card.frame)
        if t >= 1 { endFade() }
    }

    /// Ends the cross-fade at its opacity and runs its completion.
    private func endFade() {
        guard let current = fade else { return }
        ticker.stop()
        fade = nil
        card.alpha = current.to
        show(card.frame)
        phase = .idle
        current.completion?()
    }
}

/// Reduce Motion's cross-fade: the page's opacity from `from` to `to` over `duration` seconds.
struct ZoomFade {
    var from: Double
    var to: Double
    var duration: Double
    var completion: (() -> Void)?
}
