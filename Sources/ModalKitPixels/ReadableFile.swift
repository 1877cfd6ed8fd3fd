import Glibc

/// Opens and reads input files without ever waiting on them: the lab's inputs (a config, a recording, a trace)
/// and the pixel layer's (a PNG). Every file is opened with O_NONBLOCK and its type checked before a byte is
/// read, because a FIFO with no writer, a tty or a device would block `open` or `read` where nothing is waiting
/// to end it (a live reload runs inside the lab's loop, with the stop signals blocked). Only a caller that means
/// to read a stream (`--replay /dev/stdin`) passes `streams: true`.
public enum ReadableFile {
    /// Why a file was not read; each case carries the words that follow "cannot read <what> <path>: ".
    public enum Failure: Error, Equatable {
        /// `open`, `fstat` or `read` failed; the system's reason (strerror).
        case system(String)
        /// Not a regular file: "it is a directory", "it is a FIFO, not a regular file", ...
        case refused(String)
        /// Longer than the limit; the size as known ("12000000 bytes", "more than 1024 bytes").
        case tooLarge(String)
    }

    /// The bytes of `path`, at most `limit` of them: a regular file's size is checked before anything is read,
    /// and a stream is read no further than the limit.
    public static func read(_ path: String, limit: Int, streams: Bool = false) throws(Failure) -> [UInt8] {
        let fd = try open(path, streams: streams)
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .system(reason()) }
        if info.st_mode & S_IFMT == S_IFREG && Int(info.st_size) > limit {
            throw .tooLarge("\(info.st_size) bytes")
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { throw .system(reason()) }
            if n == 0 { return bytes }
            bytes += chunk[..<n]
            guard bytes.count <= limit else { throw .tooLarge("more than \(limit) bytes") }
        }
    }

    /// Opens `path` for reading without waiting for a writer or a device, and refuses what is not a regular file
    /// (a stream too, unless `streams`). Returns a descriptor in blocking mode for the caller to read and close.
    public static func open(_ path: String, streams: Bool = false) throws(Failure) -> Int32 {
        // A stream the caller means to read is opened blocking, so a FIFO waits for its writer (that caller lets
        // stop signals end the process meanwhile).
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC | (streams ? 0 : O_NONBLOCK))
        guard fd >= 0 else {
            // A socket cannot be opened (ENXIO, "No such device or address"): say what it is instead.
            let code = errno, message = reason()
            var info = stat()
            if code == ENXIO, stat(path, &info) == 0, let kind = refusedKind(info.st_mode, streams: false) {
                throw .refused(kind)
            }
            throw .system(message)
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let message = reason()
            close(fd)
            throw .system(message)
        }
        if let kind = refusedKind(info.st_mode, streams: streams) {
            close(fd)
            throw .refused(kind)
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

    /// The system's reason for the last failed call.
    static func reason() -> String { String(cString: strerror(errno)) }
}
