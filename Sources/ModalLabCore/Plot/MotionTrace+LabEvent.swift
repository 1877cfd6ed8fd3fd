import ModalKit

extension MotionTrace.Record {
    /// The record the trace's line for `event` reads back as (numbers rounded as the line writes them), nil for
    /// an event a plot does not use. The live plot and the inspector take the lab's events through this, so they
    /// see exactly what `modal-lab plot` sees in the file.
    init?(_ event: LabEvent) {
        guard let t = Self.rounded(event.t, 6) else { return nil }
        switch event {
        case .scene(let e):
            self = .scene(
                MotionTrace.SceneRecord(
                    t: t, name: e.name,
                    thresholdY: e.rule.thresholdY.flatMap { Self.rounded($0, 2) },
                    velocityThreshold: e.rule.velocityThreshold.flatMap { Self.rounded($0, 2) },
                    detents: e.rule.detents.compactMap { Self.rounded($0, 2) }))
        case .frame(let e):
            self = .frame(MotionTrace.Frame(t: t, card: Self.rounded(e.card), pointer: Self.rounded(e.pointer, 2)))
        case .gesture(let e):
            let readings = e.readings.compactMap { reading in
                Self.rounded(reading.velocity, 1).map { (name: reading.estimator.name, velocity: $0) }
            }
            self = .gesture(
                MotionTrace.Gesture(
                    t: t, state: e.state.rawValue, velocity: Self.rounded(e.velocity, 1) ?? .zero,
                    estimates: readings, estimator: e.isRelease ? e.estimator.name : nil))
        case let .transition(_, event, kind, interactive):
            self = .transition(
                MotionTrace.Transition(t: t, event: event.traceName, kind: kind, interactive: interactive))
        case .settled(_, let top): self = .settled(MotionTrace.Settled(t: t, top: top))
        case .shown, .detent, .dismissAttempt: return nil
        }
    }

    /// `value` rounded to `digits` decimals as the line writes it (nil for what it writes as null).
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

    /// A card's frame rounded to 2 decimals, nil when any of its numbers is written as null.
    private static func rounded(_ card: Rect?) -> Rect? {
        guard let c = card, let origin = rounded(c.origin, 2), let size = rounded(Point(x: c.width, y: c.height), 2)
        else { return nil }
        return Rect(x: origin.x, y: origin.y, width: size.x, height: size.y)
    }
}
