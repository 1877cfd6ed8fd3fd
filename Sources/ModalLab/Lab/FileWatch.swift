#if canImport(Glibc)
import Glibc
#endif

/// Tells when a file may have changed, through inotify on its folder (not the file): editors that save by writing
/// a new file and renaming it over the old one replace the inode a watch on the file would follow, but the new
/// file still arrives in the folder under the same name.
final class FileWatch {
    /// Readable when something happened in the folder; hand it to a poll loop, then call `takeChanges`.
    let fileDescriptor: Int32
    private let name: String

    /// Watches `path`'s folder for writes, renames, creations and deletions of that name. Nil when inotify is not
    /// available (the lab then runs without live reload).
    init?(path: String) {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[..<$0]) }.map { $0.isEmpty ? "/" : $0 } ?? "."
        name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { return nil }
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MODIFY)
        guard inotify_add_watch(fd, folder, mask) >= 0 else {
            close(fd)
            return nil
        }
        fileDescriptor = fd
    }

    deinit { close(fileDescriptor) }

    /// Reads every queued event; true when one of them is about the watched name.
    func takeChanges() -> Bool {
        var changed = false
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return changed }
            changed = changed || names(in: buffer, count: n).contains(name)
        }
    }

    /// The names in `count` bytes of inotify events.
    private func names(in buffer: [UInt8], count: Int) -> [String] {
        var names: [String] = []
        var offset = 0
        let header = MemoryLayout<inotify_event>.size
        while offset + header <= count {
            let length = buffer.withUnsafeBytes { Int($0.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self)) }
            let start = offset + header, end = min(count, start + length)
            let bytes = buffer[start ..< end].prefix { $0 != 0 }
            names.append(String(decoding: bytes, as: UTF8.self))
            offset = start + length
        }
        return names
    }
}
