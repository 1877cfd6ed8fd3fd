import ModalKitBase

/// One scroll valuator of a pointer device, as XInput 2.1+ describes it: which valuator, which direction, and how
/// far it moves for one wheel click (`increment`; negative for an inverted axis).
struct ScrollAxis: Equatable {
    let number: Int32
    let vertical: Bool
    let increment: Double
}

/// Turns a device's absolute scroll valuators into scroll deltas in points, as XI2 intends: the delta between
/// two events divided by the axis's increment is a number of wheel clicks (fractional from a touchpad or a
/// high-resolution wheel), and one click is `InputEvent.wheelClickDistance` points.
///
/// Values from the server are not trusted: a non-finite value or a jump of more than `maximumClicks` (a device
/// reset, a wrapped counter) restarts the baseline instead of scrolling.
struct SmoothScroll {
    static let maximumClicks = 100.0
    private(set) var axes: [ScrollAxis] = []
    private var last: [Int32: Double] = [:]

    /// Starts over with `axes` and their current `values` (from XIQueryDevice) as the baseline.
    mutating func reset(axes: [ScrollAxis], values: [Int32: Double]) {
        self.axes = axes.filter { $0.increment.isFinite && $0.increment != 0 }
        last = values.filter { $0.value.isFinite }
    }

    /// The scroll in points for the valuator `values` an event carries (only the ones it changed), and whether it
    /// is precise (not a whole number of clicks on every axis); nil when no scroll axis moved.
    mutating func delta(values: [Int32: Double]) -> (delta: Point, precise: Bool)? {
        delta { values[$0] }
    }

    /// The same, reading each axis's value through `value` (nil when the event does not carry that valuator).
    mutating func delta(_ value: (Int32) -> Double?) -> (delta: Point, precise: Bool)? {
        var delta = Point.zero, precise = false, moved = false
        for axis in axes {
            guard let value = value(axis.number) else { continue }
            guard value.isFinite else { last[axis.number] = nil; continue }
            defer { last[axis.number] = value }
            guard let previous = last[axis.number] else { continue }
            let clicks = (value - previous) / axis.increment
            guard clicks != 0, abs(clicks) <= SmoothScroll.maximumClicks else { continue }
            moved = true
            if abs(clicks - clicks.rounded()) > 1e-6 { precise = true }
            let points = clicks * InputEvent.wheelClickDistance
            if axis.vertical { delta.y += points } else { delta.x += points }
        }
        return moved ? (delta, precise) : nil
    }
}
