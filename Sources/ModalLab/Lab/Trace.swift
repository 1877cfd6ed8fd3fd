import ModalKit

/// The lab's trace: JSON Lines, one object per event, each with `t` (seconds since the lab started, on its clock)
/// and `type` (frame, gesture, transition, settled). See README.md for the fields.
final class Trace {
    private let writer: LineWriter
    /// The line being written, its bytes kept from line to line.
    private var line = JSONObjectLine()

    /// What read every line before any panel did (`--plot`'s live plot), kept so a closed panel's reader can go.
    private let plotReader: ((String) -> Void)?

    init(writer: LineWriter) {
        self.writer = writer
        plotReader = writer.onLine
    }

    /// The inspector panel's reader of every line, after the live plot. One slot, not a list: a panel opened
    /// again replaces the last one's reader, and a closed panel sets it to nil (each open used to chain one more
    /// closure for good, ~200 bytes, until freeing the chain overflowed the stack at exit).
    var panelReader: ((String) -> Void)? {
        didSet {
            let plot = plotReader
            writer.onLine = panelReader.map { panel in { plot?($0); panel($0) } } ?? plot
        }
    }

    /// How many readers the lines have (the live plot, the panel), for leak checks.
    var listenerCount: Int { (plotReader == nil ? 0 : 1) + (panelReader == nil ? 0 : 1) }

    func frame(t: Double, phase: Phase, progress: Double?, card: Rect?, renderMs: Double, presentMs: Double,
               pointer: Point?, presentedAt: Double?, index: Int? = nil,
               sceneFields: (inout TraceFields) -> Void = { _ in }) {
        write(t: t, type: "frame") { line in
            line.string("phase", phase.rawValue)
            line.number("progress", progress)
            line.rect("card", card, digits: 2)
            line.number("render_ms", renderMs, digits: 3)
            line.number("present_ms", presentMs, digits: 3)
            if let pointer { line.pair("pointer", pointer.x, pointer.y, digits: 2) }
            if let presentedAt { line.number("presented_at", presentedAt, digits: 6) }
            if let index { line.value("index", .number(Double(index))) }
            // The scene's fields, written into the same bytes: the line moves into the wrapper and back.
            var fields = TraceFields()
            swap(&fields.line, &line)
            sceneFields(&fields)
            swap(&fields.line, &line)
        }
    }

    /// The server showed frame `index` at a vertical blank: its counter, when (CLOCK_MONOTONIC seconds, the
    /// clock of `presented_at`) and the blanks it missed.
    func shown(t: Double, index: Int, msc: UInt64, shownAt: Double, missed: Int) {
        write(t: t, type: "shown") { line in
            line.value("frame", .number(Double(index)))
            line.value("msc", .number(Double(msc)))
            line.number("shown_at", shownAt, digits: 6)
            line.value("missed", .number(Double(missed)))
        }
    }

    /// A pan's state change; at its end (ended, cancelled) also what every velocity estimator reads from the same
    /// samples (`estimates`), so a plot can show what each would have decided.
    func gesture(t: Double, pan: PanGestureRecognizer) {
        let translation = pan.translation(in: pan.view), velocity = pan.velocity(in: pan.view)
        let ended = pan.state == .ended || pan.state == .cancelled
        let estimates = ended ? pan.velocities(in: pan.view).map { ($0.estimator.name, JSONValue.array([.rounded($0.velocity.x, 1), .rounded($0.velocity.y, 1)])) } : []
        write(t: t, type: "gesture") { line in
            line.string("state", pan.state.rawValue)
            line.pair("translation", translation.x, translation.y, digits: 2)
            line.pair("velocity", velocity.x, velocity.y, digits: 1)
            if ended {
                line.value("estimates", .dictionary(estimates))
                line.string("estimator", pan.velocityEstimator.name)
            }
        }
    }

    func transition(t: Double, event: String, kind: String, interactive: Bool, cancelled: Bool? = nil) {
        write(t: t, type: "transition") { line in
            line.string("event", event)
            line.string("kind", kind)
            line.bool("interactive", interactive)
            if let cancelled { line.bool("cancelled", cancelled) }
        }
    }

    func settled(t: Double, top: String) {
        write(t: t, type: "settled") { $0.string("top", top) }
    }

    /// The sheet's selected detent changed.
    func detent(t: Double, identifier: String?) {
        write(t: t, type: "detent") { $0.string("identifier", identifier) }
    }

    /// The user tried to dismiss a sheet that may not be dismissed.
    func dismissAttempt(t: Double) {
        write(t: t, type: "dismiss_attempt") { _ in }
    }

    /// Writes one line: `t` and `type`, then `fields`. The line is filled through one access to its buffer (an
    /// access per field, to a class's property, is a runtime exclusivity check each).
    private func write(t: Double, type: String, _ fields: (inout JSONObjectLine) -> Void) {
        Trace.fill(&line, t: t, type: type, fields)
        writer.write(line: line.text)
    }

    private static func fill(_ line: inout JSONObjectLine, t: Double, type: String, _ fields: (inout JSONObjectLine) -> Void) {
        line.begin()
        line.number("t", t, digits: 6)
        line.string("type", type)
        fields(&line)
        line.end()
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
