import ModalKit

/// The lab's trace: JSON Lines, one object per event, each with `t` (seconds since the lab started, on its clock)
/// and `type` (frame, gesture, transition, settled). See README.md for the fields.
final class Trace {
    private let writer: LineWriter

    init(writer: LineWriter) { self.writer = writer }

    /// Has `listener` read every line from now on, after those already reading them (the live plot).
    func addListener(_ listener: @escaping (String) -> Void) {
        let earlier = writer.onLine
        writer.onLine = { line in
            earlier?(line)
            listener(line)
        }
    }

    func frame(t: Double, phase: Phase, progress: Double?, card: Rect?, renderMs: Double, presentMs: Double,
               pointer: Point?, presentedAt: Double?, index: Int? = nil, detent: String?? = nil,
               contentOffset: Point?? = nil) {
        var fields: [(String, JSONValue)] = [
            ("t", .rounded(t, 6)), ("type", .string("frame")), ("phase", .string(phase.rawValue)),
            ("progress", progress.map { .rounded($0) } ?? .null),
            ("card", card.map { .array([.rounded($0.minX, 2), .rounded($0.minY, 2), .rounded($0.width, 2), .rounded($0.height, 2)]) } ?? .null),
            ("render_ms", .rounded(renderMs, 3)), ("present_ms", .rounded(presentMs, 3)),
        ]
        if let pointer { fields.append(("pointer", .array([.rounded(pointer.x, 2), .rounded(pointer.y, 2)]))) }
        if let presentedAt { fields.append(("presented_at", .rounded(presentedAt, 6))) }
        if let index { fields.append(("index", .number(Double(index)))) }
        if let detent { fields.append(("detent", detent.map { .string($0) } ?? .null)) }
        if let contentOffset {
            fields.append(("content_offset", contentOffset.map { .array([.rounded($0.x, 2), .rounded($0.y, 2)]) } ?? .null))
        }
        writer.write(JSONValue.object(fields))
    }

    /// The server showed frame `index` at a vertical blank: its counter, when (CLOCK_MONOTONIC seconds, the
    /// clock of `presented_at`) and the blanks it missed.
    func shown(t: Double, index: Int, msc: UInt64, shownAt: Double, missed: Int) {
        writer.write(JSONValue.object([("t", .rounded(t, 6)), ("type", .string("shown")),
                                       ("frame", .number(Double(index))), ("msc", .number(Double(msc))),
                                       ("shown_at", .rounded(shownAt, 6)), ("missed", .number(Double(missed)))]))
    }

    /// A pan's state change; at its end (ended, cancelled) also what every velocity estimator reads from the same
    /// samples (`estimates`), so a plot can show what each would have decided.
    func gesture(t: Double, pan: PanGestureRecognizer) {
        var fields: [(String, JSONValue)] = [
            ("t", .rounded(t, 6)), ("type", .string("gesture")), ("state", .string(pan.state.rawValue)),
        ]
        let translation = pan.translation(in: pan.view), velocity = pan.velocity(in: pan.view)
        fields.append(("translation", .array([.rounded(translation.x, 2), .rounded(translation.y, 2)])))
        fields.append(("velocity", .array([.rounded(velocity.x, 1), .rounded(velocity.y, 1)])))
        if pan.state == .ended || pan.state == .cancelled {
            let estimates = pan.velocities(in: pan.view).map { ($0.estimator.name, JSONValue.array([.rounded($0.velocity.x, 1), .rounded($0.velocity.y, 1)])) }
            fields.append(("estimates", .dictionary(estimates)))
            fields.append(("estimator", .string(pan.velocityEstimator.name)))
        }
        writer.write(JSONValue.object(fields))
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

    /// The sheet's selected detent changed.
    func detent(t: Double, identifier: String?) {
        writer.write(JSONValue.object([("t", .rounded(t, 6)), ("type", .string("detent")),
                                       ("identifier", identifier.map { .string($0) } ?? .null)]))
    }

    /// The user tried to dismiss a sheet that may not be dismissed.
    func dismissAttempt(t: Double) {
        writer.write(JSONValue.object([("t", .rounded(t, 6)), ("type", .string("dismiss_attempt"))]))
    }

    /// A scene started, with the parameters it runs with (from the scene's one table of them) and its release
    /// rule's lines (`threshold_y`, `velocity_threshold`, `detents`) when given.
    func scene(t: Double, name: String, parameters: SceneParameters, rule: ReleaseRule? = nil) {
        let values: [(String, JSONValue)] = parameters.specs.map { spec in
            switch parameters.value(spec.name) {
            case .number(let n)?: return (spec.name, .number(n))
            case .curve(let c)?: return (spec.name, .string(c.name))
            case .choice(let c)?: return (spec.name, .string(c))
            case nil: return (spec.name, .null)
            }
        }
        writer.write(JSONValue.object([("t", .rounded(t, 6)), ("type", .string("scene")), ("name", .string(name)),
                                       ("parameters", .dictionary(values))] + (rule?.fields ?? [])))
    }

    func close() { writer.close() }
}
