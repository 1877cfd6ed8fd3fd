import ModalKitBase

extension VelocityEstimator {
    /// Only this recent a history counts (Flutter and Android both use 100 ms).
    static let window = 0.1
    /// A pause this long means the pointer stopped: older samples are not part of the current movement.
    static let restGap = 0.04
    /// A nanosecond of slack so a gap of exactly 40 ms, computed from rounded seconds, still counts as rest.
    private static let slack = 1e-9

    /// Least-squares polynomial of `degree` (a line when only 3 samples), slope at the newest sample.
    static func fit(_ samples: [VelocitySample], at time: Double, degree: Int) -> Point {
        let recent = recentRun(samples, before: time)
        guard recent.count >= 3, let newest = recent.last else { return .zero }
        let used = recent.count >= 4 ? degree : 1, first = recent.startIndex
        func age(_ i: Int) -> Double { recent[first + i].time - newest.time }
        guard
            let vx = PolynomialFit.slopeAtZero(
                count: recent.count, time: age, value: { recent[first + $0].position.x },
                degree: used),
            let vy = PolynomialFit.slopeAtZero(
                count: recent.count, time: age, value: { recent[first + $0].position.y },
                degree: used)
        else { return .zero }
        return Point(x: vx, y: vy)
    }

    /// The newest sample against the one before it (with an earlier time), unless the pointer has rested.
    static func lastTwo(_ samples: [VelocitySample], at time: Double) -> Point {
        let recent = recentRun(samples, before: time)
        guard let newest = recent.last,
            let previous = recent.dropLast().last(where: { $0.time < newest.time })
        else { return .zero }
        return velocity(from: previous, to: newest)
    }

    /// First to last sample within `window` before `time`; no rest rule, as libadwaita has none.
    static func mean(_ samples: [VelocitySample], at time: Double, window: Double) -> Point {
        let inWindow = samples.filter { $0.time <= time + slack && $0.time >= time - window - slack }
        guard let first = inWindow.first, let last = inWindow.last, last.time > first.time else { return .zero }
        return velocity(from: first, to: last)
    }

    /// Android's impulse estimate: each step's speed adds work (v - v_before) * |v| to a kinetic energy
    /// E = v^2 / 2 (unit mass), the first step counting half; the result is the speed with that energy.
    static func impulse(_ samples: [VelocitySample], at time: Double) -> Point {
        let recent = recentRun(samples, before: time)
        guard recent.count >= 2 else { return .zero }
        func axis(_ value: (Point) -> Double) -> Double {
            var work = 0.0
            let first = recent.startIndex
            for i in (first + 1) ..< recent.endIndex where recent[i].time > recent[i - 1].time {
                let (a, b) = (recent[i - 1], recent[i])
                let speed = (value(b.position) - value(a.position)) / (b.time - a.time)
                work += (speed - speedForEnergy(work)) * abs(speed)
                if i == first + 1 { work *= 0.5 }
            }
            return speedForEnergy(work)
        }
        return Point(x: axis(\.x), y: axis(\.y))
    }

    /// The signed speed whose kinetic energy (unit mass) is `work`.
    private static func speedForEnergy(_ work: Double) -> Double {
        (work < 0 ? -1 : 1) * (2 * abs(work)).squareRoot()
    }

    private static func velocity(from a: VelocitySample, to b: VelocitySample) -> Point {
        let dt = b.time - a.time
        return Point(x: (b.position.x - a.position.x) / dt, y: (b.position.y - a.position.y) / dt)
    }

    /// The unbroken run of samples within the window before `time`, oldest first: empty when the pointer rested
    /// (no sample) for `restGap` before `time`, and cut at any gap of `restGap` inside the window.
    static func recentRun(_ samples: [VelocitySample], before time: Double) -> ArraySlice<VelocitySample> {
        guard let end = samples.lastIndex(where: { $0.time <= time + slack }),
            time - samples[end].time < restGap - slack
        else { return [] }
        var start = end
        while start > 0, samples[start - 1].time >= time - window - slack,
            samples[start].time - samples[start - 1].time < restGap - slack
        {
            start -= 1
        }
        return samples[start ... end]
    }
}
