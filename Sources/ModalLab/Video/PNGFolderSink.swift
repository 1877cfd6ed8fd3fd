#if canImport(Glibc)
import Glibc
#endif
import ModalKit
import ModalKitX11

/// A folder of PNGs, `frame-00001.png` on, one per display frame: for a tool of the user's own, or to compare a
/// frame with a screenshot. Each file is written through `OutputFile`; a render that fails or is stopped removes
/// the frames it wrote (and the folder, when it made it), so the folder is complete or as it was.
final class PNGFolderSink: VideoSink {
    private let folder: String
    private let madeFolder: Bool
    private var written: [String] = []
    private let signals: StopSignals?

    /// Makes the folder when it is not there. A stop signal ends the writing of a held frame's copies.
    init(folder path: String, signals: StopSignals? = nil) throws {
        folder = path.hasSuffix("/") ? String(path.dropLast()) : path
        self.signals = signals
        madeFolder = !VideoFormat.isDirectory(folder)
        if madeFolder && mkdir(folder, 0o755) != 0 {
            throw LabError.io("cannot make folder \(LabLimits.echo(path)): \(InputFile.reason())")
        }
        // An earlier render's frames would be overwritten (and deleted, were this one stopped), or outlive its end.
        if !madeFolder, let earlier = PNGFolderSink.firstFrame(in: folder) {
            throw LabError.io(
                "cannot write frames into \(LabLimits.echo(path)): it holds \(LabLimits.echo(earlier)) of another render "
                    + "(name a new or empty folder)")
        }
        // A folder that takes no files fails now, not after the render.
        do { _ = try OutputFile(path: name(1), name: "frame \(LabLimits.echo(name(1)))") } catch {
            abandon()
            throw LabError.io("\(error)")
        }
    }

    /// The first file named like a frame (`frame-NNNNN.png`) in `folder`, if any.
    private static func firstFrame(in folder: String) -> String? {
        guard let directory = opendir(folder) else { return nil }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name.hasPrefix("frame-") && name.hasSuffix(".png") { return name }
        }
        return nil
    }

    private func name(_ index: Int) -> String {
        let digits = String(index)
        return folder + "/frame-" + String(repeating: "0", count: max(0, 5 - digits.count)) + digits + ".png"
    }

    func add(_ frame: Bitmap, count: Int) throws {
        let bytes = try PNG.encode(frame)
        for _ in 0 ..< count {
            // A still is written as many times as it lasts (up to `LabLimits.longestStill`): hundreds of files.
            if let signal = signals?.take() { throw RenderStopped(signal: signal) }
            let path = name(written.count + 1)
            do { try OutputFile(path: path, name: "frame \(LabLimits.echo(path))").write(bytes) } catch {
                throw LabError.io("\(error)")
            }
            written.append(path)
        }
    }

    func finish() throws { written = [] }

    func abandon() {
        for path in written { unlink(path) }
        written = []
        if madeFolder { rmdir(folder) }
    }
}
