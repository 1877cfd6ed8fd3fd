import Glibc

/// Whole small files read with libc, so that reading a config or a recording needs no Foundation.
enum FileContents {
    /// The file's bytes, or nil when it cannot be opened or read (a directory, say).
    static func bytes(atPath path: String) -> [UInt8]? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = fread(&chunk, 1, chunk.count, file)
            bytes.append(contentsOf: chunk[0 ..< n])
            if n < chunk.count { break }
        }
        guard ferror(file) == 0 else { return nil }
        return bytes
    }
}
