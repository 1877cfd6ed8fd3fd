import ModalKit

/// One row of an inset grouped list, drawn whole into its own small cached layer: the white background (rounded
/// at the top of the first row and the bottom of the last), the title, the value on the right, and the hairline
/// above it. A row with labels for subviews would keep three layers (the row's and each label's); this keeps one,
/// and draws the same pixels as `GroupedRows` (a hairline there is its own half-point view that lands on the
/// first pixel row of the row below it).
final class PlaceRow: View {
    private(set) var title = ""
    private(set) var value = ""
    private var isFirst = false

    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        backgroundColor = .white
        cornerRadius = 10
    }

    /// Shows `title` and `value` as the row at `index` of `count`; redraws only if something changed.
    func configure(title: String, value: String, index: Int, count: Int) {
        var corners: CornerMask = []
        if index == 0 { corners.formUnion(.top) }
        if index == count - 1 { corners.formUnion([.bottomLeft, .bottomRight]) }
        if maskedCorners != corners { maskedCorners = corners }
        if title != self.title || value != self.value || isFirst != (index == 0) {
            (self.title, self.value, isFirst) = (title, value, index == 0)
            setNeedsDisplay()
        }
    }

    override func draw(in canvas: Canvas) {
        super.draw(in: canvas)
        let width = bounds.width, height = GroupedRows.rowHeight
        let text = Rect(x: 16, y: 0, width: max(width - 32, 0), height: height)
        let font = FontDescriptor.systemFont(ofSize: 17)
        let (ascent, descent) = canvas.metrics(font)
        let baseline = text.midY + (ascent - descent) / 2
        canvas.drawText(title, font: font, color: .label, at: Point(x: text.minX, y: baseline))
        let valueX = text.maxX - canvas.measure(value, font: font)
        canvas.drawText(value, font: font, color: .secondaryLabel, at: Point(x: valueX, y: baseline))
        if !isFirst {
            canvas.fill(Rect(x: 16, y: 0, width: max(width - 16, 0), height: 0.5), color: .separator)
        }
    }
}
