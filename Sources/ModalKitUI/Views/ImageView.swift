import ModalKitBase
import ModalKitPixels

/// Shows an `Image`, placed by `contentMode`. UIKit's `UIImageView`.
///
/// The image is resampled once to the pixels it covers at the canvas's scale (`Bitmap.resampled`: no aliasing
/// when a 3x picture is shown at 1x) and kept; frames that follow blit it. A view whose `transform` scales it
/// during an animation keeps that bitmap: its layer is scaled bilinearly like any other view's. With
/// `clipsToBounds`, the image is cut to the bounds and, like any clipping view's layer, to its rounded corners;
/// an image inside a clipping view with rounded corners (a sheet) is cut to those. Without it, as in UIKit, the
/// image may overflow (up to the view's layer, which is its bounds).
open class ImageView: View {
    /// The image shown, or nil for only the background. UIKit's `image`.
    public var image: Image? { didSet { if image !== oldValue { setNeedsDisplay() } } }
    /// How the image is placed in the bounds. UIKit's `contentMode`.
    public var contentMode: ContentMode = .scaleToFill { didSet { if contentMode != oldValue { setNeedsDisplay() } } }
    /// The image resampled to the pixel size it was last shown at (only its visible part when clipped).
    private var resampled: (source: Image, width: Int, height: Int, kept: PixelRect, bitmap: Bitmap)?
    /// That bitmap cut and placed as it was last drawn, and what that depended on.
    private var rendered: (source: Image, key: RenderKey, bitmap: Bitmap, origin: Point)?
    /// How many times the image was resampled (for tests: once per size, not once per frame).
    public private(set) var resampleCount = 0

    /// An image view showing `image` (if any); like UIKit's, it ignores presses.
    public init(image: Image? = nil, frame: Rect = .zero) {
        self.image = image
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    open override func draw(in canvas: Canvas) {
        super.draw(in: canvas)
        guard let image, image.bitmap.width > 0, image.bitmap.height > 0 else { return }
        let bounds = Rect(origin: .zero, size: presentation.bounds.size)
        let key = RenderKey(
            scale: canvas.scale, bounds: bounds.size,
            frame: ImageView.frame(of: image.size, in: bounds, mode: contentMode), clips: clipsToBounds)
        if rendered?.source !== image || rendered?.key != key { rendered = render(image, key) }
        if let rendered { canvas.draw(rendered.bitmap, at: rendered.origin) }
    }

    /// The image (the same object) and its placement; a subclass answers for itself.
    open override func describeContent(into content: inout LayerContent) -> Bool {
        guard type(of: self) == ImageView.self else { return false }
        content.append(object: image)
        switch contentMode {
        case .scaleToFill: content.append(0)
        case .scaleAspectFit: content.append(1)
        case .scaleAspectFill: content.append(2)
        case .top: content.append(3)
        }
        return true
    }

    /// Where an image of `size` points lands in `bounds` under `mode`.
    public static func frame(of size: Size, in bounds: Rect, mode: ContentMode) -> Rect {
        guard size.width > 0, size.height > 0 else { return bounds }
        let across = bounds.width / size.width, down = bounds.height / size.height
        let factor: Double
        switch mode {
        case .scaleToFill: return bounds
        case .scaleAspectFit: factor = min(across, down)
        case .scaleAspectFill: factor = max(across, down)
        case .top:
            return Rect(x: bounds.minX, y: bounds.minY, width: bounds.width, height: size.height * across)
        }
        let width = size.width * factor, height = size.height * factor
        return Rect(
            x: bounds.midX - width / 2, y: bounds.midY - height / 2, width: width, height: height)
    }

    /// The image resampled to the whole pixels `key.frame` covers, cut to the bounds when clipping (the layer's
    /// rounded corners are cut with the rest of the layer; see `View.clipsToBounds`).
    private func render(_ image: Image, _ key: RenderKey) -> (Image, RenderKey, Bitmap, Point) {
        let s = key.scale
        let x = (key.frame.minX * s).rounded(), y = (key.frame.minY * s).rounded()
        let width = Int((key.frame.maxX * s).rounded() - x), height = Int((key.frame.maxY * s).rounded() - y)
        var origin = PixelRect(x: Int(x), y: Int(y), width: width, height: height)
        // Clipped, only the visible pixels are resampled: a filled image can be far larger than its view.
        var kept = PixelRect(x: 0, y: 0, width: width, height: height)
        if key.clips {
            let inside = PixelRect(
                x: 0, y: 0, width: Int((key.bounds.width * s).rounded()), height: Int((key.bounds.height * s).rounded())
            )
            let visible = origin.intersection(inside)
            kept = PixelRect(
                x: visible.x - origin.x, y: visible.y - origin.y, width: visible.width, height: visible.height)
            origin = visible
        }
        let bitmap = resample(image, width: width, height: height, keeping: kept)
        return (image, key, bitmap, Point(x: Double(origin.x) / s, y: Double(origin.y) / s))
    }

    /// The pixels `kept` of `image` at `width` × `height` pixels, resampled only when that is not what was
    /// resampled last.
    private func resample(_ image: Image, width: Int, height: Int, keeping kept: PixelRect) -> Bitmap {
        if let last = resampled, last.source === image, last.width == width, last.height == height,
            last.kept == kept
        {
            return last.bitmap
        }
        let bitmap =
            kept == PixelRect(x: 0, y: 0, width: width, height: height)
            ? image.bitmap.resampled(width: width, height: height)
            : image.bitmap.resampled(width: width, height: height, keeping: kept)
        resampleCount += 1
        resampled = (image, width, height, kept, bitmap)
        return bitmap
    }

    /// What the rendered bitmap depends on, besides the image.
    private struct RenderKey: Equatable {
        let scale: Double
        let bounds: Size
        let frame: Rect
        let clips: Bool
    }
}
