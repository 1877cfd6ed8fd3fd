import ModalKitBase
import ModalKitPixels

/// The edge below a floating sheet: the dimmed screen behind, drawn again where the sheet's view (which keeps
/// one size so its pixels are kept) reaches past the sheet's rounded bottom: under the inset, and outside the
/// bottom corners, anti-aliased. A band one corner radius tall; the rest of the screen is left to the views
/// behind.
final class SheetEdgeView: View {
    /// The screen behind the sheet.
    weak var presentingView: View?
    /// The backdrop's dim now (0...1 of black).
    var dim = 0.0
    /// The sheet's frame on screen and its bottom corners' radius, in points.
    private var card = Rect.zero, radius = 0.0

    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
        accessibilityIdentifier = "sheet-edge"
    }

    /// Covers the band of `depth` points at the bottom of a container of `size` (one size through a drag, so
    /// its pixels are redrawn in place), for a sheet at `card` whose bottom corners have `bottomRadius`.
    func place(under card: Rect, bottomRadius: Double, depth: Double, in size: Size) {
        self.card = card
        radius = max(bottomRadius, 0)
        let band = Rect(x: 0, y: size.height - depth, width: size.width, height: depth)
        if frame != band { frame = band }
    }

    override func hitTest(_ point: Point) -> View? { nil }

    /// Each pixel: how much of it lies outside the sheet's rounded bottom, times the dimmed screen behind there.
    override func draw(in canvas: Canvas) {
        let s = canvas.scale
        let area = PixelRect(covering: canvas.pixelRect(for: Rect(origin: .zero, size: bounds.size)))
            .intersection(canvas.clip)
        guard !area.isEmpty, let behind = presentingView, behind.presentation.transform.scaleX > 0 else { return }
        let layer = behind.rasterized(scale: s)
        let source = layer.canvas.bitmap, pad = layer.padding
        let origin = behind.convertToWindow(.zero)
        let behindScale = behind.presentation.transform.scaleX
        let mine = convertToWindow(.zero)
        let keep = 1 - min(max(dim, 0), 1)
        let r = radius * s, left = card.minX * s, right = card.maxX * s, bottom = card.maxY * s
        for py in area.y ..< (area.y + area.height) {
            let wy = mine.y * s + (Double(py) - canvas.originY) + 0.5
            for px in area.x ..< (area.x + area.width) {
                let wx = mine.x * s + (Double(px) - canvas.originX) + 0.5
                let outside = SheetEdgeView.outside(
                    x: wx, y: wy, left: left, right: right, bottom: bottom, radius: r)
                guard outside > 0 else { canvas.bitmap[px, py] = 0; continue }
                // The screen behind at this window pixel (black where it does not reach), dimmed.
                let fx = ((wx / s - origin.x) / behindScale * s).rounded(.down) + Double(pad)
                let fy = ((wy / s - origin.y) / behindScale * s).rounded(.down) + Double(pad)
                var pixel: UInt32 = 0xFF00_0000
                if fx >= 0, fy >= 0, fx < Double(source.width), fy < Double(source.height) {
                    pixel = source.pixels[Int(fy) * source.width + Int(fx)]
                }
                let a = outside
                func channel(_ shift: UInt32) -> UInt32 {
                    UInt32((Double(pixel >> shift & 0xFF) * keep * a).rounded()) << shift
                }
                canvas.bitmap[px, py] = UInt32((255 * a).rounded()) << 24 | channel(16) | channel(8) | channel(0)
            }
        }
    }

    /// How much of a pixel centered at (x, y) lies outside a rectangle from `left` to `right` whose bottom is
    /// rounded by `radius` at `bottom` (pixels): 0 inside, 1 outside, a one-pixel ramp across the edge.
    static func outside(x: Double, y: Double, left: Double, right: Double, bottom: Double, radius: Double) -> Double {
        var d: Double
        let cy = bottom - radius
        if y > cy && (x < left + radius || x > right - radius) {
            let cx = x < left + radius ? left + radius : right - radius
            d = ((x - cx) * (x - cx) + (y - cy) * (y - cy)).squareRoot() - radius
        } else {
            d = max(left - x, x - right, y - bottom)
        }
        d = min(max(d + 0.5, 0), 1)
        return d
    }

    override func describeContent(into content: inout LayerContent) -> Bool { false }
}
