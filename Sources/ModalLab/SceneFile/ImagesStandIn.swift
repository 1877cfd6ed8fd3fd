#if canImport(Glibc)
import Glibc
#endif
import ModalKit
import ModalKitX11

// Stand-in for branch `images` (issue 21 item 2): the few names the scene file uses, under the API's fixed names,
// until that branch lands in this one. Delete this file when it does.

/// How large an image may be before it is decoded (stand-in).
struct ImageLimits {
    /// The longest side in pixels.
    var maximumSide = HostOptions.maximumPixelSide
    /// The pixels in all.
    var maximumPixels = HostOptions.maximumPixelCount
}

/// Finds and decodes the `@2x`/`@3x` variant of an image for a scale (stand-in).
enum ImageFile {
    /// The variant of `path` nearest `scale` (`Home@2x.png` for 2), else the plain file at 1x, decoded.
    static func load(path: String, scale: Double, limits: ImageLimits) throws -> (bitmap: Bitmap, scale: Double) {
        let wanted = Int(scale.rounded())
        let stem = path.hasSuffix(".png") ? String(path.dropLast(4)) : path
        for n in [wanted, 3, 2] where n > 1 {
            let variant = "\(stem)@\(n)x.png"
            if access(variant, F_OK) == 0 { return (try decode(variant, limits), Double(n)) }
        }
        return (try decode(path, limits), 1)
    }

    private static func decode(_ path: String, _ limits: ImageLimits) throws -> Bitmap {
        let bytes = try InputFile.read(path, what: "image", limit: 64 << 20)
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count >= 24, Array(bytes[0 ..< 8]) == signature else {
            throw PixelsError("image \(LabLimits.echo(path)) is not a PNG file")
        }
        let width = bytes[16 ..< 20].reduce(0) { $0 << 8 | Int($1) }
        let height = bytes[20 ..< 24].reduce(0) { $0 << 8 | Int($1) }
        guard width > 0, height > 0, width <= limits.maximumSide, height <= limits.maximumSide,
            width * height <= limits.maximumPixels
        else {
            throw PixelsError(
                "image \(LabLimits.echo(path)) is \(width)x\(height) pixels; the limit is \(limits.maximumSide) a side and \(limits.maximumPixels) in all"
            )
        }
        return try PNG.read(from: path)
    }
}

/// A bitmap with the scale it was drawn for: its size in points is its pixels over its scale (stand-in).
struct Image {
    /// The pixels.
    let bitmap: Bitmap
    /// Pixels per point the bitmap was drawn at.
    let scale: Double
    /// The size in points.
    var size: Size { Size(width: Double(bitmap.width) / scale, height: Double(bitmap.height) / scale) }
}

/// A view that shows an image placed as `contentMode` says (stand-in; nearest-pixel scaling).
final class ImageView: View {
    /// How the image is fitted to the view's bounds.
    enum ContentMode { case scaleToFill, scaleAspectFill, scaleAspectFit, top }
    /// The image shown.
    var image: Image? { didSet { scaled = nil; setNeedsDisplay() } }
    /// How it is placed.
    var contentMode = ContentMode.scaleToFill { didSet { scaled = nil; setNeedsDisplay() } }
    private var scaled: Bitmap?

    /// A view showing `image`.
    init(image: Image?) {
        self.image = image
        super.init(frame: .zero)
        clipsToBounds = true
    }

    override func layoutSubviews() { scaled = nil }

    override func draw(in canvas: Canvas) {
        super.draw(in: canvas)
        guard let image else { return }
        let rect = placement(of: image.size)
        let w = Int((rect.width * canvas.scale).rounded()), h = Int((rect.height * canvas.scale).rounded())
        guard w > 0, h > 0 else { return }
        if scaled?.width != w || scaled?.height != h { scaled = ImageView.nearest(image.bitmap, w, h) }
        if let scaled { canvas.draw(scaled, at: rect.origin) }
    }

    private func placement(of size: Size) -> Rect {
        let b = bounds.size
        switch contentMode {
        case .scaleToFill: return Rect(origin: .zero, size: b)
        case .top:
            let s = b.width / max(size.width, 1)
            return Rect(x: 0, y: 0, width: b.width, height: size.height * s)
        case .scaleAspectFill, .scaleAspectFit:
            let sx = b.width / max(size.width, 1), sy = b.height / max(size.height, 1)
            let s = contentMode == .scaleAspectFill ? max(sx, sy) : min(sx, sy)
            let w = size.width * s, h = size.height * s
            return Rect(x: (b.width - w) / 2, y: (b.height - h) / 2, width: w, height: h)
        }
    }

    private static func nearest(_ source: Bitmap, _ w: Int, _ h: Int) -> Bitmap {
        if source.width == w && source.height == h { return source }
        var out = Bitmap(width: w, height: h)
        for y in 0 ..< h {
            let sy = min(source.height - 1, y * source.height / h)
            for x in 0 ..< w { out[x, y] = source[min(source.width - 1, x * source.width / w), sy] }
        }
        return out
    }
}
