import ModalKit

/// The lab's trace: JSON Lines, one object per event, each with `t` (seconds since the lab started, on its clock)
/// and `type` (frame, gesture, transition, settled). See README.md for the fields.
final class Trace {
    private let writer: LineWriter

    init(writer: LineWriter) { self.writer = writer }

    func frame(t: Double, phase: Phase, progress: Double?, card: Rect?, renderMs: Double, presentMs: Double,
               pointer: Point?, presentedAt: Double?) {
        var fields: [(String, JSONValue)] = [
            ("t", .rounded(t, 6)), ("type", .string("frame")), ("phase", .string(phase.rawValue)),
            ("progress", progress.map { .rounded($0) } ?? .null),
            ("card", card.map { .array([.rounded($0.minX, 2), .rounded($0.minY, 2), .rounded($0.width, 2), .rounded($0.height, 2)]) } ?? .null),
            ("render_ms", .rounded(renderMs, 3)), ("present_ms", .rounded(presentMs, 3)),
        ]
        if let pointer { fields.append(("pointer", .array([.rounded(pointer.x, 2), .rounded(pointer.y, 2)]))) }
        if let presentedAt { fields.append(("presented_at", .rounded(presentedAt, 6))) }
        writer.write(JSONValue.object(fields))
    }

    func gesture(t: Double, state: GestureRecognizer.State, translation: Point, velocity: Point) {
        writer.write(JSONValue.object([
            ("t", .rounded(t, 6)), ("type", .string("gesture")), ("state", .string(state.rawValue)),
            ("translation", .array([.rounded(translation.x, 2), .rounded(translation.y, 2)])),
            ("velocity", .array([.rounded(velocity.x, 1), .rounded(velocity.y, 1)])),
        ]))
    }

    func transition(t: Double, event: String, kind: String, interactive: Bool, cancelled: Bool? = nil) {
        var fields: [(String, JSONValue)] = [
            ("t", .rounded(t, 6)), ("type", .string("transition")), ("event", .string(event)),
            ("kind", .string(kind)), ("interactive", .bool(interactive)),
        ]
        if let cancelled { fields.append(("cancelled", .bool(cancelled))) }
        writer.write(JSONValue.object(fields))
    }

    func settled(t: Double, top: String) {
        writer.write(JSONValue.object([("t", .rounded(t, 6)), ("type", .string("settled")), ("top", .string(top))]))
    }

    /// A scene starts; with its release rule's lines (`threshold_y`, `velocity_threshold`, `detents`) when given.
    func scene(t: Double, name: String, rule: ReleaseRule? = nil) {
        writer.write(JSONValue.object([("t", .rounded(t, 6)), ("type", .string("scene")), ("name", .string(name))]
                                      + (rule?.fields ?? [])))
    }

    func close() { writer.close() }
}
