/// The arithmetic of the workload's figures, apart from any process or server so it can be tested.
public enum WorkloadStatistics {
    /// The middle value (the mean of the two middle ones for an even count); nan for none.
    public static func median(_ values: [Double]) -> Double {
        let sorted = values.filter { !$0.isNaN }.sorted()
        guard !sorted.isEmpty else { return .nan }
        let mid = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
    }

    /// How many frames a list of damage timestamps (server milliseconds, in order of arrival) shows: a frame's
    /// puts reach the server within a millisecond or two of each other, frames at 60 Hz are 16 ms apart, so a gap
    /// of more than `gap` milliseconds starts a new frame. The server clock wraps at 2^32 ms; differences are
    /// taken modulo that.
    public static func frameCount(timestamps: [UInt32], gap: UInt32 = 4) -> Int {
        guard var last = timestamps.first else { return 0 }
        var frames = 1
        for t in timestamps.dropFirst() {
            if t &- last > gap { frames += 1 }
            last = t
        }
        return frames
    }

    /// `a / b`, nan when b is not positive.
    public static func ratio(_ a: Double, _ b: Double) -> Double { b > 0 ? a / b : .nan }
}
