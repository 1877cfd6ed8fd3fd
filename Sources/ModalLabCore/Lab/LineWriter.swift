#if canImport(Glibc)
import Glibc
#endif
import ModalKit

/// Writes lines to a file or to standard output, each with one `write` as a whole line, so a reader following the
/// file (a test waiting for a decision, `tail -f`) always sees whole lines, and a killed run leaves every line it
/// wrote. The first write error is kept in `failure` (the lab stops on it) and nothing more is written; a regular
/// file is cut back to its last whole line, so it never ends mid-line.
final class LineWriter {
    /// "trace F" or "recording F": how errors name it.
    let name: String
    private(set) var failure: LabError?
    private var fd: Int32
    private let ownsFile: Bool
    /// Where the last whole line ends, for regular files (nil otherwise).
    private var committed: Int?

    /// Opens `path` (created or truncated), or standard output for "-"; `what` names it ("trace").
    init(path: String, what: String) throws {
        name = "\(what) \(path == "-" ? "(standard output)" : LabLimits.echo(path))"
        if path == "-" {
            fd = STDOUT_FILENO
            ownsFile = false
        } else {
            fd = try LineWriter.open(path, name: name)
            ownsFile = true
        }
        var info = stat()
        if fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG {
            let offset = lseek(fd, 0, SEEK_CUR)
            committed = offset >= 0 ? Int(offset) : nil
        }
    }

    /// A FIFO or a device through the output rule (`OutputFile.openInPlace`: a FIFO nobody reads is refused, not
    /// waited for); anything else created or truncated.
    private static func open(_ path: String, name: String) throws -> Int32 {
        var info = stat()
        let type = stat(path, &info) == 0 ? info.st_mode & S_IFMT : 0
        if type == S_IFIFO || type == S_IFCHR {
            do { return try OutputFile.openInPlace(path) { PixelsError("cannot write \(name): \($0)") } } catch {
                throw LabError.io("\(error)")
            }
        }
        let fd = Glibc.open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw LabError.io("cannot write \(name): \(InputFile.reason())") }
        return fd
    }

    /// A writer with no file: a trace only the live plot or the inspector reads (they take its typed records).
    init() {
        name = "(no file)"
        fd = -1
        ownsFile = false
    }

    func write(_ line: String) {
        var text = TextBuffer()
        text.append(string: line)
        text.append("\n")
        write(line: text)
    }

    /// Writes `text`, one whole line ending in a newline, with no allocation.
    func write(line text: TextBuffer) {
        guard failure == nil, fd >= 0 else { return }
        text.bytes.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                errno = 0
                let n = Glibc.write(fd, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
                if n < 0 && errno == EINTR { continue }
                if n < 0 && errno == EAGAIN && OutputFile.waitUntilWritable(fd) { continue }
                guard n > 0 else { return fail(partial: offset > 0) }
                offset += n
            }
            committed = committed.map { $0 + bytes.count }
        }
    }

    private func fail(partial: Bool) {
        var reason = failureReason()
        if partial {
            if let committed, ftruncate(fd, off_t(committed)) == 0 {
                lseek(fd, off_t(committed), SEEK_SET)
            } else {
                reason += " (its last line is cut short)"
            }
        }
        failure = .io("cannot write \(name): \(reason)")
    }

    /// The error of a write that returned 0 or less; a zero-byte write has no errno of its own.
    private func failureReason() -> String { errno == 0 ? "nothing was written" : OutputFile.reason() }

    func close() {
        guard fd >= 0 else { return }
        if ownsFile, Glibc.close(fd) != 0, failure == nil {
            failure = .io("cannot write \(name): \(InputFile.reason())")
        }
        fd = -1
    }

    deinit { close() }
}
