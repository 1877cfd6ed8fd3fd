import CX11
import Glibc
import ModalKitBase
import ModalKitPixels

/// The program's one window on an X server: it turns X events into `InputEvent`s, paces frames with a display link
/// and shows each rendered `Bitmap` through MIT-SHM (or XPutImage). Single-threaded: call it from one thread only.
public final class X11Host {
    /// Pixels per point.
    public let scale: Double
    /// Display-link rate in Hz: `--fps`, else the refresh rate of the monitor showing most of the window (RandR),
    /// else 60. It changes when the window moves to another monitor.
    public internal(set) var refreshRate: Double
    /// The window's content size in points.
    public var sizeInPoints: Size {
        Size(width: Double(frame.width) / scale, height: Double(frame.height) / scale)
    }
    /// True while frames go through MIT-SHM segments.
    public var usesSharedMemory: Bool { presenter.usesSharedMemory }
    /// True while frames are shown at the vertical blank through the Present extension, which paces the display
    /// link; false when a timer paces it (no Present, `--no-present`, no MIT-SHM, or the server stopped answering).
    public var usesPresent: Bool { pacing != nil }
    /// True when the pointer comes through XInput 2.2 (smooth scrolling); false on the core events.
    public var usesXInput2: Bool { translator.xinput != nil }

    let display: OpaquePointer
    let window: Window
    let root: Window
    /// True when `--fps` set the rate: it then stays whatever the monitors do.
    let rateIsFixed: Bool
    /// The monitors, re-read when RandR reports a change.
    var crtcs: [CRTCLayout]
    var randrEventBase: Int32?
    let target: PresentTarget
    let useSharedMemory: Bool
    /// The Present extension while frames go through it; nil once the host fell back to the timer.
    var presentExtension: PresentExtension?
    /// The vertical blank's pacing while frames go through Present.
    var pacing: VBlankPacing?
    /// When the last frame was drawn (CLOCK_MONOTONIC), so Present ticks are never closer than half a period.
    var lastFrameAt: Double?
    /// The blank the frame being drawn aims at, chosen when drawing began, so the frame is sent for the blank
    /// its frame time says, however long drawing took.
    var aimedBlank: UInt64?
    /// The prefix of the host's messages on stderr.
    let appName: String
    var presenter: Presenter
    /// The app's canvas, window-sized in pixels, kept between frames so the app may redraw only what changed.
    var frame: Bitmap
    var translator: EventTranslator
    let displayLink: DisplayLink
    var exitCode: Int32?
    var frameRequested = true
    /// Set by Expose and resize: the next frame goes out whole, whatever the app says changed.
    var needsFullPresent = true
    /// No frame is drawn before the first Expose: until then the server would discard it.
    var isExposed = false
    /// Set by the window's DestroyNotify: another client destroyed it, so nothing may be drawn into or done to it.
    var windowIsDestroyed = false
    var frameIndex = 0
    /// The descriptors the loop polls, kept between wake-ups (see `run`).
    var pollSet: [pollfd] = []
    /// The regions of the frame being presented, kept between frames so that filling it allocates nothing.
    var presentRegions: [PixelRegion] = []
    /// `XNextRequest` at the last flush: when it has not moved, there is nothing to send.
    var flushedRequest: UInt = 0

    /// Opens the display and maps a window; throws a `HostError` whose description is one line for stderr.
    public init(options: HostOptions) throws {
        let (display, screen) = try X11Host.openDisplay()
        XErrors.install(on: display, programName: options.appName)
        appName = options.appName
        let root = XRootWindow(display, screen)
        let visual = try X11Host.trueColorVisual(display, screen: screen)
        let wanted = X11Host.validScale(options.scale) ?? ServerResources.xftScale(display) ?? 1
        scale = HostOptions.clampedScale(wanted, fitting: options.size)
        let width = max(1, Int((options.size.width * scale).rounded()))
        let height = max(1, Int((options.size.height * scale).rounded()))
        self.root = root
        crtcs = X11Host.crtcLayouts(display, root: root)
        rateIsFixed = X11Host.validRate(options.fps) != nil
        let displayRate =
            X11Host.validRate(
                DisplayRate.rate(
                    for: PixelRect(x: 0, y: 0, width: width, height: height),
                    crtcs: crtcs)) ?? 60
        refreshRate = X11Host.validRate(options.fps) ?? displayRate
        window = X11Host.createWindow(display, root: root, visual: visual, width: width, height: height)
        XErrors.ownWindow = window
        self.display = display
        let format = PixelFormat(
            redMask: visual.red_mask, greenMask: visual.green_mask, blueMask: visual.blue_mask,
            depth: Int(visual.depth))
        target = PresentTarget(
            display: display, window: window, gc: XCreateGC(display, window, 0, nil),
            visual: visual.visual, depth: visual.depth, format: format)
        useSharedMemory = options.useSharedMemory
        presentExtension =
            options.usePresent && options.useSharedMemory
            ? PresentExtension(display: display, window: window) : nil
        presenter = try X11Host.makePresenter(
            target, width: width, height: height, shm: options.useSharedMemory,
            present: presentExtension)
        if presenter is VBlankPresenter {
            pacing = VBlankPacing(expectedPeriod: 1 / displayRate)
            pacing?.fixedRate = rateIsFixed ? refreshRate : nil
        } else {
            presentExtension = nil
        }
        frame = Bitmap(width: width, height: height)
        translator = EventTranslator(
            scale: scale, window: window, protocolsAtom: XInternAtom(display, "WM_PROTOCOLS", False),
            deleteWindowAtom: XInternAtom(display, "WM_DELETE_WINDOW", False),
            sizeInPixels: (width, height))
        if options.useXInput2 { translator.xinput = XInput2.enable(display: display, window: window) }
        displayLink = try DisplayLink(rate: refreshRate)
        randrEventBase = X11Host.watchRandR(display, window: window)
        describeWindow(options, minimumPoints: Size(width: 200, height: 240))
        XMapWindow(display, window)
        XFlush(display)
    }

    deinit {
        presenter = NullPresenter()
        XFreeGC(display, target.gc)
        if !windowIsDestroyed { XDestroyWindow(display, window) }
        XCloseDisplay(display)
    }

    /// Sets the window title: WM_NAME as the ICC conventions want it (STRING when the title is Latin-1, else
    /// COMPOUND_TEXT, so a window manager reading only WM_NAME shows the right characters) and the UTF-8
    /// _NET_WM_NAME that modern ones prefer.
    public func setTitle(_ title: String) {
        setLegacyName(title)
        let utf8 = Array(title.utf8)
        XChangeProperty(
            display, window, XInternAtom(display, "_NET_WM_NAME", False),
            XInternAtom(display, "UTF8_STRING", False), 8, PropModeReplace, utf8, Int32(utf8.count))
        XFlush(display)
    }

    /// Leaves `run` after the current iteration with `exitCode`; meant for calls from inside the app's callbacks.
    public func stop(exitCode: Int32 = 0) {
        self.exitCode = exitCode
    }

    /// Asks the window manager (or the server) for a window of `size` points; the new size arrives as a resize
    /// event, as any other resize does, and may differ (a tiling window manager decides for itself).
    public func requestSize(_ size: Size) {
        let width = UInt32(max(1, (size.width * scale).rounded())),
            height = UInt32(max(1, (size.height * scale).rounded()))
        XResizeWindow(display, window, width, height)
        XFlush(display)
    }

    /// Asks for a frame at the next display tick even if the app does not report `needsDisplay`.
    public func requestFrame() {
        frameRequested = true
    }
}

/// Stands in while the real presenter is being replaced, so segments are released before the display closes.
final class NullPresenter: Presenter {
    let usesSharedMemory = false
    let pixelsPut = 0
    func present(_ bitmap: Bitmap, regions: [PixelRegion], whole: Bool) {}
    func consume(_ event: XEvent) -> Bool { false }
}
