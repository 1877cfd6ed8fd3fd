import Glibc
import ModalKit

/// One axis of a plot: a value range mapped onto a span of points, with round-numbered ticks.
struct PlotAxis {
    var low: Double
    var high: Double
    /// Where `low` and `high` land (points); `high` may lie before `low` (a y axis grows upward).
    var from: Double
    var to: Double
    /// The distance between ticks, a 1, 2 or 5 times a power of ten.
    var step: Double

    /// An axis covering `values` (and `including` extras), widened to whole ticks about `ticks` apart. Values
    /// near Double's limit (a trace with a velocity of 1.7e308) are measured in halves, so no span overflows.
    init(covering values: [Double], from: Double, to: Double, ticks: Int = 6) {
        let finite = values.filter(\.isFinite)
        var low = finite.min() ?? 0, high = finite.max() ?? 1
        let pad = max(1, max(abs(low), abs(high)) * 1e-6)
        if high / 2 - low / 2 < 5e-10 { low -= pad; high += pad }
        step = PlotAxis.niceStep((high / 2 - low / 2) / Double(max(1, ticks)) * 2)
        self.low = max(-.greatestFiniteMagnitude, (low / step).rounded(.down) * step)
        self.high = min(.greatestFiniteMagnitude, (high / step).rounded(.up) * step)
        self.from = from
        self.to = to
    }

    /// Where `value` lands, in points: a value the axis does not cover lands at most `overshoot` points past an
    /// end, so a wild value in a trace is drawn off the plot instead of at a coordinate no pixel index can hold.
    func position(_ value: Double) -> Double {
        let point = from + (value / 2 - low / 2) / (high / 2 - low / 2) * (to - from)
        return min(max(point, min(from, to) - PlotAxis.overshoot), max(from, to) + PlotAxis.overshoot)
    }

    /// How far past its ends an axis places a value it does not cover (points; off any plot).
    static let overshoot = 10_000.0

    /// The tick values, low to high (at most `maximumTicks`).
    var ticks: [Double] {
        let count = min(PlotAxis.maximumTicks, Int(((high / 2 - low / 2) / step * 2).rounded()))
        return (0 ... max(0, count)).map { low + Double($0) * step }
    }

    /// More ticks than an axis of a few hundred points could label.
    static let maximumTicks = 100

    /// A tick's label with as many decimals as the step needs.
    func label(_ value: Double) -> String {
        let decimals = max(0, Int((-log10(step)).rounded(.up)))
        return fmt(abs(value) < step / 1e6 ? 0 : value, decimals)
    }

    /// 1, 2 or 5 times a power of ten, at least `rough`.
    static func niceStep(_ rough: Double) -> Double {
        guard rough.isFinite, rough > 0 else { return 1 }
        let power = pow10(Int(log10(rough).rounded(.down)))
        for multiple in [1.0, 2, 5, 10] where multiple * power >= rough * (1 - 1e-9) { return multiple * power }
        return 10 * power
    }

    private static func pow10(_ n: Int) -> Double {
        n >= 0 ? (0 ..< n).reduce(1.0) { a, _ in a * 10 } : (0 ..< (-n)).reduce(1.0) { a, _ in a / 10 }
    }
}
