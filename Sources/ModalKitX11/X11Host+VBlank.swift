import CX11
import Glibc
import ModalKitBase

/// The display link with Present: once the completion of the last frame says its blank came (or from rest), the
/// next frame is drawn a learned lead before the blank it asks for, and the server's (msc, ust) pairs keep the
/// clock in phase.
extension X11Host {
    /// Draws now or arms the timer for when the pacing says; returns what the loop waits for (`.drew`: it drew,
    /// and starts over).
    func paceByVBlank(_ app: HostApplication, demand: FrameDemand) -> LoopWait {
        guard let pacing else { return .forEvents }
        let now = DisplayLink.now()
        switch pacing.step(now: now, demand: demand, lastFrameAt: lastFrameAt, atOnce: needsFullPresent) {
        case .draw:
            // The timer is re-armed after the frame (for the server's silence), which also clears a fired expiry:
            // disarming it first would be a system call for nothing.
            displayLink.expire()
            aimedBlank = pacing.target(now: now)
            drawFrame(app, at: pacing.frameTime(now: now))
            return .drew
        case .wait(let deadline):
            let wants = demand.wantsFrame(at: now)
            if !wants { self.pacing?.dropTick() }
            if let deadline { displayLink.arm(at: deadline) } else { displayLink.disarm() }
            return LoopWait(waitingUntil: deadline, wantsFrame: wants, pending: pacing.pending != nil)
        case .fallBack:
            fputs("\(appName): the X server stopped answering Present requests; pacing frames with a timer\n", stderr)
            self.pacing = nil
            presentExtension = nil
            replacePresenter(width: frame.width, height: frame.height)
            displayLink.disarm()
            return .forEvents
        }
    }

    /// After the presenter has the frame: asks the server to show it at the next blank, or only to say when that
    /// blank comes when nothing changed, so the next frame is drawn on time either way.
    func requestVBlank(at now: Double) {
        defer { aimedBlank = nil }
        guard let vblank = presenter as? VBlankPresenter, let target = aimedBlank ?? pacing?.target(now: now),
            let serial = pacing?.send(
                target: target, presentsPixels: vblank.presentsAtBlank, frame: frameIndex, at: now,
                drawnAt: lastFrameAt)
        else { return }
        vblank.send(serial: serial, msc: target)
    }

    /// Feeds the completions read since the last look to the pacing and tells the app which frames were shown.
    func reportShownFrames(to app: HostApplication) {
        guard let vblank = presenter as? VBlankPresenter, pacing != nil else { return }
        guard !vblank.completions.isEmpty else { return }
        defer { vblank.clearCompletions() }
        for completion in vblank.completions {
            guard
                let shown = pacing?.complete(
                    serial: completion.serial, msc: completion.msc, ust: completion.ust,
                    now: DisplayLink.now())
            else { continue }
            app.didShow(
                FrameShown(
                    index: shown.frame, msc: shown.msc, shownAt: shown.time, missed: shown.missed,
                    lead: pacing?.lead.lead ?? 0),
                host: self)
        }
    }
}
