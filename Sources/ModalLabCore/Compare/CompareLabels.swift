import ModalKit

/// The band over a comparison's stages: "A · threshold 0.3" over the left one, "B · threshold 0.5" over the
/// right, so a screenshot or a clip says what differs without the command line beside it.
final class CompareLabels {
    /// The band as a window of its own, drawn into the top of the frame.
    let window: Window
    private let labels: [Label]
    private var pixels = Bitmap(width: 1, height: 1)

    init(_ difference: CompareDifference) {
        window = Window(size: Size(width: 1, height: CompareLayout.labelHeight))
        window.backgroundColor = Color(white: 0.12)
        labels = [difference.a, difference.b].map {
            Label(
                text: $0, font: .preferredFont(forTextStyle: .footnote).withWeight(.semibold),
                textColor: Color(white: 0.95), alignment: .center)
        }
        labels.forEach(window.addSubview)
    }

    /// Shows what differs now (a label redraws only when its text changed).
    func show(_ difference: CompareDifference) {
        labels[0].text = difference.a
        labels[1].text = difference.b
    }

    /// Makes the band `width` points wide and puts each label over its stage.
    func layOut(_ layout: CompareLayout, width: Double) {
        window.resize(to: Size(width: width, height: CompareLayout.labelHeight))
        let h = CompareLayout.labelHeight
        labels[0].frame = Rect(x: 8, y: 0, width: layout.stage.width - 16, height: h)
        labels[1].frame = Rect(x: layout.stageBX + 8, y: 0, width: layout.stage.width - 16, height: h)
    }

    /// Draws the band across the top of `bitmap`.
    func render(into bitmap: inout Bitmap, scale: Double) {
        let width = bitmap.width, height = Int((CompareLayout.labelHeight * scale).rounded())
        if pixels.width != width || pixels.height != height { pixels = Bitmap(width: width, height: height) }
        window.render(into: &pixels, scale: scale)
        bitmap.copy(pixels.bounds, of: pixels, toX: 0, y: 0)
    }
}
