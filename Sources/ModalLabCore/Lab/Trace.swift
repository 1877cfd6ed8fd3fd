import ModalKit

/// The lab's trace: JSON Lines, one object per event, each with `t` (seconds since the lab started, on its clock)
/// and `type` (scene, frame, shown, gesture, transition, detent, dismiss_attempt, settled). See README.md for the
/// fields. The one writer of the format (`MotionTrace` is its one reader); a subscriber of the lab's events, which
/// the live plot and the inspector take as the same values, never as lines read back.
final class Trace: LabEventSubscriber {
    private let writer: LineWriter
    /// The line being written, its bytes kept from line to line.
    private var line = JSONObjectLine()

    init(writer: LineWriter) {
        self.writer = writer
    }

    /// In compare mode (`--compare`), which stage this trace is of, "a" or "b": every line then carries it as
    /// `"side"`, right after `t` and `type`. Nil (no field) otherwise.
    var side: String?

    /// Writes the line of `event`.
    func take(_ event: LabEvent) {
        switch event {
        case .scene(let e): scene(t: e.t, name: e.name, parameters: e.parameters, rule: e.rule)
        case .frame(let e): frame(e)
        case let .shown(t, frame): shown(t: t, frame)
        case .gesture(let e): gesture(e)
        case let .transition(t, event, kind, interactive): transition(t: t, event, kind: kind, interactive: interactive)
        case let .detent(t, identifier): write(t: t, type: "detent") { $0.string("identifier", identifier) }
        case .dismissAttempt(let t): write(t: t, type: "dismiss_attempt") { _ in }
        case let .settled(t, top): write(t: t, type: "settled") { $0.string("top", top) }
        }
    }

    private func frame(_ e: LabEvent.FrameShown) {
        let scene = e.scene
        write(t: e.t, type: "frame") { line in
            line.string("phase", e.phase.rawValue)
            line.number("progress", e.progress)
            line.rect("card", e.card, digits: 2)
            line.number("render_ms", e.renderMs, digits: 3)
            line.number("present_ms", e.presentMs, digits: 3)
            if let pointer = e.pointer { line.pair("pointer", pointer.x, pointer.y, digits: 2) }
            if let presentedAt = e.report.presentedAt { line.number("presented_at", presentedAt, digits: 6) }
            if let index = e.report.index { line.value("index", .number(Double(index))) }
            // The scene's fields, written into the same bytes: the line moves into the wrapper and back.
            var fields = TraceFields()
            swap(&fields.line, &line)
            scene.readouts?.writeTraceFields(into: &fields)
            swap(&fields.line, &line)
        }
    }

    /// The server showed frame `index` at a vertical blank: its counter, when (CLOCK_MONOTONIC seconds, the
    /// clock of `presented_at`) and the blanks it missed.
    private func shown(t: Double, _ frame: FrameShown) {
        write(t: t, type: "shown") { line in
            line.value("frame", .number(Double(frame.index)))
            line.value("msc", .number(Double(frame.msc)))
            line.number("shown_at", frame.shownAt, digits: 6)
            line.value("missed", .number(Double(frame.missed)))
            line.number("lead_ms", frame.lead * 1000, digits: 2)
        }
    }

    /// A pan's state change; at its end (ended, cancelled) also what every velocity estimator reads from the same
    /// samples (`estimates`), so a plot can show what each would have decided.
    private func gesture(_ e: LabEvent.GestureChange) {
        let estimates =
            e.isRelease
            ? e.readings.map {
                ($0.estimator.name, JSONValue.array([.rounded($0.velocity.x, 1), .rounded($0.velocity.y, 1)]))
            } : []
        write(t: e.t, type: "gesture") { line in
            line.string("state", e.state.rawValue)
            line.pair("translation", e.translation.x, e.translation.y, digits: 2)
            line.pair("velocity", e.velocity.x, e.velocity.y, digits: 1)
            if e.isRelease {
                line.value("estimates", .dictionary(estimates))
                line.string("estimator", e.estimator.name)
            }
        }
    }

    private func transition(t: Double, _ event: TransitionEvent, kind: String, interactive: Bool) {
        write(t: t, type: "transition") { line in
            line.string("event", event.traceName)
            line.string("kind", kind)
            line.bool("interactive", interactive)
            if case .completed(let cancelled) = event { line.bool("cancelled", cancelled) }
        }
    }

    /// Writes one line: `t` and `type`, then `fields`. The line is filled through one access to its buffer (an
    /// access per field, to a class's property, is a runtime exclusivity check each).
    private func write(t: Double, type: String, _ fields: (inout JSONObjectLine) -> Void) {
        Trace.fill(&line, t: t, type: type, side: side, fields)
        writer.write(line: line.text)
    }

    private static func fill(
        _ line: inout JSONObjectLine, t: Double, type: String, side: String?,
        _ fields: (inout JSONObjectLine) -> Void
    ) {
        line.begin()
        line.number("t", t, digits: 6)
        line.string("type", type)
        if let side { line.string("side", side) }
        fields(&line)
        line.end()
    }

    /// A scene started, with the parameters it runs with (from the scene's one table of them) and its release
    /// rule's lines (`threshold_y`, `velocity_threshold`, `detents`) when given.
    private func scene(t: Double, name: String, parameters: SceneParameters, rule: ReleaseRule) {
        let values: [(String, JSONValue)] = parameters.specs.map { spec in
            switch parameters.value(spec.name) {
            case .number(let n)?: return (spec.name, .number(n))
            case .curve(let c)?: return (spec.name, .string(c.name))
            case .choice(let c)?: return (spec.name, .string(c))
            case nil: return (spec.name, .null)
            }
        }
        writer.write(
            JSONValue.object(
                [
                    ("t", .rounded(t, 6)), ("type", .string("scene"))
                ] + (side.map { [("side", .string($0))] } ?? []) + [
                    ("name", .string(name)),
                    ("parameters", .dictionary(values))
                ] + rule.fields))
    }

    func close() { writer.close() }
}

extension TransitionEvent {
    /// The trace's name for the event: began, finish, cancel, pause, completed, abandoned.
    var traceName: String {
        switch self {
        case .began: return "began"
        case .finish: return "finish"
        case .cancel: return "cancel"
        case .pause: return "pause"
        case .completed: return "completed"
        case .abandoned: return "abandoned"
        }
    }
}
