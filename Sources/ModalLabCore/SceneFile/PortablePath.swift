#if canImport(Glibc)
import Glibc
#endif
import ModalKit

/// How a file the lab writes (a recording's session line, an exported scene file) names another file (the scene
/// file, its images): relative to the writing file's own folder when the two share a folder below `/`, so the
/// whole tree can move to another folder or machine and still load; absolute otherwise (and for a stream, which
/// has no folder). A reader resolves a relative name against the folder of the file it read it from.
enum PortablePath {
    /// `path` made absolute through its real folder (`written` starts from it; a replay compares scene files so).
    static func absolute(_ path: String) -> String {
        guard let real = realpath(path, nil) else { return path }
        defer { free(real) }
        return String(cString: real)
    }

    /// `path` as a file written at `writer` names it; absolute when `writer` is empty (the session of a run that
    /// records nothing, whose arguments are not relative to any file).
    static func written(_ path: String, in writer: String) -> String {
        let target = PortablePath.absolute(path)
        guard target.hasPrefix("/"), !writer.isEmpty, !isStream(writer), let folder = realFolder(of: writer) else {
            return target
        }
        let from = components(folder), to = components(target)
        let common = zip(from, to).prefix { $0 == $1 }.count
        // Sharing only `/` is not a tree that moves together: a path out of it stays absolute.
        guard common > 0 else { return target }
        return (Array(repeating: "..", count: from.count - common) + to[common...]).joined(separator: "/")
    }

    /// The path a name `written` in the file at `reader` means: absolute as it is, relative to the reader's folder
    /// (to the current folder when the reader is a stream, `--replay /dev/stdin`). A reader that is a symbolic link
    /// counts from its target's folder, where the name was written; a folder link on the way needs nothing, since
    /// the system follows `..` from where a link leads.
    static func resolved(_ written: String, in reader: String) -> String {
        guard !written.hasPrefix("/"), !isStream(reader) else { return written }
        let file = isLink(reader) ? real(reader) ?? reader : reader
        guard let slash = file.lastIndex(of: "/") else { return written }
        return String(file[...slash]) + written
    }

    /// The real path of the folder `file` is in (its target's, when `file` is a symbolic link).
    private static func realFolder(of file: String) -> String? {
        let file = isLink(file) ? real(file) ?? file : file
        let slash = file.lastIndex(of: "/")
        return real(slash.map { String(file[..<$0]) }.map { $0.isEmpty ? "/" : $0 } ?? ".")
    }

    private static func real(_ path: String) -> String? {
        guard let real = realpath(path, nil) else { return nil }
        defer { free(real) }
        return String(cString: real)
    }

    private static func isLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
    }

    private static func components(_ absolute: String) -> [String] {
        absolute.split(separator: "/").map(String.init)
    }

    /// Whether `path` is there and not a regular file (a FIFO, a terminal, `/dev/stdout`).
    private static func isStream(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT != S_IFREG
    }
}
