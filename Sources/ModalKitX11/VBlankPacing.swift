/// The display link when the server has Present: each frame asks for the blank after the one whose completion (msc
/// and ust) was its tick, so frames are drawn once per blank, in phase with it, and is drawn as late before that
/// blank as the server allows (`DrawLead`), so it shows the newest input. Pure bookkeeping, no Xlib: the host
/// sends and reads, this decides.
struct VBlankPacing {
    /// A request the server has not answered: a frame's present, or a plain wait for a blank.
    struct Request: Equatable {
        var serial: UInt32
        /// The blank asked for; 0 for "now" (the phase was unknown).
        var target: UInt64
        var sentAt: Double
        /// True when it presents pixels from the shared segment, which must not be written until it completes.
        var presentsPixels: Bool
        /// The host's index of the frame it presents.
        var frame: Int
        /// Seconds between sending it and the predicted time of its blank (nil while the phase is unknown).
        var sendLead: Double?
        /// Seconds from starting to draw its frame to sending it.
        var cost: Double
        /// The blank after the tick, which a frame aimed later (the tick was read late) has let pass: the
        /// screen kept the old frame for those blanks. The target when there was no tick.
        var due: UInt64
    }

    /// A frame the server has shown.
    struct Shown: Equatable {
        /// The host's index of the frame.
        var frame: Int
        var msc: UInt64
        /// When, seconds on the UST clock (CLOCK_MONOTONIC).
        var time: Double
        /// Blanks that went by after the one it was meant for.
        var missed: Int
    }

    /// A server that leaves a request unanswered this long has stopped notifying: the host goes back to its
    /// timer. Longer than the 1 Hz blank a server fakes for a window on no monitor.
    static let silenceTimeout = 2.0
    private(set) var clock: VBlankClock
    private(set) var pending: Request?
    /// The blank whose completion arrived and that no frame has been drawn at yet.
    private(set) var tick: VBlankClock.Sample?
    /// When the tick's completion was read: a frame cannot be drawn for it before then.
    private var tickReadAt = -Double.infinity
    /// How long before its blank a frame is drawn, learned from the blanks frames were shown at.
    private(set) var lead: DrawLead
    /// A rate asked for (`--fps`): frames every so many blanks as come closest to it, at least one.
    var fixedRate: Double?
    private var nextSerial: UInt32 = 1

    /// Pacing for a display expected to blank every `expectedPeriod` seconds.
    init(expectedPeriod: Double) {
        clock = VBlankClock(expectedPeriod: expectedPeriod)
        lead = DrawLead(period: clock.period)
    }

    /// Pacing that starts with `lead` (tests start from a lead already learned).
    init(expectedPeriod: Double, lead: DrawLead) {
        self.init(expectedPeriod: expectedPeriod)
        self.lead = lead
    }

    /// Which blank a frame drawn now should be shown at: the one after the tick it answers while the server
    /// can still make it, else (from rest, drawn at once) the first the line predicts at least a lead ahead,
    /// else 0 (as soon as possible) while the phase is unknown. The target never depends on how late the loop
    /// woke for a frame it had planned: a target taken afresh from `now` at each wake-up moves a period on
    /// whenever the wake-up is late, and a loaded machine then never draws.
    func target(now: Double) -> UInt64 {
        if let next = blankAfterTick(now: now) { return next.msc }
        guard let next = clock.nextVBlank(after: now + lead.lead) else { return 0 }
        return next.msc &+ (blanksPerFrame - 1)
    }

    /// When the frame for the next blank should be drawn: a lead before the blank after the tick; nil to draw at
    /// once (from rest: input that started a frame is the newest there is, and waiting would not show it sooner).
    func drawTime(now: Double) -> Double? {
        blankAfterTick(now: now).map { $0.time - lead.lead }
    }

    /// The blank the tick's frame is meant for while a frame drawn now could still make it: nil when that blank
    /// is closer than the shortest lead (the tick was read late: the loop was busy, a scene switch), and the
    /// frame is one from rest. Not the learned server lead: that starts at a period, which no tick would pass.
    private func blankAfterTick(now: Double) -> VBlankClock.Sample? {
        // Less the guard, so a frame drawn at its draw time on the fastest server is never taken for a late one.
        guard let next = blankAfterTick, next.time - now > lead.shortest - DrawLead.guardBand else { return nil }
        return next
    }

    /// The blank the tick's frame is meant for, and when it comes: on the line, or a period per frame after the
    /// tick when the line puts it later (a counter that jumped in a report with no time, which the line never
    /// saw), so a line that is off never makes a frame wait longer than the blanks it is meant to take. A tick
    /// is never before its blank (its time is the server's, or when its report arrived), so a line that puts the
    /// blank earlier is believed: the report was read late.
    private var blankAfterTick: VBlankClock.Sample? {
        guard let tick else { return nil }
        let msc = tick.msc &+ blanksPerFrame
        let byTick = tick.time + Double(blanksPerFrame) * clock.period
        guard let onLine = clock.time(ofMSC: msc), onLine - byTick <= clock.period / 2 else {
            return VBlankClock.Sample(msc: msc, time: byTick)
        }
        return VBlankClock.Sample(msc: msc, time: onLine)
    }

    /// When blank `target` comes: after the tick as `blankAfterTick` says, else on the line.
    private func blankTime(of target: UInt64) -> Double? {
        guard target != 0 else { return nil }
        if let next = blankAfterTick, next.msc == target { return next.time }
        return clock.time(ofMSC: target)
    }

    /// Blanks between frames: 1, or as many as bring the display's measured rate closest to `fixedRate`.
    var blanksPerFrame: UInt64 {
        guard let fixedRate, fixedRate > 0 else { return 1 }
        let blanks = (1 / clock.period / fixedRate).rounded()
        return blanks.isFinite && blanks > 1 ? UInt64(min(blanks, 1000)) : 1
    }

    /// The frame time for a frame drawn now: the predicted time of the blank it will be shown at, so the frame
    /// shows where things are when it is seen and frame times are spaced by the display's own period; else now.
    func frameTime(now: Double) -> Double {
        guard let blank = blankTime(of: target(now: now)), blank >= now, blank - now <= 2 * clock.period
        else { return now }
        return blank
    }

    /// Records a request sent at `now` for blank `target`, for a frame that began drawing at `drawnAt`; returns
    /// the serial to send it with.
    mutating func send(
        target: UInt64, presentsPixels: Bool, frame: Int, at now: Double,
        drawnAt: Double? = nil
    ) -> UInt32 {
        let serial = nextSerial
        nextSerial = nextSerial == UInt32.max ? 1 : nextSerial + 1
        let sendLead = blankTime(of: target).map { $0 - now }
        // From when drawing began, or, for a frame planned a lead before the blank after its tick, from when it
        // should have begun when the loop woke late (a frame from rest is drawn at once: no plan to be late for).
        let planned = blankAfterTick?.msc == target
        // Not before the tick was read: waiting for a late completion is the server's delay, which no earlier
        // drawing can shorten.
        let sinceDue = planned ? sendLead.map { min(lead.lead - $0, now - tickReadAt) } : nil
        let cost = max(now - (drawnAt ?? now), sinceDue ?? 0)
        pending = Request(
            serial: serial, target: target, sentAt: now, presentsPixels: presentsPixels,
            frame: frame, sendLead: sendLead, cost: cost, due: blankAfterTick.map { min($0.msc, target) } ?? target)
        tick = nil
        return serial
    }

    /// Takes a completion read at `now`; returns what was shown when it answers a pending present, else nil (a
    /// wait for a blank, a completion of a request sent before a resize replaced the presenter, a serial the
    /// host never used). A ust that is 0 or not on this machine's clock (more than a second from `now`) is not
    /// a time: the blank's counter still paces, timed by when its completion arrived.
    mutating func complete(serial: UInt32, msc: UInt64, ust: UInt64, now: Double) -> Shown? {
        guard let request = pending, request.serial == serial else { return nil }
        pending = nil
        let reported = Double(ust) / 1_000_000
        let trusted = ust != 0 && abs(reported - now) <= 1
        if trusted { clock.note(msc: msc, ust: ust) }
        let time = trusted ? reported : now
        tick = VBlankClock.Sample(msc: msc, time: time)
        tickReadAt = now
        // The lead learns from the blank the request asked for; the trace counts the blanks the old frame stayed.
        let late = VBlankClock.missed(target: request.target, shown: msc)
        if let sendLead = request.sendLead { lead.note(sendLead: sendLead, cost: request.cost, missed: late) }
        lead.expect(period: clock.period)
        guard request.presentsPixels else { return nil }
        let missed = VBlankClock.missed(target: request.due, shown: msc)
        return Shown(frame: request.frame, msc: msc, time: time, missed: missed)
    }

    /// What the host's loop does next.
    enum Step: Equatable {
        /// Draw a frame now.
        case draw
        /// Sleep until the time given (nil: until something else happens).
        case wait(until: Double?)
        /// The server stopped answering: pace with the timer from now on.
        case fallBack
    }

    /// What to do at `now`, given whether the app wants a frame and when the last frame was drawn. A frame is
    /// drawn at its draw time (a lead before its blank), with what input has come by then. Frames are never
    /// closer than half a period, so a server whose counter does not move cannot make the loop spin.
    /// A frame that goes `atOnce` (a whole frame, put at once rather than at a blank) does not wait for its draw time.
    func step(now: Double, wantsFrame: Bool, lastFrameAt: Double?, atOnce: Bool = false) -> Step {
        if let pending {
            return now - pending.sentAt >= VBlankPacing.silenceTimeout
                ? .fallBack : .wait(until: pending.sentAt + VBlankPacing.silenceTimeout)
        }
        guard wantsFrame else { return .wait(until: nil) }
        let drawTime = atOnce ? nil : self.drawTime(now: now)
        let earliest = max((lastFrameAt ?? -.infinity) + clock.period / 2, drawTime ?? -.infinity)
        return now >= earliest ? .draw : .wait(until: earliest)
    }

    /// `step` for what the app asks: a frame now, or at a later time, when the loop sleeps until that time and
    /// then paces the frame as any other (at its draw time when a tick is there, else at once, from rest).
    func step(now: Double, demand: FrameDemand, lastFrameAt: Double?, atOnce: Bool = false) -> Step {
        let step = self.step(
            now: now, wantsFrame: demand.wantsFrame(at: now), lastFrameAt: lastFrameAt, atOnce: atOnce)
        guard case .wait(until: nil) = step else { return step }
        return .wait(until: demand.wakeTime(at: now))
    }

    /// The tick is used up without a frame (nothing wanted one): the next frame aims by the line instead.
    mutating func dropTick() {
        tick = nil
    }

    /// The monitor's rate changed (RandR, or the window moved to another monitor).
    mutating func expect(period: Double) {
        clock.expect(period: period)
        lead.expect(period: clock.period)
    }

    /// Forgets the pending request (the presenter that sent it was replaced; its completion is ignored).
    mutating func forgetPending() {
        pending = nil
        tick = nil
    }
}
