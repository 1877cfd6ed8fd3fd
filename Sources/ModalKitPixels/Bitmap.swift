import Glibc
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

    /// Whether the pixels of a `width` × `height` bitmap, and `headroom` bytes besides, can be allocated now. A
    /// Swift array that cannot be allocated ends the process ("failed to allocate"), so a size that comes from a
    /// file is asked of `malloc` first, which can say no; the probe is released at once, and the bitmap made next
    /// takes its place. The headroom is for what the program does next: a picture that leaves it no memory would
    /// only move the crash to the next allocation.
    public static func memoryIsAvailable(width: Int, height: Int, headroom: Int = 0) -> Bool {
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height * MemoryLayout<UInt32>.stride)
        let (count, over) = pixels.addingReportingOverflow(headroom)
        guard !overflow, !over, let probe = malloc(max(count, 1)) else { return false }
        free(probe)
        return true
    }

    /// The pixel at (x, y); both must be inside the bitmap.
    public subscript(x: Int, y: Int) -> UInt32 {
        get { pixels[y * width + x] }
        set { pixels[y * width + x] = newValue }
    }
}
