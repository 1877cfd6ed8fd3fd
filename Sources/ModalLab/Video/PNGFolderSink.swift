#if canImport(Glibc)
import Glibc
#endif
import ModalKit

/// A folder of PNGs, `frame-00001.png` on, one per display frame: for a tool of the user's own, or to compare a
/// frame with a screenshot. Each file is written through `OutputFile`; a render that fails or is stopped removes
/// the frames it wrote (and the folder, when it made it), so the folder is complete or as it was.
final class PNGFolderSink: VideoSink {
    private let folder: String
    private let madeFolder: Bool
    private var written: [String] = []

    /// Makes the folder when it is not there; `shown` is how messages name it.
    init(folder path: String) throws {
        folder = path.hasSuffix("/") ? String(path.dropLast()) : path
        madeFolder = !VideoFormat.isDirectory(folder)
        if madeFolder && mkdir(folder, 0o755) != 0 {
            throw LabError.io("cannot make folder \(LabLimits.echo(path)): \(InputFile.reason())")
        }
        // A folder that takes no files fails now, not after the render.
        do { _ = try OutputFile(path: name(1), name: "frame \(LabLimits.echo(name(1)))") } catch {
            abandon()
            throw LabError.io("\(error)")
        }
    }

    private func name(_ index: Int) -> String {
        let digits = String(index)
        return folder + "/frame-" + String(repeating: "0", count: max(0, 5 - digits.count)) + digits + ".png"
    }

    func add(_ frame: Bitmap, count: Int) throws {
        let bytes = try PNG.encode(frame)
        for _ in 0 ..< count {
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
