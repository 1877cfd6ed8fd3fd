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

    /// An axis covering `values` (and `including` extras), widened to whole ticks about `ticks` apart.
    init(covering values: [Double], from: Double, to: Double, ticks: Int = 6) {
        let finite = values.filter(\.isFinite)
        var low = finite.min() ?? 0, high = finite.max() ?? 1
        if high - low < 1e-9 { low -= 1; high += 1 }
        step = PlotAxis.niceStep((high - low) / Double(max(1, ticks)))
        self.low = (low / step).rounded(.down) * step
        self.high = (high / step).rounded(.up) * step
        self.from = from
        self.to = to
    }

    /// Where `value` lands, in points.
    func position(_ value: Double) -> Double { from + (value - low) / (high - low) * (to - from) }

    /// The tick values, low to high.
    var ticks: [Double] {
        let count = Int(((high - low) / step).rounded())
        return (0...max(0, count)).map { low + Double($0) * step }
    }

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
        n >= 0 ? (0..<n).reduce(1.0) { a, _ in a * 10 } : (0..<(-n)).reduce(1.0) { a, _ in a / 10 }
    }
}
