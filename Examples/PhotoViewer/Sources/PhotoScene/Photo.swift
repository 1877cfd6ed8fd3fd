import ModalKit

/// A photo drawn with shapes (no image files): a sky graded from top to horizon, a sun, two ranges of hills.
public struct Photo: Sendable {
    /// Sky at the top and at the horizon.
    public var sky: (top: Color, horizon: Color)
    /// The sun's color and where its center sits, as fractions of the photo's width and height.
    public var sun: (color: Color, x: Double, y: Double)
    /// The far and the near hills.
    public var hills: (far: Color, near: Color)
    /// The caption under the photo in the viewer.
    public var caption: String

    /// Six photos for the gallery: dawn, noon, dusk, night, fog, desert.
    public static let gallery = [
        Photo(sky: (Color(rgb: 0xFF9A8B), Color(rgb: 0xFFE29F)), sun: (Color(rgb: 0xFFF4D6), 0.7, 0.55),
              hills: (Color(rgb: 0x8E6C88), Color(rgb: 0x4B3F72)), caption: "Dawn over the ridge"),
        Photo(sky: (Color(rgb: 0x1E90FF), Color(rgb: 0xBDE6FF)), sun: (Color(rgb: 0xFFF8C4), 0.25, 0.25),
              hills: (Color(rgb: 0x6BAF6B), Color(rgb: 0x2E7D32)), caption: "Noon in the valley"),
        Photo(sky: (Color(rgb: 0x2B1055), Color(rgb: 0xFF6F61)), sun: (Color(rgb: 0xFFB347), 0.5, 0.62),
              hills: (Color(rgb: 0x5B2A4D), Color(rgb: 0x24142F)), caption: "Dusk, last light"),
        Photo(sky: (Color(rgb: 0x0B1026), Color(rgb: 0x2B3A67)), sun: (Color(rgb: 0xE8ECF5), 0.78, 0.22),
              hills: (Color(rgb: 0x1C2541), Color(rgb: 0x0B132B)), caption: "Moonrise"),
        Photo(sky: (Color(rgb: 0xB8C6DB), Color(rgb: 0xF5F7FA)), sun: (Color(rgb: 0xFFFFFF), 0.35, 0.4),
              hills: (Color(rgb: 0x9AA9BC), Color(rgb: 0x6E7F96)), caption: "Fog on the hills"),
        Photo(sky: (Color(rgb: 0xF7B267), Color(rgb: 0xFCE4B8)), sun: (Color(rgb: 0xFFFBEA), 0.6, 0.3),
              hills: (Color(rgb: 0xD98B4E), Color(rgb: 0xA55C2A)), caption: "Desert noon"),
    ]
}

/// A view that draws a `Photo` in its bounds, with rounded corners.
public final class PhotoView: View {
    /// What it shows.
    public var photo: Photo { didSet { setNeedsDisplay() } }

    /// A view showing `photo`.
    public init(photo: Photo, frame: Rect = .zero) {
        self.photo = photo
        super.init(frame: frame)
        clipsToBounds = true
        cornerRadius = 10
    }

    public override func draw(in canvas: Canvas) {
        let size = presentation.bounds.size, w = size.width, h = size.height
        let bands = 24
        for i in 0 ..< bands {
            let f = Double(i) / Double(bands - 1)
            canvas.fill(Rect(x: 0, y: h * 0.75 * Double(i) / Double(bands), width: w, height: h * 0.75 / Double(bands) + 1),
                        color: mix(photo.sky.top, photo.sky.horizon, f))
        }
        let r = min(w, h) * 0.11
        canvas.fill(Rect(x: photo.sun.x * w - r * 1.6, y: photo.sun.y * h - r * 1.6, width: r * 3.2, height: r * 3.2),
                    color: photo.sun.color.withAlpha(0.25), cornerRadius: r * 1.6)
        canvas.fill(Rect(x: photo.sun.x * w - r, y: photo.sun.y * h - r, width: r * 2, height: r * 2),
                    color: photo.sun.color, cornerRadius: r)
        canvas.fill(Rect(x: -w * 0.3, y: h * 0.55, width: w * 0.9, height: h * 0.9), color: photo.hills.far, cornerRadius: w * 0.45)
        canvas.fill(Rect(x: w * 0.35, y: h * 0.5, width: w * 1.0, height: h * 1.0), color: photo.hills.far, cornerRadius: w * 0.5)
        canvas.fill(Rect(x: -w * 0.1, y: h * 0.72, width: w * 1.3, height: h * 0.8), color: photo.hills.near, cornerRadius: w * 0.5)
    }

    private func mix(_ a: Color, _ b: Color, _ f: Double) -> Color {
        Color(red: a.red + (b.red - a.red) * f, green: a.green + (b.green - a.green) * f,
              blue: a.blue + (b.blue - a.blue) * f)
    }
}

extension Color {
    /// The same color at `alpha`.
    func withAlpha(_ alpha: Double) -> Color { Color(red: red, green: green, blue: blue, alpha: alpha) }
}
