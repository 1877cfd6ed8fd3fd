import ModalKitBase
import ModalKitPixels

/// Draws frame intervals as bars with the pixel layer: one bar a frame, guides at one and two refresh periods.
enum IntervalPlot {
    static func draw(_ intervals: [Double], period: Double) -> Bitmap {
        let barWidth = 12, gap = 4, margin = 20, plotHeight = 240
        let width = max(200, margin * 2 + intervals.count * (barWidth + gap))
        var bitmap = Bitmap(width: width, height: plotHeight + margin * 2)
        bitmap.fill(Color(white: 1))
        // Two and a half periods fill the height, so a missed frame (two periods) stands out.
        let pixelsPerSecond = Double(plotHeight) / (2.5 * period)
        let baseline = margin + plotHeight
        for (i, value) in intervals.enumerated() {
            let h = min(plotHeight, Int((value * pixelsPerSecond).rounded()))
            let color = value > 1.5 * period ? Color(rgb: 0xFF3B30) : Color(rgb: 0x0A84FF)
            bitmap.fill(color, in: PixelRect(x: margin + i * (barWidth + gap), y: baseline - h, width: barWidth, height: h))
        }
        for (multiple, color) in [(1.0, Color(rgb: 0x30D158)), (2.0, Color(rgb: 0xFF9F0A))] {
            let y = baseline - Int((multiple * period * pixelsPerSecond).rounded())
            bitmap.fill(color, in: PixelRect(x: margin / 2, y: y, width: width - margin, height: 2))
        }
        bitmap.fill(Color(white: 0.2), in: PixelRect(x: margin / 2, y: baseline, width: width - margin, height: 1))
        return bitmap
    }
}
