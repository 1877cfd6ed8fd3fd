import ModalKitBase

/// The source's own drawing over the page while the flight cross-fades it (the first 55% of the way from the
/// source): the source view's `draw(in:)`, at the source's size, scaled into the page's frame. Subviews of the source
/// are not drawn: a cell that is one drawn view (a photo) shows whole.
final class ZoomSourceReplica: View {
    weak var source: View? { didSet { if source !== oldValue { setNeedsDisplay() } } }

    override func draw(in canvas: Canvas) {
        guard let source else { return }
        canvas.fill(Rect(origin: .zero, size: bounds.size), color: source.backgroundColor)
        source.draw(in: canvas)
    }

    /// Its pixels are the source's: never shared with another view's layer.
    override func describeContent(into content: inout LayerContent) -> Bool { false }
}
