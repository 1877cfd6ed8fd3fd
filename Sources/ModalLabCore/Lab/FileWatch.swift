#if canImport(Glibc)
import Glibc
#endif

/// Tells when a file may have changed, through inotify on its folder (not the file): editors that save by writing
/// a new file and renaming it over the old one replace the inode a watch on the file would follow, but the new
/// file still arrives in the folder under the same name. A path that is a symbolic link is watched in the link's
/// folder (the link re-pointed) and in its target's (the target edited), wherever that is.
package final class FileWatch {
    /// Readable when something happened in a watched folder; hand it to a poll loop, then call `takeChanges`.
    package let fileDescriptor: Int32
    /// The watched (folder watch, name) pairs.
    private var names: [(watch: Int32, name: String)] = []

    /// Watches `path`'s folder, and its target's when it is a link, for writes, renames, creations and deletions
    /// of that name. Nil when inotify is not available (the lab then runs without live reload).
    convenience init?(path: String) { self.init(paths: [path]) }

    /// Watches every one of `paths` as `init(path:)` watches one (a scene file and its images), on one descriptor.
    package init?(paths: [String]) {
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { return nil }
        var found: [(watch: Int32, name: String)] = []
        for candidate in paths + paths.flatMap(FileWatch.linkTargets(of:)) {
            let (folder, name) = FileWatch.split(candidate)
            let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MODIFY)
            let watch = inotify_add_watch(fd, folder, mask)
            if watch >= 0 { found.append((watch, name)) }
        }
        guard !found.isEmpty else {
            close(fd)
            return nil
        }
        fileDescriptor = fd
        names = found
    }

    deinit { close(fileDescriptor) }

    /// Reads every queued event; true when one of them is about a watched name, or when the queue overflowed
    /// (events were dropped, so any of them may have been a save).
    package func takeChanges() -> Bool {
        var changed = false
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return changed }
            changed = FileWatch.events(in: buffer, count: n).contains(where: isChange) || changed
        }
    }

    /// Whether one event says the file may have changed.
    func isChange(_ event: Event) -> Bool {
        event.mask & UInt32(IN_Q_OVERFLOW) != 0 || names.contains { $0.watch == event.watch && $0.name == event.name }
    }

    /// One inotify event: the folder's watch, what happened, and the name in the folder (empty for the queue's
    /// own events).
    struct Event: Equatable {
        var watch: Int32
        var mask: UInt32
        var name: String
    }

    /// The events in `count` bytes read from an inotify descriptor.
    static func events(in buffer: [UInt8], count: Int) -> [Event] {
        var events: [Event] = []
        var offset = 0
        let header = MemoryLayout<inotify_event>.size
        while offset + header <= count {
            let (watch, mask, length) = buffer.withUnsafeBytes {
                (
                    $0.loadUnaligned(fromByteOffset: offset, as: Int32.self),
                    $0.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
                    Int($0.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                )
            }
            let start = offset + header, end = min(count, start + length)
            let bytes = buffer[start ..< end].prefix { $0 != 0 }
            events.append(Event(watch: watch, mask: mask, name: String(decoding: bytes, as: UTF8.self)))
            offset = start + length
        }
        return events
    }

    /// The folder and the name in it.
    private static func split(_ path: String) -> (folder: String, name: String) {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[..<$0]) }.map { $0.isEmpty ? "/" : $0 } ?? "."
        return (folder, slash.map { String(path[path.index(after: $0)...]) } ?? path)
    }

    /// Where a symbolic link leads, fully resolved; empty when `path` is no link (or leads nowhere yet).
    private static func linkTargets(of path: String) -> [String] {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK, let resolved = realpath(path, nil) else {
            return []
        }
        defer { free(resolved) }
        return [String(cString: resolved)]
    }
}
