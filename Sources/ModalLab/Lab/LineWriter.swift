#if canImport(Glibc)
import Glibc
#endif

/// Writes lines to a file or to standard output, flushing each one, so a reader following the file (a test waiting
/// for a decision, `tail -f`) always sees whole lines, and a killed run leaves every line it wrote.
final class LineWriter {
    private var file: UnsafeMutablePointer<FILE>?
    private let ownsFile: Bool

    /// Opens `path` for writing, or standard output for "-".
    init(path: String) throws {
        if path == "-" {
            file = stdout
            ownsFile = false
            return
        }
        guard let handle = fopen(path, "w") else {
            throw LabError.io("cannot write \(path): \(String(cString: strerror(errno)))")
        }
        file = handle
        ownsFile = true
    }

    /// Also given every line written (the live plot reads the trace this way).
    var onLine: ((String) -> Void)?

    /// A writer with no file, for lines only `onLine` wants.
    init() {
        file = nil
        ownsFile = false
    }

    func write(_ line: String) {
        onLine?(line)
        guard let file else { return }
        fputs(line, file)
        fputs("\n", file)
        fflush(file)
    }

    func close() {
        guard let file else { return }
        if ownsFile { fclose(file) } else { fflush(file) }
        self.file = nil
    }

    deinit { close() }
}
