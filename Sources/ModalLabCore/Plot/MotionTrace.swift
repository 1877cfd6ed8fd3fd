import Glibc
import ModalKit

/// The records of a lab trace (README's Trace section) that a motion plot needs, read back from JSON Lines.
package struct MotionTrace {
    struct Frame { var t: Double; var card: Rect?; var pointer: Point? }
    struct Gesture {
        var t: Double
        var state: String
        var velocity: Point
        /// At a release: each estimator's reading, by name, in the lab's order.
        var estimates: [(name: String, velocity: Point)] = []
        /// The estimator whose reading is `velocity`.
        var estimator: String?
    }
    struct Transition { var t: Double; var event: String; var kind: String; var interactive: Bool }
    struct Settled { var t: Double; var top: String }
    /// A `scene` record, with the release rule's lines when the lab wrote them.
    struct SceneRecord {
        var t: Double
        var name: String
        var thresholdY: Double?
        var velocityThreshold: Double?
        var detents: [Double]
    }

    /// One record as the lab publishes it and a trace line reads back: what a plot and the inspector take.
    enum Record {
        case scene(SceneRecord)
        case frame(Frame)
        case gesture(Gesture)
        case transition(Transition)
        case settled(Settled)

        /// When it happened, seconds on the lab's clock.
        var t: Double {
            switch self {
            case .scene(let r): return r.t
            case .frame(let r): return r.t
            case .gesture(let r): return r.t
            case .transition(let r): return r.t
            case .settled(let r): return r.t
            }
        }
    }

    var frames: [Frame] = []
    var gestures: [Gesture] = []
    var transitions: [Transition] = []
    var settles: [Settled] = []
    var scenes: [SceneRecord] = []

    /// A trace file larger than this is not a lab trace of a few gestures; refused before reading.
    static let maximumBytes = 64 << 20

    /// Reads a trace file (`-`: standard input): one clear error for a missing, oversized, empty or malformed file,
    /// or one that is a FIFO or device (which could block for ever).
    package static func read(from path: String) throws -> MotionTrace {
        let isStandardInput = path == "-"
        let bytes = try InputFile.read(
            isStandardInput ? "/dev/stdin" : path, what: "trace", streams: isStandardInput,
            limit: maximumBytes)
        let shown = LabLimits.echo(path)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw LabError.usage("trace \(shown) is not UTF-8 text")
        }
        do { return try parse(text) } catch let error as LabError { throw LabError.usage("trace \(shown): \(error)") }
    }

    /// Parses JSON Lines; blank lines are skipped, record types it does not plot are ignored, and of a compare
    /// trace (`--compare`) only stage A's lines are read: a plot is of one stage.
    static func parse(_ text: String) throws -> MotionTrace {
        var trace = MotionTrace(), count = 0
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where !line.allSatisfy(\.isWhitespace) {
            guard let object = JSONInput.parse(String(line))?.members else {
                let problem = JSONInput.nestedTooDeep(line.utf8) ? JSONInput.tooDeep : "is not a JSON object"
                throw LabError.usage("line \(number + 1) \(problem)")
            }
            guard let line = TraceLine(object: object) else {
                throw LabError.usage("line \(number + 1) has no \"t\" and \"type\"")
            }
            count += 1
            // A compare trace plots stage A: B's lines are of the other stage's drag.
            if line.string("side") == "b" { continue }
            trace.add(line)
        }
        guard count > 0 else { throw LabError.usage("empty: no records") }
        return trace
    }

    /// Adds one record where it belongs.
    mutating func add(_ record: Record) {
        switch record {
        case .scene(let r): scenes.append(r)
        case .frame(let r): frames.append(r)
        case .gesture(let r): gestures.append(r)
        case .transition(let r): transitions.append(r)
        case .settled(let r): settles.append(r)
        }
    }

    private mutating func add(_ line: TraceLine) {
        if let record = Self.record(type: line.type, t: line.t, line.fields) { add(record) }
    }

    /// The record a trace line holds, nil for a type a plot does not use.
    private static func record(type: String, t: Double, _ o: [String: JSONInput]) -> Record? {
        switch type {
        case "frame":
            return .frame(Frame(t: t, card: rect(o["card"]), pointer: point(o["pointer"])))
        case "gesture":
            return .gesture(
                Gesture(
                    t: t, state: o["state"]?.string ?? "", velocity: point(o["velocity"]) ?? .zero,
                    estimates: estimates(o["estimates"]), estimator: o["estimator"]?.string))
        case "transition":
            return .transition(
                Transition(
                    t: t, event: o["event"]?.string ?? "", kind: o["kind"]?.string ?? "",
                    interactive: o["interactive"]?.bool ?? false))
        case "settled": return .settled(Settled(t: t, top: o["top"]?.string ?? ""))
        case "scene":
            return .scene(
                SceneRecord(
                    t: t, name: o["name"]?.string ?? "", thresholdY: number(o["threshold_y"]),
                    velocityThreshold: number(o["velocity_threshold"]),
                    detents: (o["detents"]?.items ?? []).compactMap(number)))
        default: return nil
        }
    }

    /// `{"name": [vx, vy], ...}` in estimator order (JSON objects are unordered, so the order is the enum's).
    private static func estimates(_ value: JSONInput?) -> [(name: String, velocity: Point)] {
        guard let object = value?.members else { return [] }
        let known = VelocityEstimator.allCases.map(\.name)
        let names = known.filter { object[$0] != nil } + object.keys.filter { !known.contains($0) }.sorted()
        return names.compactMap { name in point(object[name]).map { (name, $0) } }
    }

    private static func number(_ value: JSONInput?) -> Double? {
        value?.number.flatMap { $0.isFinite ? $0 : nil }
    }

    private static func point(_ value: JSONInput?) -> Point? {
        guard let a = value?.items, a.count == 2, let x = number(a[0]), let y = number(a[1]) else { return nil }
        return Point(x: x, y: y)
    }

    private static func rect(_ value: JSONInput?) -> Rect? {
        guard let a = value?.items, a.count == 4 else { return nil }
        let n = a.compactMap(number)
        return n.count == 4 ? Rect(x: n[0], y: n[1], width: n[2], height: n[3]) : nil
    }
}
