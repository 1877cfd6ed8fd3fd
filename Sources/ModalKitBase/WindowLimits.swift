/// The numbers past which a window would be unusable or its buffers too big to allocate, for every layer that
/// sizes one: the X11 host clamps what the server sends to them (`HostOptions` forwards them), and the lab refuses
/// options and scene-file images beyond them without linking the host.
public enum WindowLimits {
    /// Pixels per point: no display has more than four (iOS's largest is three); below a half, text is unreadable.
    public static let scaleRange: ClosedRange<Double> = 0.5 ... 4
    /// Display-link rate in Hz: below one frame a second nothing looks animated; above 1000 no display refreshes.
    public static let fpsRange: ClosedRange<Double> = 1 ... 1000
    /// The longest side of the window in pixels.
    public static let maximumPixelSide = 8192
    /// The most pixels in the window: 64 MiB per frame buffer at 4 bytes a pixel.
    public static let maximumPixelCount = 16_777_216

    /// Whether a window of `size` points at `scale` stays within the pixel limits.
    public static func fits(_ size: Size, scale: Double) -> Bool {
        let width = size.width * scale, height = size.height * scale
        let side = Double(maximumPixelSide)
        return width.isFinite && height.isFinite && width.rounded() <= side && height.rounded() <= side
            && width.rounded() * height.rounded() <= Double(maximumPixelCount)
    }
}
