import Glibc

/// Order statistics of one set of samples, in the unit they were taken in.
struct Summary {
    let count: Int
    let p50: Double
    let p90: Double
    let p99: Double
    let max: Double

    /// Nearest-rank percentiles (the smallest sample with at least p% of samples at or below it), so a reported
    /// p99 is always a time that really happened.
    init(_ samples: [Double]) {
        let sorted = samples.sorted()
        count = sorted.count
        p50 = Summary.rank(sorted, 0.50)
        p90 = Summary.rank(sorted, 0.90)
        p99 = Summary.rank(sorted, 0.99)
        max = sorted.last ?? .nan
    }

    static func rank(_ sorted: [Double], _ p: Double) -> Double {
        guard !sorted.isEmpty else { return .nan }
        let index = Int((p * Double(sorted.count)).rounded(.up)) - 1
        return sorted[Swift.max(0, Swift.min(sorted.count - 1, index))]
    }
}

/// CLOCK_MONOTONIC in seconds: the clock the lab stamps `presented_at` with, so both sides of a latency agree.
func monotonicNow() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// Sleeps for `seconds` of wall time; the benchmark paces real input, it is not a test.
func pause(_ seconds: Double) {
    guard seconds > 0 else { return }
    var ts = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - Double(Int(seconds))) * 1e9))
    nanosleep(&ts, nil)
}
