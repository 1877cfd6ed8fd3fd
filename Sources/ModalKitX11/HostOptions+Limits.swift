import ModalKitBase

/// The numbers past which a window would be unusable or its buffers too big to allocate (`WindowLimits`, where
/// the lab reads them without the host). The lab refuses options beyond them (exit 2); what comes from the X server
/// (`Xft.dpi`, a resize by the window manager) is clamped.
extension HostOptions {
    /// Pixels per point: no display has more than four (iOS's largest is three); below a half, text is unreadable.
    public static let scaleRange = WindowLimits.scaleRange
    /// Display-link rate in Hz: below one frame a second nothing looks animated; above 1000 no display refreshes.
    public static let fpsRange = WindowLimits.fpsRange
    /// The longest side of the window in pixels.
    public static let maximumPixelSide = WindowLimits.maximumPixelSide
    /// The most pixels in the window: 64 MiB per frame buffer at 4 bytes a pixel.
    public static let maximumPixelCount = WindowLimits.maximumPixelCount

    /// Whether a window of `size` points at `scale` stays within the pixel limits.
    public static func fits(_ size: Size, scale: Double) -> Bool { WindowLimits.fits(size, scale: scale) }

    /// `scale` clamped into `scaleRange` and, if need be, lowered until a window of `size` points fits the pixel
    /// limits; a scale that is not a number becomes 1.
    public static func clampedScale(_ scale: Double, fitting size: Size) -> Double {
        guard scale.isFinite else { return scale > 0 ? scaleRange.upperBound : 1 }
        var fitted = min(max(scale, scaleRange.lowerBound), scaleRange.upperBound)
        let width = max(size.width, 1), height = max(size.height, 1)
        fitted = min(
            fitted, Double(maximumPixelSide) / width, Double(maximumPixelSide) / height,
            (Double(maximumPixelCount) / (width * height)).squareRoot())
        return max(fitted, 1e-3)
    }

    /// A size in pixels clamped to the limits: each side to `maximumPixelSide`, then the height cut until the
    /// count fits.
    public static func clampedPixels(width: Int, height: Int) -> (width: Int, height: Int) {
        var w = min(max(width, 1), maximumPixelSide), h = min(max(height, 1), maximumPixelSide)
        if w * h > maximumPixelCount { h = max(1, maximumPixelCount / w) }
        return (w, h)
    }
}
