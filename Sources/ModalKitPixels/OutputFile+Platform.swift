import Glibc

/// The libc side of the output rule, shared with the lab's line writers (trace, recording).
extension OutputFile {
    /// How long a FIFO's reader may take nothing before a write to it fails: long enough for any reader that is
    /// reading, short enough that a stalled one cannot hold the lab or the bench.
    public static let stallLimit = 2.0

    /// Opens a FIFO or a character device for writing without waiting for a reader: `open` on a FIFO nobody
    /// reads would otherwise block until one comes, deaf to Q, SIGTERM and SIGINT. The descriptor stays
    /// non-blocking; `write(_:)`, `writeAll` and `waitUntilWritable` wait for a slow reader, boundedly.
    public static func openInPlace(_ path: String, _ fail: (String) -> PixelsError) throws -> Int32 {
        let fd = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        if fd < 0 && errno == ENXIO {
            throw fail("it is a FIFO that nothing reads (refused: writing would wait for a reader)")
        }
        guard fd >= 0 else { throw fail(reason()) }
        return fd
    }

    /// Waits until `fd` takes more bytes, at most `stallLimit` seconds; false (errno EAGAIN) when it did not.
    public static func waitUntilWritable(_ fd: Int32) -> Bool {
        var entry = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        let ready = poll(&entry, 1, Int32(stallLimit * 1000))
        if ready > 0 { return true }
        if ready == 0 { errno = EAGAIN }
        return false
    }

    /// The reason of a failed write; EAGAIN here only ever means a reader that stopped reading.
    public static func reason() -> String {
        errno == EAGAIN ? "its reader took nothing for \(Int(stallLimit)) s" : String(cString: strerror(errno))
    }

    /// A temporary name beside `path`, in its folder, of a fixed short length: `path` plus a suffix would fail
    /// for a name near the file system's 255-byte limit. Hidden, so a listing in the meantime does not show it.
    static func temporaryPath(beside path: String) -> String {
        temporaries += 1
        let name = ".modalkit-\(getpid())-\(temporaries).tmp"
        guard let slash = path.lastIndex(of: "/") else { return name }
        return String(path[...slash]) + name
    }

    private static var temporaries = 0

    /// Gives the new file the permissions (and for root, the owner) of the file it replaces, so a private 0600
    /// file does not become world-readable by being written again.
    static func keepOwnership(of target: String, on fd: Int32) {
        var info = stat()
        guard stat(target, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return }
        if geteuid() == 0 { _ = fchown(fd, info.st_uid, info.st_gid) }
        _ = fchmod(fd, info.st_mode & 0o7777)
    }
}
