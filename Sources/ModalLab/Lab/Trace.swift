import ModalKit

/// The lab's trace: JSON Lines, one object per event, each with `t` (seconds since the lab started, on its clock)
/// and `type` (frame, gesture, transition, settled). See README.md for the fields. What a plot needs of each line
/// is also published once as a typed record (`MotionTrace.Record`, with the numbers rounded as the line has them)
/// to the live plot and the inspector: nothing in the process reads the JSON back.
final class Trace {
    private let writer: LineWriter
    /// The line being written, its bytes kept from line to line.
    private var line = JSONObjectLine()

    /// `--plot`'s live plot, which takes every record.
    private let plotReader: ((MotionTrace.Record) -> Void)?

    init(writer: LineWriter, plot: ((MotionTrace.Record) -> Void)? = nil) {
        self.writer = writer
        plotReader = plot
    }

    /// The inspector panel's reader of every record, after the live plot. One slot, not a list: a panel opened
    /// again replaces the last one's reader, and a closed panel sets it to nil (each open used to chain one more
    /// closure for good, ~200 bytes, until freeing the chain overflowed the stack at exit).
    var panelReader: ((MotionTrace.Record) -> Void)?

    /// How many readers the records have (the live plot, the panel), for leak checks.
    var listenerCount: Int { (plotReader == nil ? 0 : 1) + (panelReader == nil ? 0 : 1) }

    /// Whether anyone takes the typed records (else none is built).
    private var isRead: Bool { plotReader != nil || panelReader != nil }

    /// Hands `record` to the live plot, then the panel.
    private func publish(_ record: MotionTrace.Record) {
        plotReader?(record)
        panelReader?(record)
    }

    /// `value` rounded to `digits` decimals as the line writes it (nil for what it writes as null), so a record
    /// equals what reading its line back gives.
    private static func rounded(_ value: Double, _ digits: Int) -> Double? {
        guard value.isFinite else { return nil }
        var scale = 1.0
        for _ in 0 ..< digits { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        guard scaled < 1e15 else { return value }
        return (value < 0 && scaled != 0 ? -scaled : scaled) / scale
    }

    private static func rounded(_ p: Point?, _ digits: Int) -> Point? {
        guard let p, let x = rounded(p.x, digits), let y = rounded(p.y, digits) else { return nil }
        return Point(x: x, y: y)
    }

    func frame(
        t: Double, phase: Phase, progress: Double?, card: Rect?, renderMs: Double, presentMs: Double,
        pointer: Point?, presentedAt: Double?, index: Int? = nil,
        sceneFields: (inout TraceFields) -> Void = { _ in }
    ) {
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
        guard isRead, let t = Self.rounded(t, 6) else { return }
        let shownCard = card.flatMap { c -> Rect? in
            guard let origin = Self.rounded(c.origin, 2), let size = Self.rounded(Point(x: c.width, y: c.height), 2)
            else { return nil }
            return Rect(x: origin.x, y: origin.y, width: size.x, height: size.y)
        }
        publish(.frame(MotionTrace.Frame(t: t, card: shownCard, pointer: Self.rounded(pointer, 2))))
    }

    /// The server showed frame `index` at a vertical blank: its counter, when (CLOCK_MONOTONIC seconds, the
    /// clock of `presented_at`) and the blanks it missed.
    func shown(t: Double, index: Int, msc: UInt64, shownAt: Double, missed: Int, lead: Double) {
        write(t: t, type: "shown") { line in
            line.value("frame", .number(Double(index)))
            line.value("msc", .number(Double(msc)))
            line.number("shown_at", shownAt, digits: 6)
            line.value("missed", .number(Double(missed)))
            line.number("lead_ms", lead * 1000, digits: 2)
        }
    }

    /// A pan's state change; at its end (ended, cancelled) also what every velocity estimator reads from the same
    /// samples (`estimates`), so a plot can show what each would have decided.
    func gesture(t: Double, pan: PanGestureRecognizer) {
        let translation = pan.translation(in: pan.view), velocity = pan.velocity(in: pan.view)
        let ended = pan.state == .ended || pan.state == .cancelled
        let estimates =
            ended
            ? pan.velocities(in: pan.view).map {
                ($0.estimator.name, JSONValue.array([.rounded($0.velocity.x, 1), .rounded($0.velocity.y, 1)]))
            } : []
        write(t: t, type: "gesture") { line in
            line.string("state", pan.state.rawValue)
            line.pair("translation", translation.x, translation.y, digits: 2)
            line.pair("velocity", velocity.x, velocity.y, digits: 1)
            if ended {
                line.value("estimates", .dictionary(estimates))
                line.string("estimator", pan.velocityEstimator.name)
            }
        }
        guard isRead, let t = Self.rounded(t, 6) else { return }
        let readings =
            ended
            ? pan.velocities(in: pan.view).compactMap { reading in
                Self.rounded(reading.velocity, 1).map { (name: reading.estimator.name, velocity: $0) }
            } : []
        publish(
            .gesture(
                MotionTrace.Gesture(
                    t: t, state: pan.state.rawValue,
                    velocity: Self.rounded(velocity, 1) ?? .zero, estimates: readings,
                    estimator: ended ? pan.velocityEstimator.name : nil)))
    }

    func transition(t: Double, event: String, kind: String, interactive: Bool, cancelled: Bool? = nil) {
        write(t: t, type: "transition") { line in
            line.string("event", event)
            line.string("kind", kind)
            line.bool("interactive", interactive)
            if let cancelled { line.bool("cancelled", cancelled) }
        }
        guard isRead, let t = Self.rounded(t, 6) else { return }
        publish(.transition(MotionTrace.Transition(t: t, event: event, kind: kind, interactive: interactive)))
    }

    func settled(t: Double, top: String) {
        write(t: t, type: "settled") { $0.string("top", top) }
        guard isRead, let t = Self.rounded(t, 6) else { return }
        publish(.settled(MotionTrace.Settled(t: t, top: top)))
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

    private static func fill(
        _ line: inout JSONObjectLine, t: Double, type: String, _ fields: (inout JSONObjectLine) -> Void
    ) {
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
        writer.write(
            JSONValue.object(
                [
                    ("t", .rounded(t, 6)), ("type", .string("scene")), ("name", .string(name)),
                    ("parameters", .dictionary(values))
                ] + (rule?.fields ?? [])))
        guard isRead, let t = Self.rounded(t, 6) else { return }
        publish(.scene(record(t: t, name: name, rule: rule)))
    }

    /// The `scene` record as its line reads back.
    private func record(t: Double, name: String, rule: ReleaseRule?) -> MotionTrace.SceneRecord {
        MotionTrace.SceneRecord(
            t: t, name: name, thresholdY: rule?.thresholdY.flatMap { Self.rounded($0, 2) },
            velocityThreshold: rule?.velocityThreshold.flatMap { Self.rounded($0, 2) },
            detents: (rule?.detents ?? []).compactMap { Self.rounded($0, 2) })
    }

    /// Hands the panel the current scene's record (it opened after the scene's line was written).
    func publishScene(to reader: (MotionTrace.Record) -> Void, t: Double, name: String, rule: ReleaseRule) {
        guard let t = Self.rounded(t, 6) else { return }
        reader(.scene(record(t: t, name: name, rule: rule)))
    }

    func close() { writer.close() }
}
