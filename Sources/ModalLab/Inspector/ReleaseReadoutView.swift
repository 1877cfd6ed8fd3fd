import ModalKit

/// The inspector's view of the last release: each estimator's reading and the decision it implies (left), and
/// the motion plot of the drag (right), drawn small with `MotionPlot` at the canvas's own scale.
final class ReleaseReadoutView: View {
    static let textWidth = 160.0
    private(set) var story: ReleaseStory?
    private(set) var verdicts: EstimatorVerdicts?
    /// The plot as drawn last, and the scale it was drawn at.
    private var plot: (bitmap: Bitmap, scale: Double)?

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

    /// Where the plot goes: beside the text, or under it at the full width when that draws it larger (the plot's
    /// labels are a fraction of its size: beside the text at 1x they were 4 points high and could not be read).
    var plotFrame: Rect {
        let beside = fitted(width: bounds.width - ReleaseReadoutView.textWidth - 8, height: bounds.height)
        let below = fitted(width: bounds.width, height: bounds.height - ReleaseReadoutView.textHeight)
        if below.width > beside.width { return Rect(origin: Point(x: 0, y: ReleaseReadoutView.textHeight), size: below) }
        return Rect(origin: Point(x: bounds.width - beside.width, y: 0), size: beside)
    }

    /// The plot's size in points.
    var plotSize: Size { plotFrame.size }

    /// The largest size at the plot's proportions inside `width` × `height`.
    private func fitted(width: Double, height: Double) -> Size {
        let w = max(0, min(width, height * MotionPlot.size.width / MotionPlot.size.height))
        return Size(width: w, height: w * MotionPlot.size.height / MotionPlot.size.width)
    }

    override func draw(in canvas: Canvas) {
        let font = FontDescriptor.systemFont(ofSize: 11), bold = FontDescriptor.boldSystemFont(ofSize: 11)
        guard let story, let verdicts else {
            canvas.drawText("Drag the card: each release is shown here.", font: font, color: .secondaryLabel,
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
            canvas.drawText(speed, font: font, color: .label, at: Point(x: 96 - canvas.measure(speed, font: font), y: y))
            let verdict = canvas.fitting(line.verdict, font: font, width: ReleaseReadoutView.textWidth - 102)
            canvas.drawText(verdict, font: font, color: color, at: Point(x: 102, y: y))
            y += 15
        }
        drawPlot(story, in: canvas)
    }

    private func drawPlot(_ story: ReleaseStory, in canvas: Canvas) {
        let frame = plotFrame
        guard frame.width > 20 else { return }
        let scale = canvas.scale * frame.width / MotionPlot.size.width
        if plot?.scale != scale { plot = (MotionPlot.render(story, scale: scale), scale) }
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
