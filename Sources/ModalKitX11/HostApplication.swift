import ModalKitBase
import ModalKitPixels

/// What the host drives: it feeds input in order, then once per display tick advances and renders the app.
public protocol HostApplication: AnyObject {
    /// Every input event, in order, as it is read (before the frame that shows it).
    func handle(_ event: InputEvent, host: X11Host)
    /// Once per display tick, before rendering, with the frame timestamp (CLOCK_MONOTONIC seconds).
    func advance(to frameTime: Double)
    /// True while something moves: the host keeps the display link armed.
    var isAnimating: Bool { get }
    /// True when the app has changed and wants a frame (after input etc.).
    var needsDisplay: Bool { get }
    /// The next time the app wants a frame although nothing moves and nothing changed yet (a readout held back
    /// so people can read it, a reload waiting for a file to settle), CLOCK_MONOTONIC seconds like the frame
    /// times; nil for none. The host sleeps until then: a change due later asked for through `isAnimating` would
    /// wake the loop and draw every tick until it is due.
    var nextFrameTime: Double? { get }
    /// Draws the frame into `bitmap` (window size in pixels); returns the changed region, or nil for all of it.
    func render(into bitmap: inout Bitmap, scale: Double) -> PixelRect?
    /// The separate rectangles inside the region the last `render` returned that hold every pixel it changed (a
    /// few; they may overlap); empty when that region is all the app can say. The host compares and puts only
    /// inside them, so unchanged rows between two far-apart changes cost nothing. Called once a frame: return
    /// storage the app keeps, not a new array.
    var lastRenderRegions: [PixelRect] { get }
    /// Called after each frame is handed to the server, with its timings.
    func didPresent(_ frame: FrameReport, host: X11Host)
    /// Called when the server reports that a frame was shown at a vertical blank (only with Present).
    func didShow(_ frame: FrameShown, host: X11Host)
    /// More file descriptors for the host's loop to wait on besides the X connection (a file watch).
    var extraFileDescriptors: [Int32] { get }
    /// One of `extraFileDescriptors` is readable; the app reads it.
    func fileDescriptorReady(_ fd: Int32, host: X11Host)
}

extension HostApplication {
    public func didShow(_ frame: FrameShown, host: X11Host) {}
    public var lastRenderRegions: [PixelRect] { [] }
    public var nextFrameTime: Double? { nil }
    public var extraFileDescriptors: [Int32] { [] }
    public func fileDescriptorReady(_ fd: Int32, host: X11Host) {}
}
