import Glibc

/// CPU time as the kernel books it in /proc/PID/stat: user and system time in clock ticks. The workload reads it
/// for any process (the lab, the peer, the X server) the same way, as `top` and `time` would.
public struct ProcessStat: Equatable {
    /// utime, in clock ticks.
    public let userTicks: Int
    /// stime, in clock ticks.
    public let systemTicks: Int

    /// Parses one /proc/PID/stat line. The command name (field 2) is in parentheses and may itself hold spaces
    /// and parentheses, so fields are counted from the last ")"; utime and stime are fields 14 and 15.
    public init?(line: String) {
        guard let close = line.lastIndex(of: ")") else { return nil }
        let rest = line[line.index(after: close)...].split(separator: " ")
        // rest[0] is field 3 (state), so field n is rest[n - 3].
        guard rest.count > 12, let user = Int(rest[11]), let system = Int(rest[12]) else { return nil }
        userTicks = user
        systemTicks = system
    }

    /// The stat of `pid` now; nil when it is gone.
    public static func of(_ pid: pid_t) -> ProcessStat? {
        ProcFile.lines("/proc/\(pid)/stat").first.flatMap { ProcessStat(line: $0) }
    }

    /// User plus system time in seconds, at `ticksPerSecond` (sysconf(_SC_CLK_TCK), 100 on Linux).
    public func cpuSeconds(ticksPerSecond: Int = ProcessStat.ticksPerSecond) -> Double {
        Double(userTicks + systemTicks) / Double(max(ticksPerSecond, 1))
    }

    /// The kernel's clock tick rate for /proc times.
    public static var ticksPerSecond: Int { max(1, sysconf(Int32(_SC_CLK_TCK))) }
}
