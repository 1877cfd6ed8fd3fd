/// How long before the blank it is meant for a frame is drawn. Drawn at the blank before (as a frame drawn at its
/// tick is), a frame shows input that is up to two periods old; drawn a lead before its own blank, input waits on
/// average half a period plus the lead. The lead is what the server needs between a request and its blank
/// (`serverLead`, learned from the blanks it reports missed) plus what drawing a frame costs (`cost`, the recent
/// slowest), plus a guard. Pure bookkeeping, tested with synthetic reports.
///
/// A real display's server wants the request a millisecond or so before the blank; Xvfb's simulated blank wants it
/// about half a period ahead. Both are found the same way: the lead starts at a period and falls by
/// `decayPerFrame` with each frame shown on time until a frame sent as planned misses; that sets a floor `missStep`
/// above the lead it was sent with, which holds for `memory` frames on time and is then forgotten, so a server that
/// became faster is found again. A frame's cost counts from when it should have begun drawing, so a loop that wakes late on a
/// loaded machine draws earlier rather than miss.
struct DrawLead {
    /// Added to what the server and the frame need.
    static let guardBand = 0.0005
    /// A miss puts the server's lead this far above what it was, or above the lead the missed request was sent with.
    static let missStep = 0.001
    /// How fast the lead falls while frames are shown on time: 1 ms in 20 frames.
    static let decayPerFrame = 0.00005
    /// How fast the remembered frame cost falls towards the latest: 1 ms in 20 frames, so a frame the machine
    /// held up (descheduled mid-frame) raises the lead for a third of a second, not for seconds.
    static let costDecayPerFrame = 0.00005
    /// On-time frames a miss's floor is first kept for: ten seconds of animation at 60 Hz. Each time a probe below
    /// a forgotten floor misses again near it, the floor is kept twice as long (at most an hour), so a steady
    /// server costs a missed blank after 10 s, 20 s, 40 s… of animation, ever more rarely.
    static let memory = 600
    /// The server's lead never goes below this.
    static let minimumServerLead = 0.0005

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
    /// The send lead of the last frame, when it was shown on time.
    private var lastOnTime: Double?
    /// Frames reported missed since the start (for the benchmark's trace).
    private(set) var misses = 0

    /// A lead for a display whose blanks come every `period` seconds, starting at a whole period (a frame drawn
    /// at its tick, which no server misses) and falling from there.
    init(period: Double) {
        self.init(period: period, serverLead: period)
    }

    /// A lead that starts from `serverLead` (tests start from a lead already learned).
    init(period: Double, serverLead: Double) {
        self.period = period
        self.serverLead = serverLead
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
            misses += 1
            onTimeSinceMiss = 0
            // The frame just before was on time with no more time than this one had (within a step): the server's deadline did not
            // move, the machine ran late (the server or the host, loaded). A second miss in a row counts.
            if let shorter = lastOnTime, sendLead >= shorter - DrawLead.missStep {
                lastOnTime = nil
                return
            }
            lastOnTime = nil
            // Sent as planned (or earlier): the server wants more than that, and the floor goes a step above it.
            // Sent late (the loop woke late on a loaded machine): the frame's cost, which counts the lateness,
            // already covers it next time.
            if sendLead >= serverLead - DrawLead.missStep {
                floor = min(max(floor, sendLead + DrawLead.missStep), period)
                serverLead = max(serverLead, floor)
                if abs(floor - forgotten) <= 2 * DrawLead.missStep { keep = min(keep * 2, 216_000) }
            }
            return
        }
        onTimeSinceMiss += 1
        lastOnTime = sendLead
        if onTimeSinceMiss > keep, floor > 0 {
            forgotten = floor
            floor = 0
        }
        serverLead = max(serverLead - DrawLead.decayPerFrame, floor, DrawLead.minimumServerLead)
    }
}
