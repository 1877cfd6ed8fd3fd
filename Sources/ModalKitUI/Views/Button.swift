import ModalKitBase

/// A tappable title. UIKit's `UIButton` (system type): tinted text, dimmed while pressed, an action on tap.
/// With a `backgroundColor` and `cornerRadius` it looks like a filled button.
open class Button: View {
    /// The text on the button. UIKit's `setTitle(_:for:)` for the normal state.
    public var title: String { didSet { if title != oldValue { setNeedsDisplay() } } }
    /// The text color, dimmed while pressed. UIKit's `setTitleColor(_:for:)`.
    public var titleColor: Color { didSet { if titleColor != oldValue { setNeedsDisplay() } } }
    /// The title's font.
    public var font: FontDescriptor { didSet { if font != oldValue { setNeedsDisplay() } } }
    /// Whether the pointer is pressing the button now (UIKit's `isHighlighted`).
    public private(set) var isHighlighted = false { didSet { if isHighlighted != oldValue { setNeedsDisplay() } } }
    /// Its tap recognizer, so tests and scenes can inspect it.
    public let tap = TapGestureRecognizer()
    private var actions: [() -> Void] = []

    /// A button with a title, tinted system blue in 17-point text unless given.
    public init(
        title: String, titleColor: Color = .systemBlue, font: FontDescriptor = .preferredFont(forTextStyle: .body),
        frame: Rect = .zero
    ) {
        self.title = title
        self.titleColor = titleColor
        self.font = font
        super.init(frame: frame)
        tap.onTrackingChange = { [unowned self] tracking in isHighlighted = tracking }
        tap.addTarget { [unowned self] (_: TapGestureRecognizer) in sendActions() }
        addGestureRecognizer(tap)
    }

    /// Runs `action` on every tap (UIKit's `addTarget(_:action:for: .touchUpInside)`).
    public func addAction(_ action: @escaping () -> Void) { actions.append(action) }

    /// Performs the button's actions as a tap would.
    public func sendActions() { actions.forEach { $0() } }

    /// The title, its color and font, and whether it is pressed; a subclass answers for itself.
    open override func describeContent(into content: inout LayerContent) -> Bool {
        guard type(of: self) == Button.self else { return false }
        content.append(title)
        content.append(titleColor)
        content.append(font)
        content.append(isHighlighted)
        return true
    }

    open override func draw(in canvas: Canvas) {
        super.draw(in: canvas)
        // UIKit's system buttons fade their title to about 20% opacity while pressed.
        let color = isHighlighted ? titleColor.withAlphaComponent(titleColor.alpha * 0.2) : titleColor
        Label.drawLine(
            title, font: font, color: color, alignment: .center,
            in: Rect(origin: .zero, size: presentation.bounds.size), canvas: canvas)
    }
}
