import ModalKitBase

extension Slider {
    /// The thumb's fill: white, a shade darker while pressed so the press shows.
    private static let thumbColor = Color.white, pressedThumbColor = Color(white: 0.9)
    private static let thumbShadow = Shadow(color: Color(white: 0, alpha: 0.3), radius: 1.5, offset: Point(x: 0, y: 1))

    /// The track, the thumb and the texts, over the view's background.
    func drawSlider(in canvas: Canvas) {
        let dim = isEnabled ? 1.0 : 0.5
        let track = trackRect, thumb = thumbRect, r = Slider.trackHeight / 2
        canvas.fill(track, color: faded(maximumTrackTintColor, dim), cornerRadius: r)
        let filled = Rect(x: track.minX, y: track.minY, width: thumb.midX - track.minX, height: track.height)
        if filled.width > 0 { canvas.fill(filled, color: faded(minimumTrackTintColor, dim), cornerRadius: r) }
        canvas.drawShadow(Slider.thumbShadow, for: thumb, cornerRadius: thumb.width / 2, corners: .all)
        // A faint rim, as UIKit's thumb has, so it reads on white.
        let radius = thumb.width / 2
        canvas.fill(
            thumb.insetBy(dx: -0.5, dy: -0.5), color: Color(white: 0, alpha: 0.06 * dim), cornerRadius: radius + 0.5)
        canvas.fill(thumb, color: isHighlighted ? Slider.pressedThumbColor : Slider.thumbColor, cornerRadius: radius)
        if let valueFormatter {
            // From the track's end: a value a little wider than `valueWidth` ("1500 pt/s") fits before it is cut.
            let area = Rect(x: track.maxX + 4, y: 0, width: bounds.width - track.maxX - 4, height: bounds.height)
            Label.drawLine(
                valueFormatter(value), font: .preferredFont(forTextStyle: .footnote).withMonospacedDigits(),
                color: faded(.label, dim),
                alignment: .right, in: area, canvas: canvas)
        }
    }

    private func faded(_ color: Color, _ factor: Double) -> Color { color.withAlphaComponent(color.alpha * factor) }
}
