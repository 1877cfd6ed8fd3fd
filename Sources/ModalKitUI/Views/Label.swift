import ModalKitBase

/// How a line of text sits horizontally in its view. UIKit's `NSTextAlignment`.
public enum TextAlignment: Sendable {
    /// Flush with the left edge.
    case left
    /// Centered.
    case center
    /// Flush with the right edge.
    case right
}

/// One line of text, cut with "…" when it does not fit its width. UIKit's `UILabel`.
open class Label: View {
    /// The text, drawn on one line. UIKit's `text`.
    public var text: String { didSet { if text != oldValue { setNeedsDisplay() } } }
    /// The font. UIKit's `font`.
    public var font: FontDescriptor { didSet { if font != oldValue { setNeedsDisplay() } } }
    /// The text color. UIKit's `textColor`.
    public var textColor: Color { didSet { if textColor != oldValue { setNeedsDisplay() } } }
    /// How the line sits horizontally in the bounds. UIKit's `textAlignment`.
    public var textAlignment: TextAlignment { didSet { if textAlignment != oldValue { setNeedsDisplay() } } }

    /// A label in 17-point system text in `.label` color unless given; it ignores presses (as UIKit's does).
    public init(
        text: String, font: FontDescriptor = .systemFont(ofSize: 17), textColor: Color = .label,
        alignment: TextAlignment = .left, frame: Rect = .zero
    ) {
        self.text = text
        self.font = font
        self.textColor = textColor
        self.textAlignment = alignment
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    open override func draw(in canvas: Canvas) {
        super.draw(in: canvas)
        Label.drawLine(
            text, font: font, color: textColor, alignment: textAlignment,
            in: Rect(origin: .zero, size: presentation.bounds.size), canvas: canvas)
    }

    /// Draws `text` vertically centred in `rect`, aligned horizontally, cut with "…" when it is wider than `rect`
    /// (UILabel's default `.byTruncatingTail`); shared by labels, buttons and bars.
    static func drawLine(
        _ text: String, font: FontDescriptor, color: Color, alignment: TextAlignment, in rect: Rect,
        canvas: Canvas
    ) {
        let (ascent, descent) = canvas.metrics(font)
        let text = canvas.fitting(text, font: font, width: rect.width)
        let x: Double
        switch alignment {
        case .left: x = rect.minX
        case .center: x = rect.midX - canvas.measure(text, font: font) / 2
        case .right: x = rect.maxX - canvas.measure(text, font: font)
        }
        let baseline = rect.midY + (ascent - descent) / 2
        canvas.drawText(text, font: font, color: color, at: Point(x: x, y: baseline))
    }
}
