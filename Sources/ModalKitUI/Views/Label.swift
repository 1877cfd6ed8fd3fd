import ModalKitBase
import ModalKitPixels

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
    public var text: String { didSet { if text != oldValue { textDidChange() } } }
    /// The font. UIKit's `font`.
    public var font: FontDescriptor { didSet { if font != oldValue { forgetLine() } } }
    /// The text color. UIKit's `textColor`.
    public var textColor: Color { didSet { if textColor != oldValue { setNeedsDisplay() } } }
    /// How the line sits horizontally in the bounds. UIKit's `textAlignment`.
    public var textAlignment: TextAlignment { didSet { if textAlignment != oldValue { forgetLine() } } }

    /// A line laid out and placed for a text, a bounds size and a scale (see `placedLine`).
    private struct PlacedLine {
        let text: String
        let size: Size
        let scale: Double
        let line: TextLine
        /// Where the baseline starts, in bounds points from the bounds' origin.
        let origin: Point
    }
    /// The line for the text now (laid out once for the change and the draw), and the one the layer's pixels show.
    private var placed: PlacedLine?
    private var drawn: PlacedLine?

    /// A label in 17-point system text in `.label` color unless given; it ignores presses (as UIKit's does).
    public init(
        text: String, font: FontDescriptor = .preferredFont(forTextStyle: .body), textColor: Color = .label,
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
        guard let line = placedLine(canvas) else { return }
        canvas.drawText(line.line, font: font, color: textColor, at: line.origin)
        // Only the layer's pixels are what a later change is compared with.
        drawn = canvas === layerCache?.canvas ? line : nil
    }

    /// The text, font, color and alignment; a subclass answers for itself (see `View.describeContent`).
    open override func describeContent(into content: inout LayerContent) -> Bool {
        guard type(of: self) == Label.self else { return false }
        content.append(text)
        content.append(font)
        content.append(textColor)
        content.append(textAlignment == .left ? 0 : textAlignment == .center ? 1 : 2)
        return true
    }

    /// A new font or alignment moves every glyph: the whole label is drawn again.
    private func forgetLine() {
        placed = nil
        drawn = nil
        setNeedsDisplay()
    }

    /// The text laid out, fitted and placed as `drawLine` places it, for the bounds and scale of `canvas`.
    private func placedLine(_ canvas: Canvas) -> PlacedLine? {
        let size = presentation.bounds.size
        if let placed, placed.text == text, placed.size == size, placed.scale == canvas.scale { return placed }
        guard var line = canvas.layOut(text, font: font) else { return nil }
        let rect = Rect(origin: .zero, size: size)
        // The test `TextFitting.fit` makes first, with the same width: a line that fits is drawn as it is.
        if line.width / canvas.scale > rect.width {
            line = canvas.layOut(canvas.fitting(text, font: font, width: rect.width), font: font) ?? line
        }
        let (ascent, descent) = canvas.metrics(font)
        let width = line.width / canvas.scale
        let x: Double
        switch textAlignment {
        case .left: x = rect.minX
        case .center: x = rect.midX - width / 2
        case .right: x = rect.maxX - width
        }
        let result = PlacedLine(
            text: text, size: size, scale: canvas.scale, line: line,
            origin: Point(x: x, y: rect.midY + (ascent - descent) / 2))
        placed = result
        return result
    }

    /// Redraws only the glyphs that changed when the layer holds the old line (a HUD line whose numbers change
    /// every frame redraws its digits, not the line), else the whole label.
    private func textDidChange() {
        guard let rect = changedTextRect() else { return setNeedsDisplay() }
        // Empty: the same glyphs in the same places (a change past the cut), nothing to redraw.
        if rect.width > 0 && rect.height > 0 { setNeedsDisplay(inBounds: rect) }
    }

    /// Where the line the layer shows and the line of `text` differ, in bounds points; nil when that is not known
    /// (no valid layer yet, a new size or scale, a subclass that may draw more than the line).
    private func changedTextRect() -> Rect? {
        guard type(of: self) == Label.self, let cache = layerCache, cache.isResident, cache.isValid, let before = drawn,
            before.scale == cache.canvas.scale, before.size == presentation.bounds.size,
            let after = placedLine(cache.canvas), let face = FontBook.shared.font(font, scale: before.scale)
        else { return nil }
        let scale = before.scale, inset = Double(cache.padding)
        // The same pixel arithmetic as `Canvas.drawText` with the layer's origin at its padding.
        guard
            let changed = Bitmap.textChange(
                from: before.line, at: (inset + before.origin.x * scale).rounded(), to: after.line,
                at: (inset + after.origin.x * scale).rounded(), font: face,
                baselineY: (inset + after.origin.y * scale).rounded())
        else { return .zero }
        let b = presentation.bounds
        return Rect(
            x: b.minX + (Double(changed.x) - inset) / scale, y: b.minY + (Double(changed.y) - inset) / scale,
            width: Double(changed.width) / scale, height: Double(changed.height) / scale)
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
