import Foundation
import ModalKitTestSupport

/// One line of the lab's `--trace` file: a JSON object with `t` and `type`.
struct LabXEvent {
    /// Its position in the file, counting from 0.
    let index: Int
    let fields: [String: Any]

    var type: String { string("type") ?? "" }
    var t: Double { (fields["t"] as? NSNumber)?.doubleValue ?? .nan }

    func string(_ key: String) -> String? { fields[key] as? String }
    func bool(_ key: String) -> Bool? { (fields[key] as? NSNumber)?.boolValue }
    func numbers(_ key: String) -> [Double]? { (fields[key] as? [NSNumber])?.map(\.doubleValue) }

    /// The top modal's view as shown, [x, y, w, h] in points; nil when no modal is up.
    var card: [Double]? { numbers("card") }
    /// The pointer's last position in window points.
    var pointer: [Double]? { numbers("pointer") }
}

/// The trace a running lab writes (flushed per line), read again from where it was left on every poll.
final class LabXTrace {
    let path: String
    private(set) var events: [LabXEvent] = []
    private var parsedBytes = 0

    init(path: String) { self.path = path }

    /// The number of lines so far: events the test causes from now on have an index at least this.
    var mark: Int {
        refresh()
        return events.count
    }

    /// Reads the complete lines written since the last call.
    func refresh() {
        guard let data = FileManager.default.contents(atPath: path), data.count > parsedBytes else { return }
        let fresh = data[parsedBytes...]
        guard let lastNewline = fresh.lastIndex(of: UInt8(ascii: "\n")) else { return }
        for line in fresh[..<lastNewline].split(separator: UInt8(ascii: "\n")) {
            let object = (try? JSONSerialization.jsonObject(with: Data(line))) as? [String: Any] ?? [:]
            events.append(LabXEvent(index: events.count, fields: object))
        }
        parsedBytes = lastNewline + 1
    }

    /// Events at `from` or later.
    func events(from start: Int, type: String? = nil) -> [LabXEvent] {
        refresh()
        return events.dropFirst(start).filter { type == nil || $0.type == type }
    }

    /// Polls the file until an event at `from` or later satisfies `predicate`, for up to `timeout` seconds.
    func waitFor(from start: Int, timeout: Double = 15, _ predicate: (LabXEvent) -> Bool) -> LabXEvent? {
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
