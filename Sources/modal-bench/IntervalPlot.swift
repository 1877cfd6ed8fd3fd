import ModalKitBase
import ModalKitPixels

/// Draws frame intervals as bars with our own pixel layer: one bar a frame, labelled guides at one and two
/// refresh periods, a title and an axis, so the picture reads without the table beside it.
enum IntervalPlot {
    static func draw(_ intervals: [Double], period: Double) -> Bitmap {
        let barWidth = 14, gap = 4, left = 64, right = 24, top = 44, plotHeight = 240, bottom = 40
        let width = max(640, left + right + intervals.count * (barWidth + gap))
        var bitmap = Bitmap(width: width, height: top + plotHeight + bottom)
        bitmap.fill(Color(white: 1))
        let regular = try? Font(path: Font.findPath(pattern: "sans-serif"), pixelSize: 13)
        let bold = try? Font(path: Font.findPath(pattern: "sans-serif:bold"), pixelSize: 15)
        // Two and a half periods fill the height, so a missed frame (two periods) stands out.
        let pixelsPerSecond = Double(plotHeight) / (2.5 * period)
        let baseline = top + plotHeight
        for (i, value) in intervals.enumerated() {
            let h = min(plotHeight, Int((value * pixelsPerSecond).rounded()))
            let color = value > 1.5 * period ? Color(rgb: 0xFF3B30) : Color(rgb: 0x0A84FF)
            bitmap.fill(
                color, in: PixelRect(x: left + i * (barWidth + gap), y: baseline - h, width: barWidth, height: h))
        }
        for (multiple, color) in [(1.0, Color(rgb: 0x30D158)), (2.0, Color(rgb: 0xFF9F0A))] {
            let y = baseline - Int((multiple * period * pixelsPerSecond).rounded())
            bitmap.fill(color, in: PixelRect(x: left - 6, y: y, width: width - left - right + 6, height: 2))
            if let regular {
                let label = "\(format(multiple * period * 1000)) ms"
                bitmap.drawText(
                    label, font: regular, color: Color(white: 0.25), x: Double(left - 8) - regular.measure(label),
                    baselineY: Double(y + 5))
            }
        }
        bitmap.fill(
            Color(white: 0.2), in: PixelRect(x: left - 6, y: baseline, width: width - left - right + 6, height: 1))
        if let bold {
            bitmap.drawText(
                "Frame intervals through one finish animation (\(intervals.count) frames, 60 Hz)", font: bold,
                color: .black, x: Double(left - 6), baselineY: 26)
        }
        if let regular {
            bitmap.drawText(
                "bar: time between two presented frames · green: one period · orange: two",
                font: regular, color: Color(white: 0.35), x: Double(left - 6), baselineY: Double(baseline + 26))
        }
        return bitmap
    }

    private static func format(_ ms: Double) -> String {
        let tenths = Int((ms * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
