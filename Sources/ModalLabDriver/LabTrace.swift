import Foundation
import Glibc
import ModalLabCore

/// One line of the lab's `--trace` file: a JSON object with `t` and `type` (README.md lists the fields), read
/// with the lab's own reader (`TraceLine`).
public struct LabTraceEvent {
    /// Its position in the file, counting from 0.
    public let index: Int
    /// The line as written, for a failing test's message.
    public let text: String
    /// The line read; nil when it is not a trace line (a JSON object with `t` and `type`).
    public let line: TraceLine?

    /// frame, gesture, transition, settled or scene.
    public var type: String { line?.type ?? "" }
    /// Seconds since the lab started.
    public var t: Double { line?.t ?? .nan }

    /// Whether the line has the field, null or not.
    public func has(_ key: String) -> Bool { line?.has(key) ?? false }
    /// A string field, nil when absent or of another type.
    public func string(_ key: String) -> String? { line?.string(key) }
    /// A boolean field.
    public func bool(_ key: String) -> Bool? { line?.bool(key) }
    /// A number field, nil when absent or of another type.
    public func number(_ key: String) -> Double? { line?.number(key) }
    /// An array of numbers.
    public func numbers(_ key: String) -> [Double]? { line?.numbers(key) }
    /// A number inside an object field (a `scene` line's parameter).
    public func number(_ key: String, in object: String) -> Double? { line?.number(key, in: object) }

    /// The top modal's view as shown, [x, y, w, h] in points; nil when no modal is up.
    public var card: [Double]? { numbers("card") }
    /// The pointer's last position in window points.
    public var pointer: [Double]? { numbers("pointer") }
}

/// The trace a running lab writes (flushed per line), read again from where it was left on every poll.
public final class LabTrace {
    /// The trace file.
    public let path: String
    /// Every complete line read so far.
    public private(set) var events: [LabTraceEvent] = []
    private var parsedBytes = 0

    /// A reader of `path` (which may not exist yet).
    public init(path: String) { self.path = path }

    /// The number of lines so far: events caused from now on have an index at least this.
    public var mark: Int {
        refresh()
        return events.count
    }

    /// Reads the complete lines written since the last call: only the bytes after what was read (a soak's trace
    /// grows to megabytes, polled every few milliseconds).
    public func refresh() {
        guard let file = fopen(path, "rb") else { return }
        defer { fclose(file) }
        guard fseek(file, parsedBytes, SEEK_SET) == 0 else { return }
        var fresh: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = fread(&chunk, 1, chunk.count, file)
            if n <= 0 { break }
            fresh += chunk[0 ..< n]
        }
        guard let lastNewline = fresh.lastIndex(of: UInt8(ascii: "\n")) else { return }
        for bytes in fresh[..<lastNewline].split(separator: UInt8(ascii: "\n")) {
            let text = String(decoding: bytes, as: UTF8.self)
            events.append(LabTraceEvent(index: events.count, text: text, line: TraceLine(text)))
        }
        parsedBytes += lastNewline + 1
    }

    /// Events at `from` or later, of one type if given.
    public func events(from start: Int, type: String? = nil) -> [LabTraceEvent] {
        refresh()
        return events.dropFirst(start).filter { type == nil || $0.type == type }
    }

    /// Polls the file until an event at `from` or later satisfies `predicate`, for up to `timeout` seconds.
    public func waitFor(from start: Int, timeout: Double = 15, _ predicate: (LabTraceEvent) -> Bool) -> LabTraceEvent? {
        let deadline = ChildProcess.now() + timeout
        var checked = start
        while true {
            refresh()
            if let hit = events.dropFirst(checked).first(where: predicate) { return hit }
            checked = max(checked, events.count)
            guard ChildProcess.now() < deadline else { return nil }
            // The lab writes a line per frame; a few milliseconds between reads is plenty.
            var pause = timespec(tv_sec: 0, tv_nsec: 4_000_000)
            nanosleep(&pause, nil)
        }
    }
}
