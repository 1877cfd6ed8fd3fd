import ModalKit

/// Input as the lab received it, with the lab-clock time it arrived: what `--record` writes and `--replay` reads.
/// One JSON object per line: `t` (seconds since start), `type` (down, move, up, scroll, pinch, key, lost, resize, close)
/// and the event's fields (`x`, `y` in points and `time` in server seconds; a scroll's `dx`, `dy` in points and
/// `precise`; a pinch's `phase` and cumulative `scale`, at its center `x`, `y`; `key`; `reason`; `w`, `h`).
package struct Recording {
    /// One recorded event and when it came.
    package struct Entry: Equatable {
        /// Seconds since the lab started, on its clock.
        package var t: Double
        /// The input event.
        package var event: InputEvent
    }

    /// The events in order.
    package var entries: [Entry] = []
    /// The options of the session that made the recording (its first line, `RecordedSession`); nil for a
    /// recording made before sessions were written.
    package var sessionArguments: [String]?
    /// The digests of the files the session's scene file read (`RecordedSession.Digest`); empty when it names
    /// none (a built-in scene, or a recording made before digests were written).
    var sessionDigests: [RecordedSession.Digest] = []

    /// A recording of `entries`.
    package init(entries: [Entry] = []) { self.entries = entries }

    /// One line for an event received at lab time `t`.
    static func line(t: Double, event: InputEvent) -> String {
        var fields: [(String, JSONValue)] = [("t", .rounded(t, 6))]
        func point(_ type: String, _ p: Point, _ time: Double) {
            fields += [
                ("type", .string(type)), ("x", .rounded(p.x, 3)), ("y", .rounded(p.y, 3)), ("time", .rounded(time, 6))
            ]
        }
        switch event {
        case .pointerDown(let p, let time): point("down", p, time)
        case .pointerMove(let p, let time): point("move", p, time)
        case .pointerUp(let p, let time): point("up", p, time)
        case let .scroll(delta, p, time, precise):
            point("scroll", p, time)
            fields += [("dx", .rounded(delta.x, 3)), ("dy", .rounded(delta.y, 3)), ("precise", .bool(precise))]
        case let .pinch(phase, scale, p, time):
            point("pinch", p, time)
            fields += [("phase", .string(phase.rawValue)), ("scale", .rounded(scale, 6))]
        case .keyDown(let key, let time):
            fields += [("type", .string("key")), ("key", .string(Recording.name(of: key))), ("time", .rounded(time, 6))]
        case .resize(let size):
            fields += [("type", .string("resize")), ("w", .rounded(size.width, 3)), ("h", .rounded(size.height, 3))]
        case .close: fields += [("type", .string("close"))]
        case .pointerLost(let reason): fields += [("type", .string("lost")), ("reason", .string(reason.rawValue))]
        }
        return JSONValue.object(fields)
    }

    /// Reads a recording from a file or a stream (`/dev/stdin`); a malformed line, or a number past its limit
    /// (`LabLimits`), is an error naming its line number. Lines may end in CRLF.
    package static func read(from path: String) throws -> Recording {
        let shown = LabLimits.echo(path)
        let bytes = try InputFile.read(path, what: "recording", streams: true)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw LabError.usage("recording \(shown) is not UTF-8 text")
        }
        var recording = Recording()
        // In Swift "\r\n" is one Character, so a CRLF line break is matched whole.
        let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
        for (number, line) in lines.enumerated() {
            guard !line.allSatisfy(\.isWhitespace) else { continue }
            do {
                if let (arguments, digests) = try session(String(line)) {
                    guard recording.sessionArguments == nil else { throw LineProblem(text: "is a second session line") }
                    (recording.sessionArguments, recording.sessionDigests) = (arguments, digests)
                    continue
                }
                recording.entries.append(try entry(String(line)))
            } catch let problem as LineProblem {
                throw LabError.usage("recording \(shown): line \(number + 1) \(problem.text)")
            }
        }
        return recording
    }

    /// Every recorded resize must fit the window's pixel limits at the scale the run draws at; `path` names the
    /// recording in the error.
    package func checkResizes(scale: Double, path: String) throws {
        for entry in entries {
            guard case .resize(let size) = entry.event else { continue }
            let what =
                "recording \(LabLimits.echo(path)): resize to \(LabLimits.show(size.width))x\(LabLimits.show(size.height)) at t \(entry.t)"
            try LabLimits.checkPixels(size, scale: scale, what: what)
        }
    }

    /// What is wrong with one line of a recording.
    private struct LineProblem: Error {
        let text: String
        static let notAnEvent = LineProblem(text: "is not a recorded event")
    }

    /// The session's options and digests when `line` is a session line.
    private static func session(_ line: String) throws -> ([String], [RecordedSession.Digest])? {
        guard let object = JSONInput.parse(line)?.members else { return nil }
        let arguments: [String]?
        do { arguments = try RecordedSession.arguments(of: object) } catch {
            throw LineProblem(text: "is a session line without its list of options")
        }
        guard let arguments else { return nil }
        do { return (arguments, try RecordedSession.digests(of: object)) } catch {
            throw LineProblem(text: "is a session line whose digests are not a list of {\"file\", \"fnv1a64\"}")
        }
    }

    private static func entry(_ line: String) throws -> Entry {
        guard let object = JSONInput.parse(line)?.members,
            let t = object["t"]?.number, let type = object["type"]?.string
        else { throw JSONInput.nestedTooDeep(line.utf8) ? LineProblem(text: JSONInput.tooDeep) : .notAnEvent }
        func number(_ key: String, _ range: ClosedRange<Double>) throws -> Double? {
            guard let value = object[key]?.number else { return nil }
            guard value.isFinite, range.contains(value) else {
                throw LineProblem(
                    text:
                        "has \(key) \(value), outside \(LabLimits.show(range.lowerBound))...\(LabLimits.show(range.upperBound))"
                )
            }
            return value
        }
        _ = try number("t", LabLimits.recordedTime)
        let x = try number("x", LabLimits.coordinate), y = try number("y", LabLimits.coordinate)
        let point = x.flatMap { x in y.map { Point(x: x, y: $0) } }
        let time = try number("time", LabLimits.serverTime)
        let w = try number("w", LabLimits.resizeSide), h = try number("h", LabLimits.resizeSide)
        let dx = try number("dx", LabLimits.coordinate), dy = try number("dy", LabLimits.coordinate)
        let event: InputEvent?
        switch type {
        case "down": event = point.flatMap { p in time.map { .pointerDown(p, time: $0) } }
        case "move": event = point.flatMap { p in time.map { .pointerMove(p, time: $0) } }
        case "up": event = point.flatMap { p in time.map { .pointerUp(p, time: $0) } }
        case "scroll":
            let delta = dx.flatMap { dx in dy.map { Point(x: dx, y: $0) } }
            event = point.flatMap { p in
                delta.flatMap { d in
                    time.map {
                        .scroll(delta: d, at: p, time: $0, precise: object["precise"]?.bool ?? false)
                    }
                }
            }
        case "pinch": event = try pinch(object, at: point, time: time)
        case "key":
            event = object["key"]?.string.flatMap(key(named:)).flatMap { k in time.map { .keyDown(k, time: $0) } }
        case "resize": event = w.flatMap { w in h.map { .resize(Size(width: w, height: $0)) } }
        case "close": event = .close
        case "lost":
            event = object["reason"]?.string.flatMap(PointerLossReason.init(rawValue:)).map { .pointerLost($0) }
        default: event = nil
        }
        guard let event else { throw LineProblem.notAnEvent }
        return Entry(t: t, event: event)
    }

    /// A pinch line's event: its `phase` one of began, changed, ended, cancelled; its `scale` positive and finite,
    /// within `LabLimits.pinchScale`.
    private static func pinch(_ object: [String: JSONInput], at point: Point?, time: Double?) throws -> InputEvent? {
        guard let point, let time, let name = object["phase"]?.string else { return nil }
        guard let phase = PinchPhase(rawValue: name) else {
            throw LineProblem(
                text: "has pinch phase '\(LabLimits.echo(name))', not one of began, changed, ended, cancelled")
        }
        guard let scale = object["scale"]?.number else { return nil }
        let range = LabLimits.pinchScale
        guard scale.isFinite, range.contains(scale) else {
            throw LineProblem(
                text:
                    "has scale \(scale), outside \(LabLimits.show(range.lowerBound))...\(LabLimits.show(range.upperBound))"
            )
        }
        return .pinch(phase, scale: scale, center: point, time: time)
    }

    static func name(of key: Key) -> String {
        switch key {
        case .escape: return "escape"
        case .space: return "space"
        case .returnKey: return "return"
        case .tab: return "tab"
        case .up: return "up"
        case .down: return "down"
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
        case "up": return .up
        case "down": return .down
        default:
            if name.hasPrefix("#"), let code = UInt32(name.dropFirst()) { return .other(code) }
            return name.count == 1 ? name.first.map { .character($0) } : nil
        }
    }
}
