#if canImport(Glibc)
import Glibc
#endif

/// Reads a whole input file (a config, a recording, a trace to plot) no larger than a limit: a regular file's
/// size is checked before anything is read, and a stream is read no further than the limit.
///
/// Every input is opened with O_NONBLOCK and looked at before it is read: a FIFO with no writer, a tty or a device
/// would block `open` or `read` where no signal handler is waiting (a live reload runs inside the lab's loop, with
/// the stop signals blocked), so only a caller that means to read a stream (`--replay /dev/stdin`, `plot -`, under
/// `StopSignals.endingAtOnce`) may pass `streams: true`.
enum InputFile {
    /// The bytes of `path`; `what` names the file in errors ("config file", "recording"). A file that cannot be
    /// opened or read, a folder, or a FIFO, device or socket when `streams` is false is a `LabError.io` (exit 1);
    /// one over `limit` bytes is a `LabError.usage` (exit 2).
    static func read(
        _ path: String, what: String, streams: Bool = false,
        limit: Int = LabLimits.inputFileBytes
    ) throws -> [UInt8] {
        let shown = LabLimits.echo(path)
        let fd = try open(path, what: what, streams: streams)
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw LabError.io("cannot read \(what) \(shown): \(reason())") }
        if info.st_mode & S_IFMT == S_IFREG && Int(info.st_size) > limit {
            throw tooLarge(what, shown, "\(info.st_size) bytes", limit)
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { throw LabError.io("cannot read \(what) \(shown): \(reason())") }
            if n == 0 { return bytes }
            bytes += chunk[..<n]
            guard bytes.count <= limit else { throw tooLarge(what, shown, "more than \(limit) bytes", limit) }
        }
    }

    /// Opens `path` for reading without waiting for a writer or a device, and refuses what is not a regular file
    /// (a stream too, unless `streams`). Returns a descriptor in blocking mode for the caller to read and close.
    static func open(_ path: String, what: String, streams: Bool = false) throws -> Int32 {
        let shown = LabLimits.echo(path)
        // A stream the caller means to read is opened as before: blocking, so a FIFO waits for its writer (the
        // caller lets stop signals end the process meanwhile).
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC | (streams ? 0 : O_NONBLOCK))
        guard fd >= 0 else { throw LabError.io("cannot read \(what) \(shown): \(reason())") }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let message = reason()
            close(fd)
            throw LabError.io("cannot read \(what) \(shown): \(message)")
        }
        if let kind = refusedKind(info.st_mode, streams: streams) {
            close(fd)
            throw LabError.io("cannot read \(what) \(shown): \(kind)")
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        return fd
    }

    /// Why a file of this type is not read, or nil when it is.
    private static func refusedKind(_ mode: mode_t, streams: Bool) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "it is a directory"
        case _ where streams: return nil
        case S_IFIFO: return "it is a FIFO, not a regular file"
        case S_IFCHR, S_IFBLK: return "it is a device, not a regular file"
        case S_IFSOCK: return "it is a socket, not a regular file"
        default: return "it is not a regular file"
        }
    }

    private static func tooLarge(_ what: String, _ path: String, _ size: String, _ limit: Int) -> LabError {
        .usage("\(what) \(path) is \(size); the limit is \(limit) bytes (\(limit >> 20) MiB)")
    }

    static func reason() -> String { String(cString: strerror(errno)) }
}
