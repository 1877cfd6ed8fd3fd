#if canImport(Glibc)
import Glibc
#endif
import ModalKit

/// Reads a whole input file (a config, a recording, a trace to plot) no larger than a limit, through the pixel
/// layer's `ReadableFile` (which PNG images share): opened without waiting, its type checked, a regular file's
/// size checked before anything is read, and a stream read no further than the limit. Only a caller that means
/// to read a stream (`--replay /dev/stdin`, `plot -`, under `StopSignals.endingAtOnce`) may pass `streams: true`.
package enum InputFile {
    /// The bytes of `path`; `what` names the file in errors ("config file", "recording"). A file that cannot be
    /// opened or read, a folder, or a FIFO, device or socket when `streams` is false is a `LabError.io` (exit 1);
    /// one over `limit` bytes is a `LabError.usage` (exit 2).
    static func read(
        _ path: String, what: String, streams: Bool = false,
        limit: Int = LabLimits.inputFileBytes
    ) throws -> [UInt8] {
        do {
            return try ReadableFile.read(path, limit: limit, streams: streams)
        } catch {
            throw labError(error, what: what, path: path, limit: limit)
        }
    }

    /// Opens `path` for reading without waiting for a writer or a device, and refuses what is not a regular file
    /// (a stream too, unless `streams`). Returns a descriptor in blocking mode for the caller to read and close.
    package static func open(_ path: String, what: String, streams: Bool = false) throws -> Int32 {
        do {
            return try ReadableFile.open(path, streams: streams)
        } catch {
            throw labError(error, what: what, path: path, limit: LabLimits.inputFileBytes)
        }
    }

    /// The lab's one line for a file that was not read: too large is a usage error (exit 2), the rest I/O.
    private static func labError(_ failure: ReadableFile.Failure, what: String, path: String, limit: Int) -> LabError {
        let shown = LabLimits.echo(path)
        switch failure {
        case .system(let reason), .refused(let reason):
            return .io("cannot read \(what) \(shown): \(reason)")
        case .tooLarge(let size):
            return .usage("\(what) \(shown) is \(size); the limit is \(limit) bytes (\(limit >> 20) MiB)")
        }
    }

    package static func reason() -> String { String(cString: strerror(errno)) }
}
