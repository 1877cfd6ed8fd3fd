import Glibc

/// Loads a designer's PNG by the names iOS uses for scale variants: given `Home.png`, the files `Home.png`
/// (1x), `Home@2x.png` and `Home@3x.png` beside it are candidates, and the one drawn best on a window of a
/// given scale is read. A name that already says its scale (`Home@2x.png`) is that file alone, at that scale.
public enum ImageFile {
    /// One file that may hold the picture, and its pixels per point.
    public struct Variant: Equatable, Sendable {
        /// The file's path.
        public let path: String
        /// Pixels per point: 1 for `Home.png`, 2 for `Home@2x.png`.
        public let scale: Double
    }

    /// Reads the variant of `path` that suits a window of `scale` pixels per point (see `pick`) and returns its
    /// pixels and its own scale, so a view draws it at `bitmap.width / scale` points. Errors are
    /// `PNG.read(from:limits:)`'s one line, naming the file picked, or the file asked for when none exists.
    public static func load(path: String, scale: Double, limits: ImageLimits = .default) throws -> (
        bitmap: Bitmap, scale: Double
    ) {
        let existing = variants(of: path).filter { exists($0.path) }
        guard let chosen = pick(existing, forScale: scale) else {
            return (try PNG.read(from: path, limits: limits), statedScale(of: path) ?? 1)
        }
        return (try PNG.read(from: chosen.path, limits: limits), chosen.scale)
    }

    /// The files that may hold `path`'s picture, lowest scale first, whether they exist or not: the 1x, @2x
    /// and @3x names for a plain name, or the file alone for a name with `@Nx` in it. A live reload watches
    /// all of them, since saving a new variant changes which one is picked.
    public static func variants(of path: String) -> [Variant] {
        if let stated = statedScale(of: path) { return [Variant(path: path, scale: stated)] }
        let (stem, suffix) = split(path)
        return [
            Variant(path: path, scale: 1), Variant(path: stem + "@2x" + suffix, scale: 2),
            Variant(path: stem + "@3x" + suffix, scale: 3)
        ]
    }

    /// The variant with the smallest scale at or above `scale` (it is only ever shrunk, which stays sharp),
    /// else the largest there is; nil for none.
    public static func pick(_ variants: [Variant], forScale scale: Double) -> Variant? {
        let sorted = variants.sorted { $0.scale < $1.scale }
        return sorted.first { $0.scale >= scale } ?? sorted.last
    }

    /// The N of a file name ending in `@Nx` before its extension (`Home@2x.png`), N from 1 to 9, else nil.
    static func statedScale(of path: String) -> Double? {
        let stem = split(path).stem
        let name = stem.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
        guard name.count > 3, name.hasSuffix("x"), let at = name.lastIndex(of: "@") else { return nil }
        let digits = name[name.index(after: at) ..< name.index(before: name.endIndex)]
        guard digits.count == 1, let n = Int(digits), n >= 1 else { return nil }
        return Double(n)
    }

    /// `path` without and with its extension: "/a/Home.png" is ("/a/Home", ".png"); no dot in the last
    /// component means no extension.
    private static func split(_ path: String) -> (stem: String, suffix: String) {
        let slash = path.lastIndex(of: "/")
        guard let dot = path.lastIndex(of: "."), slash.map({ dot > $0 }) ?? true,
            dot != (slash.map { path.index(after: $0) } ?? path.startIndex)
        else { return (path, "") }
        return (String(path[..<dot]), String(path[dot...]))
    }

    /// Whether something is at `path` (a folder or a FIFO counts: reading it then says what is wrong).
    private static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }
}
