import Glibc

/// A file about to be written whole, checked before anything is made so that a bad path fails at once.
///
/// What is at the path decides how it is written:
/// - nothing, or a regular file (through any symbolic links): into a temporary file beside it, then renamed over
///   it, so a failure never leaves a half-written file; an existing file must be writable by this user;
/// - a FIFO or a character device (`/dev/stdout` in a pipe, a terminal, `/dev/null`): written in place, since
///   replacing it would break the pipe or turn the device into a file; opened without waiting (`O_NONBLOCK`), so
///   a FIFO nobody reads is refused at once instead of freezing the program in `open`, and a reader that takes
///   nothing for `stallLimit` seconds fails the write instead of stopping the caller's loop for good;
/// - anything else (a directory, a block device, a socket, a dangling link): refused.
///
/// A replaced file keeps its permissions (and, for root, its owner), and the temporary name is short, so any name
/// the file system takes can be written. modal-lab and modal-bench write every file through this rule.
public final class OutputFile {
    /// The path as given.
    public let path: String
    /// How messages name it: "screenshot out.png".
    public let name: String
    private enum Mode {
        case replace(target: String), inPlace(fd: Int32)
        /// `reserve()`d: the temporary file made and held open.
        case reserved(target: String, temporary: String, fd: Int32)
    }
    private var mode: Mode?

    /// Checks (and for a FIFO or device, opens) `path`; `name` is how errors name it ("screenshot out.png").
    public init(path: String, name: String) throws {
        self.path = path
        self.name = name
        let fail = { (reason: String) in PixelsError("cannot write \(name): \(reason)") }
        var info = stat()
        if lstat(path, &info) != 0 {
            guard errno == ENOENT else { throw fail(OutputFile.reason()) }
            try OutputFile.checkFolder(of: path, fail)
            mode = .replace(target: path)
            return
        }
        if info.st_mode & S_IFMT == S_IFLNK && stat(path, &info) != 0 {
            throw fail("it is a symbolic link to nothing (\(OutputFile.reason()))")
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            // The rename goes to the file a link points to; the link stays.
            let target = OutputFile.resolved(path)
            guard access(target, W_OK) == 0 else { throw fail(OutputFile.reason()) }
            try OutputFile.checkFolder(of: target, fail)
            mode = .replace(target: target)
        case S_IFIFO, S_IFCHR:
            // Opened by the name given: /dev/stdout leads to a pipe that has no path of its own.
            let fd = try OutputFile.openInPlace(path, fail)
            // A write of nothing fails where every write would (/dev/full): said now, not after the work.
            if Glibc.write(fd, nil, 0) < 0 && errno != EAGAIN {
                let reason = OutputFile.reason()
                close(fd)
                throw fail(reason)
            }
            mode = .inPlace(fd: fd)
        case S_IFDIR: throw fail("it is a directory")
        case S_IFBLK: throw fail("it is a block device (refused: it would be overwritten)")
        default: throw fail("it is not a regular file, a FIFO or a character device")
        }
    }

    deinit {
        switch mode {
        case .inPlace(let fd)?: close(fd)
        case .reserved(_, let temporary, let fd)?:
            close(fd)
            unlink(temporary)
        default: break
        }
    }

    /// Makes the temporary file now and holds it open until the write (a file written in place is open already):
    /// a caller that works for minutes before writing (a render) then cannot fail at the end for want of a file
    /// descriptor. Removed if the file is never written.
    public func reserve() throws {
        guard case .replace(let target)? = mode else { return }
        let temporary = OutputFile.temporaryPath(beside: target)
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw PixelsError("cannot write \(name): \(OutputFile.reason())") }
        OutputFile.keepOwnership(of: target, on: fd)
        mode = .reserved(target: target, temporary: temporary, fd: fd)
    }

    /// Writes `bytes` as the whole file; the file can be written once.
    public func write(_ bytes: [UInt8]) throws {
        let fail = { (reason: String) in PixelsError("cannot write \(self.name): \(reason)") }
        if case .replace? = mode { try reserve() }
        switch mode {
        case .inPlace(let fd)?:
            mode = nil
            defer { close(fd) }
            guard OutputFile.writeAll(fd, bytes) else { throw fail(OutputFile.reason()) }
        case .reserved(let target, let temporary, let fd)?:
            mode = nil
            let written = OutputFile.writeAll(fd, bytes)
            let reason = OutputFile.reason()
            guard close(fd) == 0 && written else {
                unlink(temporary)
                throw fail(written ? OutputFile.reason() : reason)
            }
            guard rename(temporary, target) == 0 else {
                let reason = OutputFile.reason()
                unlink(temporary)
                throw fail(reason)
            }
        case .replace?, nil:
            throw fail("it was written already")
        }
    }

    /// Writes the file through `produce`, which gets a temporary path beside the target and makes the whole file
    /// there (itself, or a program it runs); the file is renamed over the target when `produce` returns and removed
    /// when it throws, so the target is complete or untouched. Only a regular file (or none yet) can be written so:
    /// a video encoder seeks in what it writes, which a pipe or a device cannot take.
    public func write(through produce: (_ temporaryPath: String) throws -> Void) throws {
        let fail = { (reason: String) in PixelsError("cannot write \(self.name): \(reason)") }
        if case .replace? = mode { try reserve() }
        guard case .reserved(let target, let temporary, let fd)? = mode else {
            throw fail(
                mode == nil
                    ? "it was written already" : "it is not a regular file (a video is written whole, then renamed)")
        }
        mode = nil
        close(fd)
        do { try produce(temporary) } catch {
            unlink(temporary)
            throw error
        }
        guard rename(temporary, target) == 0 else {
            let reason = OutputFile.reason()
            unlink(temporary)
            throw fail(reason)
        }
    }

    private static func resolved(_ path: String) -> String {
        guard let real = realpath(path, nil) else { return path }
        defer { free(real) }
        return String(cString: real)
    }

    /// Proves the folder takes new files by making (and removing) a temporary file like the one the write will use.
    private static func checkFolder(of path: String, _ fail: (String) -> PixelsError) throws {
        let probe = temporaryPath(beside: path)
        let fd = open(probe, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw fail(reason()) }
        close(fd)
        unlink(probe)
    }

    /// Writes everything, going on after short writes and interruptions, and waiting (at most `stallLimit`
    /// seconds at a time) while a non-blocking FIFO is full; false on an error (errno says which).
    public static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 && errno == EAGAIN {
                guard waitUntilWritable(fd) else { return false }
                continue
            }
            guard n > 0 else { return false }
            offset += n
        }
        return true
    }
}
