import ModalKit

/// Draws a `ReleaseStory` with our own pixel layer: on top, the card's top edge and the pointer on screen over
/// time with the release threshold (or detents); below, the card's speed and the pan's velocity readings with
/// the velocity threshold; the release moment across both, and the decision. Sizes are points; `scale` sets
/// the pixels, so the plot is as crisp at 2x as the lab.
package enum MotionPlot {
    /// The plot file's size in points.
    static let size = PlotLayout.full.size

    static let cardColor = Color.systemBlue, pointerColor = Color(rgb: 0xFF9500)
    static let thresholdColor = Color(rgb: 0xFF3B30), readingColor = Color(rgb: 0xAF52DE)
    static let inkColor = Color(rgb: 0x1C1C1E), gridColor = Color(rgb: 0xE5E5EA), mutedColor = Color(rgb: 0x6C6C70)
    /// Dismissed, or fast enough to flick; and stayed, or too slow.
    static let yesColor = Color(rgb: 0x248A3D), noColor = Color(rgb: 0xC93400)
    static let titleFont = FontDescriptor.preferredFont(forTextStyle: .subheadline).withWeight(.bold)

    /// The plot as pixels at `scale`, laid out as `layout` says.
    package static func render(_ story: ReleaseStory, scale: Double = 1, layout: PlotLayout = .full) -> Bitmap {
        let size = layout.size
        let pixels = Bitmap(width: Int((size.width * scale).rounded()), height: Int((size.height * scale).rounded()))
        let canvas = Canvas(bitmap: pixels, scale: scale)
        canvas.fill(Rect(origin: .zero, size: size), color: .white)
        let series = PlotSeries(story)
        let (time, position, speed) = axes(series, layout)
        if layout.showsTitle { drawTitle(story, layout, in: canvas) }
        let short = layout.inlineLegends
        drawFrame(
            time: time, value: position, title: short ? "y (pt) ↓" : "y on screen (pt), down ↓", layout, in: canvas)
        drawFrame(
            time: time, value: speed, title: short ? "speed (pt/s)" : "speed down the screen (pt/s)", layout,
            in: canvas)
        drawTimeLabels(time, layout, in: canvas)
        series.drawPosition(time: time, position: position, layout, in: canvas)
        series.drawSpeed(time: time, speed: speed, layout, in: canvas)
        series.drawRelease(time: time, position: position, layout, in: canvas)
        if layout.showsEstimates {
            EstimateStrip.draw(story, at: Point(x: layout.left, y: size.height - 14), in: canvas)
        }
        return canvas.bitmap
    }

    /// The time axis across both panels, and the position and speed panels' value axes, for `series` in `layout`.
    static func axes(_ series: PlotSeries, _ layout: PlotLayout) -> (
        time: PlotAxis, position: PlotAxis, speed: PlotAxis
    ) {
        let size = layout.size, p = layout.positionPanel, s = layout.speedPanel
        let time = PlotAxis(
            covering: [series.start, series.end], from: layout.left, to: size.width - layout.right,
            ticks: min(8, Int((size.width - layout.left - layout.right) / 50)))
        let position = PlotAxis(
            covering: series.positionValues, from: p.top, to: p.bottom, ticks: layout.ticks(p, limit: 6))
        let speed = PlotAxis(covering: series.speedValues, from: s.bottom, to: s.top, ticks: layout.ticks(s, limit: 4))
        return (time, position, speed)
    }

    /// The scene, the release velocity and the decision, in one line.
    private static func drawTitle(_ story: ReleaseStory, _ layout: PlotLayout, in canvas: Canvas) {
        let name = story.scene?.name ?? "drag"
        var text = "\(name): last drag"
        if let v = story.releaseVelocity { text += " · released at \(fmt(v.y, 0)) pt/s" }
        switch story.decision {
        case .finish: text += " → finish (dismissed)"
        case .cancel: text += " → cancel (stayed)"
        case .undecided: text += story.release == nil ? " · not released" : " · no decision in the trace"
        }
        canvas.drawText(text, font: titleFont, color: inkColor, at: Point(x: layout.left, y: 28))
    }

    /// A panel's grid, value ticks and labels, border and title; `value` runs between the panel's top and bottom.
    private static func drawFrame(
        time: PlotAxis, value: PlotAxis, title: String, _ layout: PlotLayout, in canvas: Canvas
    ) {
        let font = layout.font, left = layout.left, right = layout.right, size = layout.size
        let top = min(value.from, value.to), bottom = max(value.from, value.to)
        for tick in time.ticks {
            canvas.fill(Rect(x: time.position(tick) - 0.5, y: top, width: 1, height: bottom - top), color: gridColor)
        }
        let (ascent, descent) = canvas.metrics(font)
        for tick in value.ticks {
            let y = value.position(tick)
            canvas.fill(Rect(x: left, y: y - 0.5, width: size.width - left - right, height: 1), color: gridColor)
            let label = value.label(tick)
            canvas.drawText(
                label, font: font, color: mutedColor,
                at: Point(x: left - 8 - canvas.measure(label, font: font), y: y + (ascent - descent) / 2))
        }
        let width = size.width - left - right
        for edge in [top, bottom] {
            canvas.fill(Rect(x: left, y: edge - 0.5, width: width, height: 1), color: mutedColor)
        }
        for edge in [left, size.width - right] {
            canvas.fill(Rect(x: edge - 0.5, y: top, width: 1, height: bottom - top), color: mutedColor)
        }
        canvas.drawText(title, font: font, color: inkColor, at: Point(x: left, y: top - 10))
    }

    /// Seconds under the lower panel, and what they count.
    private static func drawTimeLabels(_ time: PlotAxis, _ layout: PlotLayout, in canvas: Canvas) {
        let font = layout.font, left = layout.left, right = layout.right, size = layout.size
        let y = layout.speedPanel.bottom + font.size * 1.5
        for tick in time.ticks {
            let label = time.label(tick)
            let x = time.position(tick) - canvas.measure(label, font: font) / 2
            canvas.drawText(label, font: font, color: mutedColor, at: Point(x: x, y: y))
        }
        let title = "time since the drag began (s)"
        canvas.drawText(
            title, font: font, color: inkColor,
            at: Point(
                x: (left + size.width - right) / 2 - canvas.measure(title, font: font) / 2,
                y: y + font.size * 2))
    }
}
