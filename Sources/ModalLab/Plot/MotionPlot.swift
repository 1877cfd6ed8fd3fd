import ModalKit

/// Draws a `ReleaseStory` with our own pixel layer: on top, the card's top edge and the pointer on screen over
/// time with the release threshold (or detents); below, the card's speed and the pan's velocity readings with
/// the velocity threshold; the release moment across both, and the decision. Sizes are points; `scale` sets
/// the pixels, so the plot is as crisp at 2x as the lab.
enum MotionPlot {
    /// The plot's size in points.
    static let size = Size(width: 760, height: 590)
    static let left = 72.0, right = 20.0
    static let positionPanel = (top: 70.0, bottom: 320.0), speedPanel = (top: 370.0, bottom: 500.0)

    static let cardColor = Color.systemBlue, pointerColor = Color(rgb: 0xFF9500)
    static let thresholdColor = Color(rgb: 0xFF3B30), readingColor = Color(rgb: 0xAF52DE)
    static let inkColor = Color(rgb: 0x1C1C1E), gridColor = Color(rgb: 0xE5E5EA), mutedColor = Color(rgb: 0x6C6C70)
    /// Dismissed, or fast enough to flick; and stayed, or too slow.
    static let yesColor = Color(rgb: 0x248A3D), noColor = Color(rgb: 0xC93400)
    static let font = FontDescriptor.systemFont(ofSize: 12), titleFont = FontDescriptor.boldSystemFont(ofSize: 15)

    /// The plot as pixels at `scale`.
    static func render(_ story: ReleaseStory, scale: Double = 1) -> Bitmap {
        let pixels = Bitmap(width: Int((size.width * scale).rounded()), height: Int((size.height * scale).rounded()))
        let canvas = Canvas(bitmap: pixels, scale: scale)
        canvas.fill(Rect(origin: .zero, size: size), color: .white)
        let series = PlotSeries(story)
        let time = PlotAxis(covering: [series.start, series.end], from: left, to: size.width - right, ticks: 8)
        let position = PlotAxis(covering: series.positionValues, from: positionPanel.top, to: positionPanel.bottom)
        let speed = PlotAxis(covering: series.speedValues, from: speedPanel.bottom, to: speedPanel.top, ticks: 4)
        drawTitle(story, in: canvas)
        drawFrame(time: time, value: position, title: "y on screen (pt), down ↓", in: canvas)
        drawFrame(time: time, value: speed, title: "speed down the screen (pt/s)", in: canvas)
        drawTimeLabels(time, in: canvas)
        series.drawPosition(time: time, position: position, in: canvas)
        series.drawSpeed(time: time, speed: speed, in: canvas)
        series.drawRelease(time: time, in: canvas)
        EstimateStrip.draw(story, at: Point(x: left, y: size.height - 14), in: canvas)
        return canvas.bitmap
    }

    /// The scene, the release velocity and the decision, in one line.
    private static func drawTitle(_ story: ReleaseStory, in canvas: Canvas) {
        let name = story.scene?.name ?? "drag"
        var text = "\(name): last drag"
        if let v = story.releaseVelocity { text += " · released at \(fmt(v.y, 0)) pt/s" }
        switch story.decision {
        case .finish: text += " → finish (dismissed)"
        case .cancel: text += " → cancel (stayed)"
        case .undecided: text += story.release == nil ? " · not released" : " · no decision in the trace"
        }
        canvas.drawText(text, font: titleFont, color: inkColor, at: Point(x: left, y: 28))
    }

    /// A panel's grid, value ticks and labels, border and title; `value` runs between the panel's top and bottom.
    private static func drawFrame(time: PlotAxis, value: PlotAxis, title: String, in canvas: Canvas) {
        let top = min(value.from, value.to), bottom = max(value.from, value.to)
        for tick in time.ticks {
            canvas.fill(Rect(x: time.position(tick) - 0.5, y: top, width: 1, height: bottom - top), color: gridColor)
        }
        let (ascent, descent) = canvas.metrics(font)
        for tick in value.ticks {
            let y = value.position(tick)
            canvas.fill(Rect(x: left, y: y - 0.5, width: size.width - left - right, height: 1), color: gridColor)
            let label = value.label(tick)
            canvas.drawText(label, font: font, color: mutedColor,
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
    private static func drawTimeLabels(_ time: PlotAxis, in canvas: Canvas) {
        let y = speedPanel.bottom + 18
        for tick in time.ticks {
            let label = time.label(tick)
            let x = time.position(tick) - canvas.measure(label, font: font) / 2
            canvas.drawText(label, font: font, color: mutedColor, at: Point(x: x, y: y))
        }
        let title = "time since the drag began (s)"
        canvas.drawText(title, font: font, color: inkColor,
                        at: Point(x: (left + size.width - right) / 2 - canvas.measure(title, font: font) / 2, y: y + 24))
    }
}
