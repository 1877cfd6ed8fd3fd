import ModalKit

/// The inspector's view of the last release: each estimator's reading and the decision it implies (left), and
/// the motion plot of the drag (under them, or right of them), laid out for its room at the canvas's own scale.
final class ReleaseReadoutView: View {
    static let textWidth = 160.0
    private(set) var story: ReleaseStory?
    private(set) var verdicts: EstimatorVerdicts?
    /// The plot as drawn last, and the scale and size it was drawn at.
    private var plot: (bitmap: Bitmap, scale: Double, size: Size)?

    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        accessibilityIdentifier = "release-readout"
    }

    /// Shows the drag just released and what each estimator made of it.
    func show(_ story: ReleaseStory, verdicts: EstimatorVerdicts) {
        self.story = story
        self.verdicts = verdicts
        plot = nil
        setNeedsDisplay()
    }

    /// Room the estimators' lines take above a plot drawn under them (two lines of rule, five estimators).
    static let textHeight = 120.0
    /// The least height a plot under the text is given; with less room below it goes beside the text.
    static let plotMinimumHeight = 200.0

    /// Where the plot goes: under the text at the panel's full width when there is room (at most 3:4 high),
    /// else beside it at the full height. The plot is laid out for that size (`PlotLayout.compact`), its text at
    /// 10 points: the full plot shrunk into the room beside the text had 12-point labels 3.9 points high.
    var plotFrame: Rect {
        let below = bounds.height - ReleaseReadoutView.textHeight
        if below >= ReleaseReadoutView.plotMinimumHeight {
            return Rect(
                x: 0, y: ReleaseReadoutView.textHeight, width: bounds.width, height: min(below, bounds.width * 0.75))
        }
        let x = ReleaseReadoutView.textWidth + 8
        return Rect(x: x, y: 0, width: max(0, bounds.width - x), height: bounds.height)
    }

    /// The plot's size in points.
    var plotSize: Size { plotFrame.size }

    override func draw(in canvas: Canvas) {
        let font = FontDescriptor.preferredFont(forTextStyle: .caption2), bold = font.withWeight(.bold)
        guard let story, let verdicts else {
            canvas.drawText(
                "Drag the card: each release is shown here.", font: font, color: .secondaryLabel,
                at: Point(x: 0, y: 12))
            return
        }
        var y = 12.0
        for line in ruleLines(verdicts.rule, font: font, canvas: canvas) {
            canvas.drawText(line, font: font, color: .secondaryLabel, at: Point(x: 0, y: y))
            y += 14
        }
        y += 4
        for line in verdicts.lines {
            let color = line.dismisses.map { $0 ? MotionPlot.yesColor : MotionPlot.noColor } ?? .label
            canvas.drawText(line.name, font: line.used ? bold : font, color: .label, at: Point(x: 0, y: y))
            let speed = fmt(line.velocity, 0)
            canvas.drawText(
                speed, font: font, color: .label, at: Point(x: 96 - canvas.measure(speed, font: font), y: y))
            let verdict = canvas.fitting(line.verdict, font: font, width: ReleaseReadoutView.textWidth - 102)
            canvas.drawText(verdict, font: font, color: color, at: Point(x: 102, y: y))
            y += 15
        }
        drawPlot(story, in: canvas)
    }

    private func drawPlot(_ story: ReleaseStory, in canvas: Canvas) {
        let frame = plotFrame
        guard frame.width > 120, frame.height > 120 else { return }
        if plot?.scale != canvas.scale || plot?.size != frame.size {
            plot = (
                MotionPlot.render(story, scale: canvas.scale, layout: .compact(frame.size)), canvas.scale, frame.size
            )
        }
        if let plot { canvas.draw(plot.bitmap, at: frame.origin) }
    }

    /// The rule in at most two lines of the text column, the second cut with "…" when it runs on.
    private func ruleLines(_ rule: String, font: FontDescriptor, canvas: Canvas) -> [String] {
        let lines = wrap(rule, width: ReleaseReadoutView.textWidth, font: font, canvas: canvas)
        let shown = lines.count <= 2 ? lines : [lines[0], lines[1...].joined(separator: " ")]
        return shown.map { canvas.fitting($0, font: font, width: ReleaseReadoutView.textWidth) }
    }

    /// `text` broken at spaces into lines no wider than `width`.
    private func wrap(_ text: String, width: Double, font: FontDescriptor, canvas: Canvas) -> [String] {
        var lines: [String] = [], current = ""
        for word in text.split(separator: " ") {
            let candidate = current.isEmpty ? String(word) : current + " " + word
            if canvas.measure(candidate, font: font) > width && !current.isEmpty {
                lines.append(current)
                current = String(word)
            } else {
                current = candidate
            }
        }
        return current.isEmpty ? lines : lines + [current]
    }
}
