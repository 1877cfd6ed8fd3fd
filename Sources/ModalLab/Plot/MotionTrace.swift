import Glibc
import ModalKit

/// The records of a lab trace (README's Trace section) that a motion plot needs, read back from JSON Lines.
struct MotionTrace {
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

    var frames: [Frame] = []
    var gestures: [Gesture] = []
    var transitions: [Transition] = []
    var settles: [Settled] = []
    var scenes: [SceneRecord] = []

    /// A trace file larger than this is not a lab trace of a few gestures; refused before reading.
    static let maximumBytes = 64 << 20

    /// Reads a trace file (`-`: standard input): one clear error for a missing, oversized, empty or malformed file,
    /// or one that is a FIFO or device (which could block for ever).
    static func read(from path: String) throws -> MotionTrace {
        let isStandardInput = path == "-"
        let bytes = try InputFile.read(isStandardInput ? "/dev/stdin" : path, what: "trace", streams: isStandardInput,
                                       limit: maximumBytes)
        let shown = LabLimits.echo(path)
        guard let text = String(validating: bytes, as: UTF8.self) else { throw LabError.usage("trace \(shown) is not UTF-8 text") }
        do { return try parse(text) } catch let error as LabError { throw LabError.usage("trace \(shown): \(error)") }
    }

    /// Parses JSON Lines; blank lines are skipped, record types it does not plot are ignored.
    static func parse(_ text: String) throws -> MotionTrace {
        var trace = MotionTrace(), count = 0
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where !line.allSatisfy(\.isWhitespace) {
            guard let object = JSONInput.parse(String(line))?.members else {
                throw LabError.usage("line \(number + 1) is not a JSON object")
            }
            guard let t = object["t"]?.number, t.isFinite, let type = object["type"]?.string else {
                throw LabError.usage("line \(number + 1) has no \"t\" and \"type\"")
            }
            trace.add(type: type, t: t, object)
            count += 1
        }
        guard count > 0 else { throw LabError.usage("empty: no records") }
        return trace
    }

    private mutating func add(type: String, t: Double, _ o: [String: JSONInput]) {
        switch type {
        case "frame":
            frames.append(Frame(t: t, card: Self.rect(o["card"]), pointer: Self.point(o["pointer"])))
        case "gesture":
            gestures.append(Gesture(t: t, state: o["state"]?.string ?? "", velocity: Self.point(o["velocity"]) ?? .zero,
                                    estimates: Self.estimates(o["estimates"]), estimator: o["estimator"]?.string))
        case "transition":
            transitions.append(Transition(t: t, event: o["event"]?.string ?? "", kind: o["kind"]?.string ?? "",
                                          interactive: o["interactive"]?.bool ?? false))
        case "settled": settles.append(Settled(t: t, top: o["top"]?.string ?? ""))
        case "scene":
            scenes.append(SceneRecord(t: t, name: o["name"]?.string ?? "", thresholdY: Self.number(o["threshold_y"]),
                                      velocityThreshold: Self.number(o["velocity_threshold"]),
                                      detents: (o["detents"]?.items ?? []).compactMap(Self.number)))
        default: break
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
