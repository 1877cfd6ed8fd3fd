#if canImport(Glibc)
import Glibc
#endif

/// Refuses one file named for two uses (`--trace F --record F`, or `--replay F --record F`), which would
/// interleave two writers in one file or truncate a recording before it is read. Files are compared by what
/// they are (device and inode, through symbolic links; `-` is standard output), not by how they are spelled.
enum OutputPaths {
    private enum Identity: Equatable {
        case file(dev: UInt, inode: UInt)
        /// Not there yet: the real path of its folder and its name.
        case new(String)
    }

    /// Throws when an output is named twice, or names an input (which it would truncate or replace).
    static func checkDistinct(_ configuration: LabConfiguration, configPath: String?) throws {
        let outputs = [("--trace", configuration.tracePath), ("--record", configuration.recordPath),
                       ("--screenshot", configuration.screenshotPath), ("--plot", configuration.plotPath),
                       ("--export", configuration.exportPath),
                       ("--export", configuration.exportPath.map { ParameterExport.paths(for: $0).swift })]
        let inputs = [("--replay", configuration.replayPath), ("--config", configPath), ("--font", configuration.fontPath)]
        var seen: [(String, Identity)] = []
        for case let (option, path?) in outputs {
            guard let identity = identity(of: path, dashIsStandardOutput: option == "--trace") else { continue }
            if let earlier = seen.first(where: { $0.1 == identity }) {
                throw LabError.usage("\(earlier.0) and \(option) name the same file '\(LabLimits.echo(path))'")
            }
            seen.append((option, identity))
        }
        for case let (option, path?) in inputs {
            guard let identity = identity(of: path, dashIsStandardOutput: false),
                  let output = seen.first(where: { $0.1 == identity }) else { continue }
            throw LabError.usage("\(option) and \(output.0) name the same file '\(LabLimits.echo(path))'")
        }
    }

    /// nil for a character device (/dev/null, a terminal): writes to it corrupt no file. Only `--trace` takes
    /// `-` for standard output; elsewhere it is a file of that name.
    private static func identity(of path: String, dashIsStandardOutput: Bool) -> Identity? {
        var info = stat()
        let found = path == "-" && dashIsStandardOutput ? fstat(STDOUT_FILENO, &info) == 0 : stat(path, &info) == 0
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
