#if canImport(Glibc)
import Glibc
#endif
import ModalKit

/// Where rendered frames go: one encoder, fed in order, that completes its file only in `finish`.
protocol VideoSink: AnyObject {
    /// Adds `frame`, shown for `count` display frames (`--slow` holds each frame longer, a pause more): a format
    /// that can stores it once with its duration.
    func add(_ frame: Bitmap, count: Int) throws
    /// Completes the output.
    func finish() throws
    /// Stops without completing, removing whatever was made.
    func abandon()
}

/// The output formats `modal-lab render` writes, chosen by the output's name.
enum VideoFormat: Equatable {
    case mp4, webp, gif, pngFolder

    /// The format for `path`: a folder when it ends in `/` or is one, else by its extension.
    static func of(_ path: String) throws -> VideoFormat {
        if path.hasSuffix("/") || isDirectory(path) { return .pngFolder }
        let lower = path.lowercased()
        if lower.hasSuffix(".mp4") { return .mp4 }
        if lower.hasSuffix(".webp") { return .webp }
        if lower.hasSuffix(".gif") { return .gif }
        throw LabError.usage(
            "cannot write \(LabLimits.echo(path)): unsupported output (use .mp4, .webp, .gif, or a folder ending in / for PNGs)"
        )
    }

    /// Whether the format stores every display frame, a still as many times as it lasts (an MP4 at a constant
    /// frame rate, a PNG folder), so that a pause costs time: such a format holds a still at most
    /// `LabLimits.longestStill` seconds. A WebP or a GIF stores a still once with its duration.
    var storesEveryFrame: Bool { self == .mp4 || self == .pngFolder }

    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }
}
