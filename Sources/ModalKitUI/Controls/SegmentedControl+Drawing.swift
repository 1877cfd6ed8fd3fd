import ModalKitBase

extension SegmentedControl {
    /// iOS 13's colours: a translucent grey track, a white thumb with a faint shadow.
    private static let trackColor = Color(rgb: 0x767680, alpha: 0.12)
    private static let pressedColor = Color(rgb: 0x767680, alpha: 0.12)
    private static let thumbShadow = Shadow(color: Color(white: 0, alpha: 0.12), radius: 2, offset: Point(x: 0, y: 1))
    private static let cornerRadius = 8.0, thumbInset = 2.0

    /// The track, the thumb and the texts, over the view's background.
    func drawSegments(in canvas: Canvas) {
        let size = presentation.bounds.size
        canvas.fill(
            Rect(origin: .zero, size: size), color: faded(SegmentedControl.trackColor),
            cornerRadius: SegmentedControl.cornerRadius)
        let thumb = thumbIndex
        drawSeparators(in: canvas, around: thumb)
        if let pressed = highlightedSegmentIndex, pressed != thumb {
            canvas.fill(
                segmentRect(pressed), color: faded(SegmentedControl.pressedColor),
                cornerRadius: SegmentedControl.cornerRadius - SegmentedControl.thumbInset)
        }
        if let thumb {
            let rect = segmentRect(thumb)
            let radius = SegmentedControl.cornerRadius - SegmentedControl.thumbInset
            canvas.drawShadow(SegmentedControl.thumbShadow, for: rect, cornerRadius: radius, corners: .all)
            canvas.fill(rect, color: .white, cornerRadius: radius)
        }
        let fontSize = titleSize(canvas: canvas)
        for (index, title) in titles.enumerated() {
            let dimmed = index == highlightedSegmentIndex && index != thumb
            let color = faded(dimmed ? Color.label.withAlphaComponent(0.35) : .label)
            let font = titleFont(size: fontSize, selected: index == thumb)
            Label.drawLine(
                title, font: font, color: color, alignment: .center,
                in: Rect(x: Double(index) * segmentWidth, y: 0, width: segmentWidth, height: size.height),
                canvas: canvas)
        }
    }

    /// Where the white thumb is drawn: under the pointer while the press drags it, else on the selection.
    var thumbIndex: Int? {
        if isDraggingThumb, let pressed = highlightedSegmentIndex { return pressed }
        return selectedSegmentIndex == SegmentedControl.noSegment ? nil : selectedSegmentIndex
    }

    /// A title's font at `size`: semibold on the thumb, as iOS 13 and later draw the selected segment, regular
    /// elsewhere.
    func titleFont(size: Double, selected: Bool) -> FontDescriptor {
        FontDescriptor(size: size, weight: selected ? .semibold : .regular)
    }

    /// One size for every title: 13 points, or smaller (down to 9) until the widest title fits its segment in
    /// semibold (the thumb can be on any), as UIKit shrinks all titles together. A title still too wide is cut with
    /// "…".
    func titleSize(canvas: Canvas) -> Double {
        let room = segmentWidth - 2 * SegmentedControl.thumbInset - 6
        var size = 13.0
        while size > 9,
            titles.contains(where: { canvas.measure($0, font: titleFont(size: size, selected: true)) > room })
        {
            size -= 0.5
        }
        return size
    }

    /// A segment's rectangle inside the track.
    private func segmentRect(_ index: Int) -> Rect {
        Rect(x: Double(index) * segmentWidth, y: 0, width: segmentWidth, height: presentation.bounds.height)
            .insetBy(dx: SegmentedControl.thumbInset, dy: SegmentedControl.thumbInset)
    }

    /// Hairlines between segments, except beside the thumb (as iOS 13 draws them).
    private func drawSeparators(in canvas: Canvas, around thumb: Int?) {
        let height = presentation.bounds.height
        for index in titles.indices.dropFirst() where index != thumb && index - 1 != thumb {
            canvas.fill(
                Rect(x: Double(index) * segmentWidth - 0.5, y: height * 0.25, width: 1, height: height * 0.5),
                color: faded(Color(rgb: 0x3C3C43, alpha: 0.3)))
        }
    }

    private func faded(_ color: Color) -> Color { isEnabled ? color : color.withAlphaComponent(color.alpha * 0.5) }
}
