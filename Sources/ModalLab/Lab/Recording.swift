import ModalKit

/// Input as the lab received it, with the lab-clock time it arrived: what `--record` writes and `--replay` reads.
/// One JSON object per line: `t` (seconds since start), `type` (down, move, up, key, lost, resize, close) and the
/// event's fields (`x`, `y` in points and `time` in server seconds; `key`; `reason`; `w`, `h`).
public struct Recording {
    public struct Entry: Equatable {
        public var t: Double
        public var event: InputEvent
    }

    public var entries: [Entry] = []

    public init(entries: [Entry] = []) { self.entries = entries }

    /// One line for an event received at lab time `t`.
    static func line(t: Double, event: InputEvent) -> String {
        var fields: [(String, JSONValue)] = [("t", .rounded(t, 6))]
        func point(_ type: String, _ p: Point, _ time: Double) {
            fields += [("type", .string(type)), ("x", .rounded(p.x, 3)), ("y", .rounded(p.y, 3)), ("time", .rounded(time, 6))]
        }
        switch event {
        case .pointerDown(let p, let time): point("down", p, time)
        case .pointerMove(let p, let time): point("move", p, time)
        case .pointerUp(let p, let time): point("up", p, time)
        case .keyDown(let key, let time):
            fields += [("type", .string("key")), ("key", .string(Recording.name(of: key))), ("time", .rounded(time, 6))]
        case .resize(let size):
            fields += [("type", .string("resize")), ("w", .rounded(size.width, 3)), ("h", .rounded(size.height, 3))]
        case .close: fields += [("type", .string("close"))]
        case .pointerLost(let reason): fields += [("type", .string("lost")), ("reason", .string(reason.rawValue))]
        }
        return JSONValue.object(fields)
    }

    /// Reads a recording; a malformed line is an error naming its line number.
    public static func read(from path: String) throws -> Recording {
        guard let bytes = FileContents.bytes(atPath: path), let text = String(validating: bytes, as: UTF8.self) else {
            throw LabError.io("cannot read recording \(path)")
        }
        var recording = Recording()
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where !line.isEmpty {
            guard let entry = entry(String(line)) else {
                throw LabError.usage("recording \(path): line \(number + 1) is not a recorded event")
            }
            recording.entries.append(entry)
        }
        return recording
    }

    private static func entry(_ line: String) -> Entry? {
        guard let object = JSONInput.parse(line)?.members,
              let t = object["t"]?.number, t.isFinite, let type = object["type"]?.string else { return nil }
        let number = { (key: String) -> Double? in object[key]?.number.flatMap { $0.isFinite ? $0 : nil } }
        let point = number("x").flatMap { x in number("y").map { Point(x: x, y: $0) } }
        let time = number("time")
        let event: InputEvent?
        switch type {
        case "down": event = point.flatMap { p in time.map { .pointerDown(p, time: $0) } }
        case "move": event = point.flatMap { p in time.map { .pointerMove(p, time: $0) } }
        case "up": event = point.flatMap { p in time.map { .pointerUp(p, time: $0) } }
        case "key": event = object["key"]?.string.flatMap(key(named:)).flatMap { k in time.map { .keyDown(k, time: $0) } }
        case "resize": event = number("w").flatMap { w in number("h").map { .resize(Size(width: w, height: $0)) } }
        case "close": event = .close
        case "lost": event = object["reason"]?.string.flatMap(PointerLossReason.init(rawValue:)).map { .pointerLost($0) }
        default: event = nil
        }
        return event.map { Entry(t: t, event: $0) }
    }

    static func name(of key: Key) -> String {
        switch key {
        case .escape: return "escape"
        case .space: return "space"
        case .returnKey: return "return"
        case .tab: return "tab"
        case .character(let c): return String(c)
        case .other(let code): return "#\(code)"
        }
    }

    static func key(named name: String) -> Key? {
        switch name {
        case "escape": return .escape
        case "space": return .space
        case "return": return .returnKey
        case "tab": return .tab
        default:
            if name.hasPrefix("#"), let code = UInt32(name.dropFirst()) { return .other(code) }
            return name.count == 1 ? name.first.map { .character($0) } : nil
        }
    }
}
