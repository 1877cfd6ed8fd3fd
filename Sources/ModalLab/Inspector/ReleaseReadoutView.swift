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

    /// The plot's size in points: the room right of the text, at the plot's own proportions.
    var plotSize: Size {
        let width = max(0, bounds.width - ReleaseReadoutView.textWidth - 8)
        let height = min(bounds.height, width * MotionPlot.size.height / MotionPlot.size.width)
        return Size(width: height * MotionPlot.size.width / MotionPlot.size.height, height: height)
    }

    override func draw(in canvas: Canvas) {
        let font = FontDescriptor.systemFont(ofSize: 11), bold = FontDescriptor.boldSystemFont(ofSize: 11)
        guard let story, let verdicts else {
            canvas.drawText("Drag the card: each release is shown here.", font: font, color: .secondaryLabel,
                            at: Point(x: 0, y: 12))
            return
        }
        var y = 12.0
        for line in wrap(verdicts.rule, width: ReleaseReadoutView.textWidth, font: font, canvas: canvas) {
            canvas.drawText(line, font: font, color: .secondaryLabel, at: Point(x: 0, y: y))
            y += 14
        }
        y += 4
        for line in verdicts.lines {
            let color = line.dismisses.map { $0 ? MotionPlot.yesColor : MotionPlot.noColor } ?? .label
            canvas.drawText(line.name, font: line.used ? bold : font, color: .label, at: Point(x: 0, y: y))
            let speed = fmt(line.velocity, 0)
            canvas.drawText(speed, font: font, color: .label, at: Point(x: 96 - canvas.measure(speed, font: font), y: y))
            canvas.drawText(line.verdict, font: font, color: color, at: Point(x: 102, y: y))
            y += 15
        }
        drawPlot(story, in: canvas)
    }

    private func drawPlot(_ story: ReleaseStory, in canvas: Canvas) {
        let size = plotSize
        guard size.width > 20 else { return }
        let scale = canvas.scale * size.width / MotionPlot.size.width
        if plot?.scale != scale { plot = (MotionPlot.render(story, scale: scale), scale) }
        if let plot { canvas.draw(plot.bitmap, at: Point(x: bounds.width - size.width, y: 0)) }
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
