import ModalKit

/// One row of UIKit's inset grouped table, drawn whole into its own small cached layer: the white background
/// (rounded at the top of a section's first row and the bottom of its last), the title, the value on the right,
/// and the half-point hairline on its first pixel row. A row with labels for subviews would keep three layers
/// (the row's and each label's); this keeps one.
final class GroupedRow: View {
    static let height = 44.0
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
        let width = bounds.width, height = GroupedRow.height
        let text = Rect(x: 16, y: 0, width: max(width - 32, 0), height: height)
        let font = FontDescriptor.preferredFont(forTextStyle: .body)
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

extension GroupedRow {
    /// The rows of one section, in order, each knowing whether it is first or last; lay them out `height` apart.
    static func section(_ rows: [(String, String)]) -> [GroupedRow] {
        rows.enumerated().map { index, row in
            let view = GroupedRow()
            view.configure(title: row.0, value: row.1, index: index, count: rows.count)
            return view
        }
    }
}
