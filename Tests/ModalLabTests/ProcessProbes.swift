import Glibc
import ModalKitPixels

/// System V shared memory segments as /proc/sysvipc/shm lists them.
enum SharedMemorySegments {
    struct Segment: Equatable {
        let id: Int32
        let mode: Int
        let creator: pid_t
    }

    /// The kernel's SHM_DEST flag in the mode column: the segment goes away at its last detach.
    static let markedForDestruction = 0o1000

    static func all() -> [Segment] {
        ProcFile.lines("/proc/sysvipc/shm").dropFirst().compactMap { line in
            let f = line.split(separator: " ")
            guard f.count > 4, let id = Int32(f[1]), let mode = Int(f[2], radix: 8), let cpid = pid_t(f[4]) else {
                return nil
            }
            return Segment(id: id, mode: mode, creator: cpid)
        }
    }

    static func created(by pid: pid_t) -> [Segment] { all().filter { $0.creator == pid } }
}

/// A process's CPU time (user + system) from /proc/PID/stat.
enum ProcessCPU {
    static func seconds(of pid: pid_t) -> Double? {
        guard let line = ProcFile.lines("/proc/\(pid)/stat").first, let close = line.lastIndex(of: ")") else {
            return nil
        }
        // Fields after the command name: state is field 3, utime 14 and stime 15.
        let f = line[line.index(after: close)...].split(separator: " ")
        guard f.count > 12, let user = Double(f[11]), let system = Double(f[12]) else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
}

enum ProcFile {
    static func lines(_ path: String) -> [String] {
        guard let file = fopen(path, "r") else { return [] }
        defer { fclose(file) }
        var result: [String] = []
        var buffer = [CChar](repeating: 0, count: 4096)
        while fgets(&buffer, Int32(buffer.count), file) != nil {
            result.append(String(cString: buffer).trimmingSuffixNewline)
        }
        return result
    }
}

private extension String {
    var trimmingSuffixNewline: String { hasSuffix("\n") ? String(dropLast()) : self }
}
