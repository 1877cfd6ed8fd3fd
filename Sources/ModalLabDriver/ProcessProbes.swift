import Glibc

/// System V shared memory segments as /proc/sysvipc/shm lists them.
public enum SharedMemorySegments {
    /// One segment: its id, permission and flag bits, and the process that created it.
    public struct Segment: Equatable {
        public let id: Int32
        public let mode: Int
        public let creator: pid_t
    }

    /// The kernel's SHM_DEST flag in the mode column: the segment goes away at its last detach.
    public static let markedForDestruction = 0o1000

    /// Every segment on the machine.
    public static func all() -> [Segment] {
        ProcFile.lines("/proc/sysvipc/shm").dropFirst().compactMap { line in
            let f = line.split(separator: " ")
            guard f.count > 4, let id = Int32(f[1]), let mode = Int(f[2], radix: 8), let cpid = pid_t(f[4]) else {
                return nil
            }
            return Segment(id: id, mode: mode, creator: cpid)
        }
    }

    /// The segments `pid` created.
    public static func created(by pid: pid_t) -> [Segment] { all().filter { $0.creator == pid } }
}

/// What a process has cost the machine so far.
public enum ProcessCost {
    /// CPU time (user + system, every thread) from the process's CPU clock, to the nanosecond.
    public static func cpuSeconds(of pid: pid_t) -> Double? {
        var clock = clockid_t()
        guard clock_getcpuclockid(pid, &clock) == 0 else { return nil }
        var ts = timespec()
        guard clock_gettime(clock, &ts) == 0 else { return nil }
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// The peak resident set (VmHWM) in megabytes.
    public static func peakResidentMegabytes(of pid: pid_t) -> Double? {
        let line = ProcFile.lines("/proc/\(pid)/status").first { $0.hasPrefix("VmHWM:") }
        let kb = line?.split(separator: " ").dropFirst().first.flatMap { Double($0) }
        return kb.map { $0 / 1024 }
    }
}

/// Lines of a /proc file.
enum ProcFile {
    static func lines(_ path: String) -> [String] {
        guard let file = fopen(path, "r") else { return [] }
        defer { fclose(file) }
        var result: [String] = []
        var buffer = [CChar](repeating: 0, count: 4096)
        while fgets(&buffer, Int32(buffer.count), file) != nil {
            let line = String(cString: buffer)
            result.append(line.hasSuffix("\n") ? String(line.dropLast()) : line)
        }
        return result
    }
}

/// Which processes a process started, and whether they still run, from /proc: for the tests that check a stopped
/// bench or wrapper leaves no child behind.
public enum ProcessTree {
    /// The direct children of `pid`.
    public static func children(of pid: pid_t) -> [pid_t] {
        guard let file = fopen("/proc/\(pid)/task/\(pid)/children", "r") else { return [] }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 4096)
        guard fgets(&buffer, Int32(buffer.count), file) != nil else { return [] }
        return String(cString: buffer).split(separator: " ").compactMap { pid_t(String($0).filter(\.isNumber)) }
    }

    /// True while `pid` exists and is not a zombie (an orphan is reaped by init, so a zombie is as good as gone).
    public static func isRunning(_ pid: pid_t) -> Bool {
        guard let file = fopen("/proc/\(pid)/stat", "r") else { return false }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 512)
        guard fgets(&buffer, Int32(buffer.count), file) != nil else { return false }
        let text = String(cString: buffer)
        guard let close = text.lastIndex(of: ")") else { return false }
        return !text[close...].hasPrefix(") Z")
    }
}
