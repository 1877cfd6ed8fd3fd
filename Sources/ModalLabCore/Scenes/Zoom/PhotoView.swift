import ModalKit

/// One of the grid's photos, drawn by us: a sky, a sun and two hills in the photo's own colours, so a cell and the
/// page it opens show the same picture at any size.
final class PhotoView: View {
    let index: Int

    init(index: Int) {
        self.index = index
        super.init(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        backgroundColor = PhotoView.sky(index)
        accessibilityIdentifier = "photo-\(index)"
    }

    /// The sky's colour of photo `index`: a hue per photo.
    static func sky(_ index: Int) -> Color {
        let palette: [UInt32] = [
            0x8EC5E8, 0xF6B38E, 0xB9A6E0, 0x9FD8C2, 0xF2D57E, 0xE89BB0,
            0x7FB3D5, 0xF0A77A, 0xA9C97E, 0xD7A2D9, 0x86D0D6, 0xF3C57F
        ]
        return Color(rgb: palette[index % palette.count])
    }

    override func draw(in canvas: Canvas) {
        let w = bounds.width, h = bounds.height
        canvas.fill(Rect(x: 0, y: 0, width: w, height: h), color: PhotoView.sky(index))
        let sun = min(w, h) * 0.22
        let sx = w * (0.25 + 0.5 * Double((index * 5) % 7) / 6)
        canvas.fill(
            Rect(x: sx - sun / 2, y: h * 0.22, width: sun, height: sun), color: Color(rgb: 0xFFF4D6),
            cornerRadius: sun / 2)
        canvas.fill(
            Rect(x: -w * 0.3, y: h * 0.58, width: w * 1.1, height: h * 0.9), color: Color(rgb: 0x4E7D5B),
            cornerRadius: w * 0.45)
        canvas.fill(
            Rect(x: w * 0.35, y: h * 0.66, width: w * 1.0, height: h * 0.9), color: Color(rgb: 0x35634A),
            cornerRadius: w * 0.45)
    }

    /// Photos of the same index draw the same pixels at the same size.
    override func describeContent(into content: inout LayerContent) -> Bool { false }
}
