import CX11
import Glibc

/// A CLOCK_MONOTONIC timerfd armed with absolute deadlines: it fires only while something asks for frames, so an
/// idle window sleeps in poll() and uses no CPU.
final class DisplayLink {
    let fileDescriptor: Int32
    /// Seconds between ticks.
    private(set) var interval: Double
    private(set) var armedDeadline: Double?
    /// When the last tick was taken, so that ticks are never closer than one interval.
    private var lastTick: Double?

    /// A link ticking `rate` times a second, clamped to `HostOptions.fpsRange` (a rate near zero would put the
    /// next deadline past what a timespec holds).
    init(rate: Double) throws {
        let range = HostOptions.fpsRange
        interval = 1 / (rate.isFinite ? min(max(rate, range.lowerBound), range.upperBound) : 60)
        fileDescriptor = timerfd_create(CLOCK_MONOTONIC, Int32(TFD_NONBLOCK | TFD_CLOEXEC))
        guard fileDescriptor >= 0 else { throw HostError.windowSystem("cannot create a timerfd") }
    }

    deinit { close(fileDescriptor) }

    /// Ticks at `rate` Hz from now on (the window moved to a monitor with another refresh rate).
    func setRate(_ rate: Double) {
        interval = 1 / rate
    }

    /// The current CLOCK_MONOTONIC time in seconds.
    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// Arms the timer for the next allowed tick (now, or one interval after the last tick), if not armed yet.
    /// A deadline armed for a later time (one the app asked for) is brought forward.
    func arm() {
        let earliest = (lastTick ?? -.infinity) + interval
        if let armed = armedDeadline, armed.isFinite, armed <= earliest { return }
        let now = DisplayLink.now()
        let deadline = max(now, earliest)
        if let armed = armedDeadline, armed.isFinite, armed <= deadline { return }
        // A zero it_value would disarm the timer, so an immediate tick is set a nanosecond ahead.
        set(deadline: max(deadline, 1e-9))
        armedDeadline = deadline
    }

    /// Arms the timer for `deadline` (CLOCK_MONOTONIC seconds), replacing any other deadline: the Present pacing
    /// sets its own (a frame no sooner than half a period after the last, a server's silence).
    func arm(at deadline: Double) {
        guard armedDeadline != deadline else { return }
        set(deadline: max(deadline, 1e-9))
        armedDeadline = deadline
    }

    /// The armed deadline has passed and its expiry was not read: the next `arm(at:)` or `disarm` must reach the
    /// kernel (which clears the expiry), whatever deadline it names.
    func expire() {
        if armedDeadline != nil { armedDeadline = -.infinity }
    }

    /// Stops the timer: nothing moves.
    func disarm() {
        guard armedDeadline != nil else { return }
        set(deadline: nil)
        armedDeadline = nil
    }

    /// Consumes a pending expiry; returns the tick time when the timer had fired.
    func takeTick() -> Double? {
        var expirations: UInt64 = 0
        let n = read(fileDescriptor, &expirations, MemoryLayout<UInt64>.size)
        guard n == MemoryLayout<UInt64>.size else { return nil }
        armedDeadline = nil
        let tick = DisplayLink.now()
        lastTick = tick
        return tick
    }

    private func set(deadline: Double?) {
        var spec = itimerspec()
        // CLOCK_MONOTONIC counts from boot; a day ahead is as far as a frame deadline can sensibly be.
        if let deadline = deadline.map({ min(max($0, 0), DisplayLink.now() + 86_400) }) {
            spec.it_value.tv_sec = Int(deadline)
            spec.it_value.tv_nsec = Int((deadline - Double(Int(deadline))) * 1e9)
            if spec.it_value.tv_sec == 0 && spec.it_value.tv_nsec == 0 { spec.it_value.tv_nsec = 1 }
        }
        timerfd_settime(fileDescriptor, Int32(TFD_TIMER_ABSTIME), &spec, nil)
    }
}
