import ModalKit

/// The sheet scene's "+" bar button as iOS 26 draws a toolbar item: a 44-point glass capsule (here a light,
/// nearly white fill with a hairline) with the glyph in the label colour, drawn by us in one view so the zoom's
/// cross-fade of its drawing shows the glyph.
final class BarButtonGlyphView: View {
    private let action: () -> Void

    init(action: @escaping () -> Void) {
        self.action = action
        super.init(frame: Rect(x: 0, y: 0, width: 44, height: 44))
        backgroundColor = Color(white: 0.985)
        cornerRadius = 22
        accessibilityIdentifier = "bar-add"
        let tap = TapGestureRecognizer()
        tap.addTarget { [weak self] (_: TapGestureRecognizer) in self?.action() }
        addGestureRecognizer(tap)
    }

    override func draw(in canvas: Canvas) {
        let w = bounds.width, h = bounds.height
        let arm = min(w, h) * 0.4, thick = 2.2
        let ink = Color(white: 0.1)
        canvas.fill(
            Rect(x: (w - arm) / 2, y: (h - thick) / 2, width: arm, height: thick), color: ink, cornerRadius: thick / 2)
        canvas.fill(
            Rect(x: (w - thick) / 2, y: (h - arm) / 2, width: thick, height: arm), color: ink, cornerRadius: thick / 2)
    }
}
