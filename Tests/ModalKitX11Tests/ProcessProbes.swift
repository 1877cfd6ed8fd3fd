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

/// Binary PPM (P6) as the interim driver writes screenshots, read back as opaque 0xFFRRGGBB pixels.
enum PPM {
    static func read(_ path: String) -> Bitmap? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var width: Int32 = 0, height: Int32 = 0, maxValue: Int32 = 0
        guard readHeader(file, &width, &height, &maxValue), maxValue == 255 else {
            return nil
        }
        var bytes = [UInt8](repeating: 0, count: Int(width * height * 3))
        guard fread(&bytes, 1, bytes.count, file) == bytes.count else { return nil }
        var bitmap = Bitmap(width: Int(width), height: Int(height))
        for i in bitmap.pixels.indices {
            bitmap.pixels[i] = 0xFF00_0000 | UInt32(bytes[3 * i]) << 16 | UInt32(bytes[3 * i + 1]) << 8
                | UInt32(bytes[3 * i + 2])
        }
        return bitmap
    }

    /// "P6\n<w> <h>\n255\n", the header the driver writes.
    private static func readHeader(_ file: UnsafeMutablePointer<FILE>, _ w: inout Int32, _ h: inout Int32,
                                   _ m: inout Int32) -> Bool {
        var line = [CChar](repeating: 0, count: 64)
        guard fgets(&line, 64, file) != nil, String(cString: line) == "P6\n", fgets(&line, 64, file) != nil else {
            return false
        }
        let size = String(cString: line).split(whereSeparator: { $0 == " " || $0 == "\n" })
        guard size.count == 2, let width = Int32(size[0]), let height = Int32(size[1]),
              fgets(&line, 64, file) != nil, let maxValue = Int32(String(cString: line).dropLast()) else { return false }
        (w, h, m) = (width, height, maxValue)
        return true
    }
}

private extension String {
    var trimmingSuffixNewline: String { hasSuffix("\n") ? String(dropLast()) : self }
}
