import ModalKit

/// The line under a motion plot: what each velocity estimator read at the release, the one the pan used in
/// bold, and against a flick threshold, which of them would have flicked (green) or not.
enum EstimateStrip {
    static func draw(_ story: ReleaseStory, at origin: Point, in canvas: Canvas) {
        guard !story.estimates.isEmpty else { return }
        let threshold = story.scene?.velocityThreshold
        var x = origin.x
        let intro = threshold.map { "at release (flick ≥ \(fmt($0, 0)) pt/s):" } ?? "at release, by estimator:"
        canvas.drawText(intro, font: PlotLayout.full.font, color: MotionPlot.inkColor, at: Point(x: x, y: origin.y))
        x += canvas.measure(intro, font: PlotLayout.full.font) + 10
        for estimate in story.estimates {
            let used = estimate.name == story.estimator
            let font: FontDescriptor = used ? PlotLayout.full.font.withWeight(.bold) : PlotLayout.full.font
            let text = "\(estimate.name) \(fmt(estimate.velocity.y, 0))"
            canvas.drawText(
                text, font: font, color: color(estimate.velocity.y, threshold), at: Point(x: x, y: origin.y))
            x += canvas.measure(text, font: font) + 14
        }
    }

    /// Green when the reading reaches the flick threshold, orange below it, plain without one.
    private static func color(_ vy: Double, _ threshold: Double?) -> Color {
        guard let threshold else { return MotionPlot.inkColor }
        return vy >= threshold ? MotionPlot.yesColor : MotionPlot.noColor
    }
}
