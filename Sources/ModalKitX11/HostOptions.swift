import ModalKitBase

/// How the X11 host opens its window: title, size in points, pixel scale, frame rate, presentation path.
public struct HostOptions: Equatable {
    /// The window title; names the scene.
    public var title: String
    /// The content size in points; the window is `size × scale` pixels.
    public var size: Size
    /// Pixels per point; nil reads `Xft.dpi / 96` from the server's resources, else 1.
    public var scale: Double?
    /// Display-link rate in Hz; nil uses the refresh rate RandR reports, else 60.
    public var fps: Double?
    /// Present through MIT-SHM when the server allows it; false forces plain XPutImage.
    public var useSharedMemory: Bool
    /// Read the pointer through XInput 2.2 (smooth scrolling, sub-pixel positions) when the server has it; false
    /// forces the core events, where a wheel is buttons 4–7.
    public var useXInput2: Bool

    /// Options with the lab's defaults: an iPhone-sized 375×667 point window.
    public init(title: String = "ModalLab", size: Size = Size(width: 375, height: 667), scale: Double? = nil,
                fps: Double? = nil, useSharedMemory: Bool = true, useXInput2: Bool = true) {
        self.title = title
        self.size = size
        self.scale = scale
        self.fps = fps
        self.useSharedMemory = useSharedMemory
        self.useXInput2 = useXInput2
    }
}
