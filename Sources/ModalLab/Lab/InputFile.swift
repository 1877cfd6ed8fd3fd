#if canImport(Glibc)
import Glibc
#endif

/// Reads a whole input file (a config, a recording) no larger than `LabLimits.inputFileBytes`: a regular file's
/// size is checked before anything is read, and a stream (`/dev/stdin`, a pipe) is read no further than the limit.
enum InputFile {
    /// The bytes of `path`; `what` names the file in errors ("config file", "recording"). A file that cannot be
    /// opened or read is a `LabError.io` (exit 1); one over the limit is a `LabError.usage` (exit 2).
    static func read(_ path: String, what: String) throws -> [UInt8] {
        let shown = LabLimits.echo(path)
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw LabError.io("cannot read \(what) \(shown): \(reason())") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw LabError.io("cannot read \(what) \(shown): \(reason())") }
        let limit = LabLimits.inputFileBytes
        guard info.st_mode & S_IFMT != S_IFDIR else { throw LabError.io("cannot read \(what) \(shown): it is a directory") }
        if info.st_mode & S_IFMT == S_IFREG && Int(info.st_size) > limit {
            throw tooLarge(what, shown, "\(info.st_size) bytes")
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { throw LabError.io("cannot read \(what) \(shown): \(reason())") }
            if n == 0 { return bytes }
            bytes += chunk[..<n]
            guard bytes.count <= limit else { throw tooLarge(what, shown, "more than \(limit) bytes") }
        }
    }

    private static func tooLarge(_ what: String, _ path: String, _ size: String) -> LabError {
        .usage("\(what) \(path) is \(size); the limit is \(LabLimits.inputFileBytes) bytes (10 MiB)")
    }

    static func reason() -> String { String(cString: strerror(errno)) }
}
