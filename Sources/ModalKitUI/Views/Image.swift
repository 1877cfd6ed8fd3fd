import ModalKitBase
import ModalKitPixels

/// A picture and how many of its pixels make a point. UIKit's `UIImage`: immutable, shared by reference, so
/// views that show it can tell a new image from the same one at a glance.
public final class Image {
    /// The decoded pixels, premultiplied.
    public let bitmap: Bitmap
    /// Pixels per point: 2 for a picture made for a 2x screen. UIKit's `scale`.
    public let scale: Double

    /// An image of `bitmap` at `scale` pixels per point (at least a tiny positive number).
    public init(bitmap: Bitmap, scale: Double = 1) {
        self.bitmap = bitmap
        self.scale = scale.isFinite && scale > 0 ? scale : 1
    }

    /// The PNG at `path` in the variant that suits a screen of `screenScale` pixels per point (`Home@2x.png` beside
    /// `Home.png`; see `ImageFile`). UIKit's `init(contentsOfFile:)`, but throwing the reason instead of nil.
    public convenience init(contentsOfFile path: String, screenScale: Double, limits: ImageLimits = .default) throws {
        let (bitmap, scale) = try ImageFile.load(path: path, scale: screenScale, limits: limits)
        self.init(bitmap: bitmap, scale: scale)
    }

    /// The size in points: pixels divided by `scale`. UIKit's `size`.
    public var size: Size { Size(width: Double(bitmap.width) / scale, height: Double(bitmap.height) / scale) }
}
