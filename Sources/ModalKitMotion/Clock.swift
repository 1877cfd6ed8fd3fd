#if canImport(Glibc)
import Glibc
#endif

/// Where ModalKit reads "now", in seconds. Animations never read the wall clock: the app uses `MonotonicClock`,
/// tests use `ManualClock` and move it by hand.
public protocol Clock: AnyObject {
    /// Seconds since an arbitrary fixed origin; never decreases.
    var now: Double { get }
}

/// CLOCK_MONOTONIC in seconds: unaffected by changes to the wall clock.
public final class MonotonicClock: Clock {
    /// A clock reading CLOCK_MONOTONIC.
    public init() {}

    public var now: Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}

/// A clock that only moves when a test (or a replay) tells it to.
public final class ManualClock: Clock {
    public private(set) var now: Double

    /// A clock that reads `now` seconds until it is advanced.
    public init(now: Double = 0) { self.now = now }

    /// Moves time forward by `seconds` (never backwards).
    public func advance(by seconds: Double) {
        precondition(seconds >= 0, "a clock cannot run backwards")
        now += seconds
    }

    /// Sets time to `seconds`, which must not be earlier than now.
    public func set(to seconds: Double) {
        precondition(seconds >= now, "a clock cannot run backwards")
        now = seconds
    }
}
