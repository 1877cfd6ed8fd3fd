/// How long before the blank it is meant for a frame is drawn. Drawn at the blank before (as a frame drawn at its
/// tick is), a frame shows input that is up to two periods old; drawn a lead before its own blank, input waits on
/// average half a period plus the lead. The lead is what the server needs between a request and its blank
/// (`serverLead`, learned from the blanks it reports missed) plus what drawing a frame costs (`cost`, the recent
/// slowest), plus a guard. Pure bookkeeping, tested with synthetic reports.
///
/// A real display's server wants the request a millisecond or so before the blank; Xvfb's simulated blank wants it
/// about half a period ahead. Both are found the same way: the lead starts at a period and falls fast
/// (`approachPerFrame`) until a frame sent as planned misses; that sets a floor `missStep` above the lead it was
/// sent with, which holds for `memory` frames on time and is then forgotten, and the lead falls as fast again to
/// probe for a server that became faster.
///
/// Not every miss is the server's: on a loaded machine the server or the host runs late now and then, whatever
/// the lead. A miss sent with at least a lead that was on time `provenCount` times in the last `window` frames is
/// the machine's: it raises the frame's cost a little for a third of a second instead of the floor for ten
/// seconds. A second miss in a row is the server's (it may have slowed down), and each further one in a row
/// doubles the step, so a server that jumps is caught up with in a few frames. A frame's cost counts from when it
/// should have begun drawing, so a loop that wakes late on a loaded machine draws earlier rather than miss.
struct DrawLead {
    /// Added to what the server and the frame need.
    static let guardBand = 0.0005
    /// A miss puts the server's lead this far above the lead the missed request was sent with.
    static let missStep = 0.0005
    /// How fast the lead falls while frames are shown on time above a floor (a lead given, or raised for a burst of
    /// load): 1 ms in 20 frames.
    static let decayPerFrame = 0.00005
    /// How fast the lead falls from its start at a period until the server's deadline is first found: half a
    /// period in 17 frames, so a drag is drawn close to the deadline after a third of a second, not three.
    static let approachPerFrame = 0.0005
    /// How fast the remembered frame cost falls towards the latest: 1 ms in 20 frames, so a frame the machine
    /// held up (descheduled mid-frame) raises the lead for a third of a second, not for seconds.
    static let costDecayPerFrame = 0.00005
    /// On-time frames a miss's floor is first kept for: ten seconds of animation at 60 Hz. Each time a probe below
    /// a forgotten floor misses again near it, the floor is kept twice as long (at most an hour), so a steady
    /// server costs a missed blank after 10 s, 20 s, 40 s… of animation, ever more rarely.
    static let memory = 600
    /// On-time frames a floor raised during a burst of load is kept for: a second at 60 Hz.
    static let burstMemory = 60
    /// The server's lead never goes below this.
    static let minimumServerLead = 0.0005
    /// Recent on-time frames kept to tell the machine's misses from the server's: two seconds at 60 Hz.
    static let window = 120
    /// On-time frames in the window sent with no more lead than a missed one that make its miss the machine's.
    static let provenCount = 3

    /// The display's period, seconds; the lead is never more than a period (then frames are drawn at the tick).
    private(set) var period: Double
    /// What the server needs between a request and its blank, seconds.
    private(set) var serverLead: Double
    /// The slowest recent time from starting to draw a frame to sending its request, seconds.
    private(set) var cost = 0.001
    /// The lowest server lead allowed since the last miss, 0 when none is remembered.
    private(set) var floor = 0.0
    private var onTimeSinceMiss = 0
    /// How long the current floor is kept, in frames on time.
    private var keep = DrawLead.memory
    /// The last floor forgotten, to tell a probe that found the same server again.
    private var forgotten = 0.0
    /// True while the lead looks for the server's deadline (from the start, and when a floor is forgotten): it
    /// falls by `approachPerFrame`.
    private var approaching: Bool
    /// Misses in a row, up to the last report.
    private var missesInARow = 0
    /// True when the last run of misses began with a lead proven on time (the machine's lateness, likely).
    private var runStartedProven = false
    /// True when the floor was raised by such a run: a burst of load, kept only `burstMemory` frames.
    private var floorFromBurst = false
    /// The floor before the burst raised it, back once the burst's is forgotten.
    private var floorBeforeBurst = 0.0
    /// The send leads of the last `window` frames shown on time (a ring), to prove a lead on time.
    private var recentOnTime: [Double] = []
    private var nextOnTime = 0
    /// Frames reported missed since the start (for the benchmark's trace).
    private(set) var misses = 0

    /// A lead for a display whose blanks come every `period` seconds, starting at a whole period (a frame drawn
    /// at its tick, which no server misses) and falling fast from there.
    init(period: Double) {
        self.init(period: period, serverLead: period)
        approaching = true
    }

    /// A lead that starts from `serverLead` (tests start from a lead already learned) and falls slowly.
    init(period: Double, serverLead: Double) {
        self.period = period
        self.serverLead = serverLead
        approaching = false
    }

    /// Seconds before a blank to start drawing the frame for it.
    var lead: Double { min(serverLead + cost + DrawLead.guardBand, period) }

    /// The shortest lead a frame could be shown with: its cost, on the fastest server.
    var shortest: Double { min(DrawLead.minimumServerLead + cost + DrawLead.guardBand, period) }

    /// The period changed (another monitor, a measured rate): the server's lead is scaled with it.
    mutating func expect(period newPeriod: Double) {
        guard newPeriod.isFinite, newPeriod > 0, newPeriod != period else { return }
        serverLead *= newPeriod / period
        floor *= newPeriod / period
        period = newPeriod
    }

    /// Takes one report: a request sent `sendLead` seconds before the predicted time of its blank, `cost` seconds
    /// after its frame began drawing, was shown `missed` blanks late.
    mutating func note(sendLead: Double, cost frameCost: Double, missed: Int) {
        if frameCost.isFinite, frameCost >= 0 {
            cost = max(min(frameCost, period), cost - DrawLead.costDecayPerFrame)
        }
        guard sendLead.isFinite else { return }
        if missed > 0 {
            noteMiss(sendLead: sendLead)
        } else {
            noteOnTime(sendLead: sendLead)
        }
    }

    private mutating func noteMiss(sendLead: Double) {
        misses += 1
        missesInARow += 1
        // Sent late (the loop woke late on a loaded machine): the frame's cost, which counts the lateness,
        // already covers it next time, and a run of misses it begins is the machine's.
        guard sendLead >= serverLead - DrawLead.missStep else {
            if missesInARow == 1 { runStartedProven = true }
            return
        }
        // As much time as frames that were on time again and again just before: the server's deadline did not
        // move, the machine ran late (the server or the host, loaded). Drawing a little earlier for a third of a
        // second rides out a burst of such lateness; a second miss in a row counts as the server's.
        if missesInARow == 1 {
            runStartedProven = isProven(sendLead)
            if runStartedProven {
                cost = min(cost + 2 * DrawLead.missStep, period)
                return
            }
        }
        // Sent as planned: the server wants more than that. Misses in a row double the step (a server that
        // slowed down by several milliseconds); the leads proven before do not hold for it.
        let step = DrawLead.missStep * Double(1 << min(missesInARow - 1, 5))
        approaching = false
        onTimeSinceMiss = 0
        if missesInARow > 1 {
            recentOnTime.removeAll(keepingCapacity: true)
            nextOnTime = 0
        }
        if runStartedProven, !floorFromBurst { floorBeforeBurst = floor }
        floor = min(max(floor, sendLead + step), period)
        floorFromBurst = runStartedProven
        serverLead = max(serverLead, floor)
        if abs(floor - forgotten) <= 2 * DrawLead.missStep { keep = min(keep * 2, 216_000) }
    }

    private mutating func noteOnTime(sendLead: Double) {
        missesInARow = 0
        onTimeSinceMiss += 1
        remember(onTime: sendLead)
        // A floor raised by a run of misses that began at a proven lead is most likely a burst of load: kept for
        // a second, then the floor from before it is back (a server that did slow down misses again then).
        if floorFromBurst, onTimeSinceMiss > DrawLead.burstMemory {
            floor = floorBeforeBurst
            floorFromBurst = false
        } else if onTimeSinceMiss > keep, floor > 0 {
            // The probe falls as fast as the first approach: a few frames below the floor, so a miss the
            // machine causes meanwhile is unlikely to be taken for the server's.
            forgotten = floor
            floor = 0
            approaching = true
        }
        let fall = approaching ? DrawLead.approachPerFrame : DrawLead.decayPerFrame
        serverLead = max(serverLead - fall, floor, DrawLead.minimumServerLead)
    }

    /// Keeps `sendLead` among the last `window` on-time send leads.
    private mutating func remember(onTime sendLead: Double) {
        if recentOnTime.count < DrawLead.window {
            recentOnTime.append(sendLead)
        } else {
            recentOnTime[nextOnTime] = sendLead
        }
        nextOnTime = (nextOnTime + 1) % DrawLead.window
    }

    /// True when `provenCount` recent frames were on time with no more lead than `sendLead`: within half a step
    /// while the lead holds at a floor (the frame's cost wobbles it), within 10 µs while it falls (so the lead
    /// falling to find the server's deadline, which goes lower every frame, is never taken for proven).
    private func isProven(_ sendLead: Double) -> Bool {
        let slack = floor > 0 ? DrawLead.missStep / 2 : 0.000_01
        var count = 0
        for onTime in recentOnTime where onTime <= sendLead + slack {
            count += 1
            if count >= DrawLead.provenCount { return true }
        }
        return false
    }
}
