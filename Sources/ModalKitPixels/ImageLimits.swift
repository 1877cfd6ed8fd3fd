/// How big an image file and the picture in it may be before it is refused unread: a PNG's header states its
/// size, and a few hundred bytes can claim a picture that would take gigabytes to decode (a decompression bomb).
///
/// The default is sized for the largest screen the lab draws, 4000 points on its longer side at 3x: no side over
/// 12,000 pixels, at most 36,000,000 pixels (144 MB decoded, at 4 bytes a pixel: a 3x content image of
/// 1000 × 4000 points; a 3x iPhone screen, 1290 × 2796, is 3.6 million), and a file of at most 64 MiB.
public struct ImageLimits: Equatable, Sendable {
    /// The most bytes read from the file; a longer file is refused, never cut.
    public var fileBytes: Int
    /// The longest width or height, in pixels.
    public var maxSide: Int
    /// The most pixels (width × height).
    public var maxPixels: Int

    /// Limits with the given numbers.
    public init(fileBytes: Int, maxSide: Int, maxPixels: Int) {
        self.fileBytes = fileBytes
        self.maxSide = maxSide
        self.maxPixels = maxPixels
    }

    /// 64 MiB files, 12,000-pixel sides, 36 million pixels (see the type's summary for why).
    public static let `default` = ImageLimits(fileBytes: 64 << 20, maxSide: 12_000, maxPixels: 36_000_000)

    /// Why a picture of `width` × `height` pixels is refused, or nil when it fits.
    public func refusal(width: Int, height: Int) -> String? {
        if width > maxSide || height > maxSide || width * height > maxPixels {
            return "it is \(width)x\(height) pixels; the limit is \(maxSide) pixels a side and \(maxPixels) pixels"
        }
        return nil
    }
}
