import ModalKitBase

/// A 32-bit image in memory: premultiplied ARGB, one `UInt32` a pixel as 0xAARRGGBB, rows top to bottom with no
/// padding. Coordinates and sizes here are in pixels, never points.
public struct Bitmap: Equatable, Sendable {
    /// The width in pixels.
    public let width: Int
    /// The height in pixels.
    public let height: Int
    /// `width * height` premultiplied pixels, row-major.
    public var pixels: [UInt32]

    /// A transparent bitmap.
    public init(width: Int, height: Int) {
        precondition(width >= 0 && height >= 0, "bitmap size must not be negative")
        self.width = width
        self.height = height
        pixels = Array(repeating: 0, count: width * height)
    }

    /// The pixel at (x, y); both must be inside the bitmap.
    public subscript(x: Int, y: Int) -> UInt32 {
        get { pixels[y * width + x] }
        set { pixels[y * width + x] = newValue }
    }
}
