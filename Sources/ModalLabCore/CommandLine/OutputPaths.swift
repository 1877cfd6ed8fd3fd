#if canImport(Glibc)
import Glibc
#endif
import ModalKit

/// Refuses one file named for two uses (`--trace F --record F`, or `--replay F --record F`), which would
/// interleave two writers in one file or truncate a recording before it is read, and an export by E (without
/// `--export`) into a file this run reads or writes. Files are compared by what
/// they are (device and inode, through symbolic links; `-` is standard output), not by how they are spelled.
/// modal-bench checks its own outputs (`--json`, `--plot`) here too.
public enum OutputPaths {
    private enum Identity: Equatable {
        case file(dev: UInt, inode: UInt)
        /// Not there yet: the real path of its folder and its name.
        case new(String)
    }

    /// Throws when an output is named twice, or names an input (which it would truncate or replace).
    static func checkDistinct(_ configuration: LabConfiguration, configPath: String?) throws {
        let seen = try distinct(outputs(configuration))
        for case let (option, path?) in inputs(configuration, configPath: configPath) {
            guard let identity = identity(of: path),
                let output = seen.first(where: { $0.1 == identity })
            else { continue }
            throw LabError.usage("\(option) and \(output.0) name the same file '\(LabLimits.echo(path))'")
        }
    }

    /// Throws (`LabError.usage`) when `path`, written as `option`, is a file `configuration`'s session reads (its
    /// scene file or an image of it, in any scale variant): `render` writing its video over a recorded session's
    /// image would replace the designer's picture.
    package static func checkNotRead(_ option: String, _ path: String, by configuration: LabConfiguration) throws {
        guard let output = identity(of: path) else { return }
        for case let (input, other?) in inputs(configuration, configPath: nil)
        where identity(of: other) == output {
            throw LabError.usage("\(input) and \(option) name the same file '\(LabLimits.echo(path))'")
        }
    }

    /// Throws (`LabError.usage`) when a subcommand's `output` is the file it reads, `input` (`render R R`, `plot
    /// TRACE TRACE`, through a link too, or `plot - TRACE < TRACE`), which writing would replace. With
    /// `dashIsStandardInput`, the input `-` is standard input (and so whatever file that is).
    package static func checkCommand(
        reads input: (option: String, path: String), writes output: (option: String, path: String),
        dashIsStandardInput: Bool = false
    ) throws {
        guard let written = identity(of: output.path),
            identity(of: input.path, dash: dashIsStandardInput ? STDIN_FILENO : nil) == written
        else { return }
        throw LabError.usage("\(input.option) and \(output.option) name the same file '\(LabLimits.echo(output.path))'")
    }

    /// Throws (`LabError.usage`) when two of `outputs`, each an option and its path (nil: not given), are one file.
    public static func checkDistinct(_ outputs: [(option: String, path: String?)]) throws {
        _ = try distinct(outputs.map { ($0.option, $0.path) })
    }

    /// The identities of `outputs`; throws when two are the same file.
    private static func distinct(_ outputs: [(String, String?)]) throws -> [(String, Identity)] {
        var seen: [(String, Identity)] = []
        for case let (option, path?) in outputs {
            guard let identity = identity(of: path, dash: option == "--trace" ? STDOUT_FILENO : nil) else { continue }
            if let earlier = seen.first(where: { $0.1 == identity }) {
                throw LabError.usage("\(earlier.0) and \(option) name the same file '\(LabLimits.echo(path))'")
            }
            seen.append((option, identity))
        }
        return seen
    }

    /// Throws when a file E writes without `--export` (`modal-lab-SCENE.json`, `.swift` and `-swiftui.swift` in the
    /// current folder) is a file this run reads or writes: exporting would replace the config with every
    /// parameter, or the trace with an export while the rest of the trace went to a file no longer in any folder.
    /// Asked at each E, since the scene (and so the name) can change and the files can appear while the lab runs.
    static func checkDefaultExport(_ path: String, _ configuration: LabConfiguration) throws {
        let named = outputs(configuration) + inputs(configuration, configPath: configuration.configPath)
        for file in ParameterExport.files(for: path) {
            guard let export = identity(of: file.path) else { continue }
            for case let (option, other?) in named
            where identity(of: other, dash: option == "--trace" ? STDOUT_FILENO : nil) == export {
                throw LabError.io(
                    "cannot write \(file.name): it is the \(option) file of this run (name another with --export FILE)")
            }
        }
    }

    private static func outputs(_ configuration: LabConfiguration) -> [(String, String?)] {
        [
            ("--trace", configuration.tracePath), ("--record", configuration.recordPath),
            ("--screenshot", configuration.screenshotPath), ("--plot", configuration.plotPath),
            ("--video", configuration.videoPath),
            ("--export", configuration.exportPath),
            ("--export", configuration.exportPath.flatMap { ParameterExport.paths(for: $0).swift }),
            ("--export", configuration.exportPath.flatMap { ParameterExport.paths(for: $0).swiftUI })
        ]
    }

    private static func inputs(_ configuration: LabConfiguration, configPath: String?) -> [(String, String?)] {
        [
            ("--replay", configuration.replayPath), ("--config", configPath), ("--font", configuration.fontPath),
            ("--compare", configuration.compare?.file), ("--scene-file", configuration.sceneFilePath),
            ("--compare's scene file", configuration.compare?.sceneFile?.file.path)
        ]
            + images(configuration.sceneFile, "--scene-file's image")
            + images(configuration.compare?.sceneFile, "--compare's scene-file image")
    }

    /// Every scale variant of `loaded`'s images, there or not (another window scale or a live reload reads it),
    /// each named `option`.
    private static func images(_ loaded: LoadedSceneFile?, _ option: String) -> [(String, String?)] {
        (loaded?.file.imagePaths ?? []).flatMap { ImageFile.variants(of: $0).map(\.path) }.map { (option, $0) }
    }

    /// nil for a character device (/dev/null, a terminal): writes to it corrupt no file. `dash` is the stream `-`
    /// stands for where the option takes one (`--trace -` standard output, `plot -` standard input); elsewhere
    /// it is a file of that name.
    private static func identity(of path: String, dash: Int32? = nil) -> Identity? {
        var info = stat()
        let found = path == "-" && dash != nil ? fstat(dash ?? 0, &info) == 0 : stat(path, &info) == 0
        if found {
            if info.st_mode & S_IFMT == S_IFCHR { return nil }
            return .file(dev: UInt(info.st_dev), inode: UInt(info.st_ino))
        }
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[..<$0]) }.map { $0.isEmpty ? "/" : $0 } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard let real = realpath(folder, nil) else { return .new(path) }
        defer { free(real) }
        return .new(String(cString: real) + "/" + name)
    }
}
