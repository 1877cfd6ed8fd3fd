import ModalKitBase

/// How the X11 host opens its window: who it is, title, size in points, pixel scale, frame rate, presentation path.
public struct HostOptions: Equatable {
    /// The program's name: the instance part of WM_CLASS and the prefix of the host's messages on stderr.
    public var appName: String
    /// The class part of WM_CLASS, by which window managers and tools find the window.
    public var windowClass: String
    /// The window title.
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
    /// Show frames at the display's vertical blank through the Present extension, which also paces the display
    /// link, when the server has it (and MIT-SHM); false puts frames with XShmPutImage paced by a timer.
    public var usePresent: Bool

    /// Options for an iPhone-sized 375×667 point window; a program passes its own name and class.
    public init(
        appName: String = "modalkit", windowClass: String = "ModalKit", title: String = "ModalKit",
        size: Size = Size(width: 375, height: 667), scale: Double? = nil, fps: Double? = nil,
        useSharedMemory: Bool = true, useXInput2: Bool = true, usePresent: Bool = true
    ) {
        self.appName = appName
        self.windowClass = windowClass
        self.title = title
        self.size = size
        self.scale = scale
        self.fps = fps
        self.useSharedMemory = useSharedMemory
        self.useXInput2 = useXInput2
        self.usePresent = usePresent
    }
}
