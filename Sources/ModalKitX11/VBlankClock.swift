/// The server's vertical blank as a line through its Present notifications: each (msc, ust) pair says that
/// vertical blank number `msc` happened at `ust`. The line's slope is the display's period and its offset the
/// phase, so the host can tell which blank comes next, when, and how many a frame missed.
///
/// The server's word is checked, not trusted: a pair with ust 0 is ignored; a counter or a clock that goes
/// backwards, or a pair whose implied period is far from the line's (the window moved to a monitor with another
/// rate, the counter jumped), starts a new line from that pair. Times are seconds on the server's UST clock,
/// CLOCK_MONOTONIC on Linux, the clock the host's frame times use.
struct VBlankClock {
    /// One notification: blank `msc` at `time` seconds.
    struct Sample: Equatable {
        var msc: UInt64
        var time: Double
    }

    /// Pairs kept for the fit: half a second at 60 Hz, enough to average a software vertical blank's
    /// millisecond jitter down to microseconds, few enough that a drifting clock is followed.
    static let capacity = 32
    /// An implied period more than this fraction away from the line's starts a new line.
    static let tolerance = 0.25

    /// The period assumed until two pairs measure one (the monitor's mode rate, else 60 Hz).
    var expectedPeriod: Double
    private(set) var samples: [Sample] = []
    /// How often a new line was started since the first pair (for the benchmark and the tests).
    private(set) var restarts = 0
    private var fit: (slope: Double, offset: Double)?

    /// A clock expecting blanks every `expectedPeriod` seconds until notifications say otherwise.
    init(expectedPeriod: Double) {
        self.expectedPeriod = VBlankClock.sanePeriod(expectedPeriod) ?? 1.0 / 60
    }

    /// Seconds between blanks: measured once two pairs agree, else the expected period.
    var period: Double { fit?.slope ?? expectedPeriod }

    /// True once a pair has been noted: the phase is known.
    var isLocked: Bool { !samples.isEmpty }

    /// Takes one notification: blank `msc` happened at `ust` microseconds.
    mutating func note(msc: UInt64, ust: UInt64) {
        guard ust != 0 else { return }
        let sample = Sample(msc: msc, time: Double(ust) / 1_000_000)
        if let last = samples.last {
            if sample == last { return }
            if !continues(last, with: sample) {
                samples.removeAll(keepingCapacity: true)
                fit = nil
                restarts += 1
            }
        }
        samples.append(sample)
        if samples.count > VBlankClock.capacity { samples.removeFirst(samples.count - VBlankClock.capacity) }
        refit()
    }

    /// Forgets the phase (the server stopped answering): the next pair starts a new line.
    mutating func reset() {
        samples.removeAll(keepingCapacity: true)
        fit = nil
    }

    /// When blank `msc` happens (or happened), on the line; nil before the first pair.
    func time(ofMSC msc: UInt64) -> Double? {
        guard let anchor = samples.first else { return nil }
        let frames = msc >= anchor.msc ? Double(msc - anchor.msc) : -Double(anchor.msc - msc)
        return (fit?.offset ?? anchor.time) + frames * period
    }

    /// The first blank strictly after `time`; nil before the first pair.
    func nextVBlank(after time: Double) -> Sample? {
        guard let anchor = samples.first, let start = self.time(ofMSC: anchor.msc) else { return nil }
        let ahead = ((time - start) / period).rounded(.down) + 1
        // A time before the anchor (the clock stepped back, a hostile ust) gives the blank after the anchor.
        let steps = UInt64(min(max(ahead, 1), 1e15))
        guard anchor.msc <= UInt64.max - steps else { return nil }
        return Sample(msc: anchor.msc + steps, time: start + Double(steps) * period)
    }

    /// Blanks that went by without showing a frame that was meant for blank `target` and was shown at `shown`.
    static func missed(target: UInt64, shown: UInt64) -> Int {
        guard target != 0, shown > target else { return 0 }
        return Int(min(shown - target, UInt64(Int32.max)))
    }

    /// Whether `next` lies on the same line as `last`: both counters and clocks move forward, and `next` is
    /// where the line puts its blank (within a quarter period: a software blank's jitter is a millisecond or
    /// two). Before a line exists any sane period between the two pairs will do: the expected one is a guess.
    private func continues(_ last: Sample, with next: Sample) -> Bool {
        guard next.msc > last.msc, next.time > last.time else { return false }
        if fit != nil, let predicted = time(ofMSC: next.msc) {
            return abs(next.time - predicted) <= VBlankClock.tolerance * period
        }
        return VBlankClock.sanePeriod((next.time - last.time) / Double(next.msc - last.msc)) != nil
    }

    /// The monitor's mode says blanks come every `period` seconds (the window moved, RandR reported a change):
    /// a line measured at a rate that far from it is dropped and measured again.
    mutating func expect(period: Double) {
        guard let period = VBlankClock.sanePeriod(period) else { return }
        expectedPeriod = period
        if let slope = fit?.slope, abs(slope - period) > VBlankClock.tolerance * period { reset() }
    }

    /// Least squares through the kept pairs, counters taken from the first so the numbers stay small.
    private mutating func refit() {
        guard samples.count >= 2, let first = samples.first else {
            fit = nil
            return
        }
        let n = Double(samples.count)
        var sx = 0.0, sy = 0.0, sxx = 0.0, sxy = 0.0
        for s in samples {
            let x = Double(s.msc - first.msc), y = s.time - first.time
            sx += x; sy += y; sxx += x * x; sxy += x * y
        }
        let denominator = n * sxx - sx * sx
        guard denominator > 0, let slope = VBlankClock.sanePeriod((n * sxy - sx * sy) / denominator) else {
            fit = nil
            return
        }
        fit = (slope, first.time + (sy - slope * sx) / n)
    }

    /// A period within the host's rate limits, or nil.
    static func sanePeriod(_ period: Double) -> Double? {
        guard period.isFinite, period > 0 else { return nil }
        let rate = 1 / period
        let range = HostOptions.fpsRange
        return rate >= range.lowerBound && rate <= range.upperBound ? period : nil
    }
}
