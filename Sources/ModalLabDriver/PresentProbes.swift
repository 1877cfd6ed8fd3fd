import CX11
import Glibc
import ModalKitPixels

/// A bare connection for timing what it costs to put a frame's pixels on the server, apart from the lab's host:
/// modal-bench's present section.
public final class PresentConnection {
    let display: OpaquePointer

    /// Opens `name` (":N"); nil when the server does not answer.
    public init?(_ name: String) {
        guard let display = XOpenDisplay(name) else { return nil }
        self.display = display
    }

    deinit { XCloseDisplay(display) }

    /// A mapped window of that size on the default screen, after a round trip.
    public func makeWindow(width: Int, height: Int) -> XWindowID {
        let screen = XDefaultScreen(display)
        let window = XCreateSimpleWindow(
            display, XRootWindow(display, screen), 0, 0, UInt32(width), UInt32(height),
            0, 0, 0)
        XMapWindow(display, window)
        XSync(display, False)
        return window
    }

    /// Destroys a window made by `makeWindow`.
    public func destroyWindow(_ window: XWindowID) { XDestroyWindow(display, window) }
}

/// One MIT-SHM segment and its XImage on the default visual.
public final class SharedImage {
    private let display: OpaquePointer
    private let image: UnsafeMutablePointer<XImage>
    private let info: UnsafeMutablePointer<XShmSegmentInfo>
    private let completion: Int32
    private let gc: GC

    /// A segment of `width` × `height` pixels attached on the server; nil without MIT-SHM.
    public convenience init?(_ connection: PresentConnection, width: Int, height: Int) {
        self.init(connection.display, width: width, height: height)
    }

    init?(_ display: OpaquePointer, width: Int, height: Int) {
        guard XShmQueryExtension(display) != 0 else { return nil }
        let screen = XDefaultScreen(display)
        info = .allocate(capacity: 1)
        info.initialize(to: XShmSegmentInfo())
        guard
            let image = XShmCreateImage(
                display, XDefaultVisual(display, screen), UInt32(XDefaultDepth(display, screen)),
                ZPixmap, nil, info, UInt32(width), UInt32(height))
        else { return nil }
        let bytes = Int(image.pointee.bytes_per_line) * height
        let id = shmget(IPC_PRIVATE, bytes, IPC_CREAT | 0o600)
        guard id >= 0, let address = shmat(id, nil, 0) else { return nil }
        info.pointee.shmid = id
        info.pointee.shmaddr = address.assumingMemoryBound(to: CChar.self)
        info.pointee.readOnly = False
        image.pointee.data = info.pointee.shmaddr
        XShmAttach(display, info)
        XSync(display, False)
        shmctl(id, IPC_RMID, nil)
        self.display = display
        self.image = image
        completion = XShmGetEventBase(display) + ShmCompletion
        gc = XDefaultGC(display, screen)
    }

    /// Copies the frame in (the lab's 0xAARRGGBB is already a 24-bit TrueColor pixel on this little-endian
    /// server), puts it, and waits for the completion; returns the seconds all of that took.
    public func present(_ frame: Bitmap, to window: XWindowID) -> Double {
        let t0 = ChildProcess.now()
        frame.pixels.withUnsafeBytes { src in
            if let from = src.baseAddress, let to = image.pointee.data { _ = memcpy(to, from, src.count) }
        }
        XShmPutImage(display, window, gc, image, 0, 0, 0, 0, UInt32(frame.width), UInt32(frame.height), True)
        XFlush(display)
        var event = XEvent()
        repeat { XNextEvent(display, &event) } while event.type != completion
        return ChildProcess.now() - t0
    }

    /// Detaches and frees the segment.
    public func release() {
        XShmDetach(display, info)
        shmdt(info.pointee.shmaddr)
        image.pointee.data = nil
        _ = image.pointee.f.destroy_image?(image)
        info.deallocate()
    }
}

/// An XImage in this process's memory, sent through the protocol stream.
public final class PlainImage {
    private let display: OpaquePointer
    private let image: UnsafeMutablePointer<XImage>
    private let gc: GC

    /// An image of `width` × `height` pixels in this process's memory.
    public convenience init(_ connection: PresentConnection, width: Int, height: Int) {
        self.init(connection.display, width: width, height: height)
    }

    init(_ display: OpaquePointer, width: Int, height: Int) {
        let screen = XDefaultScreen(display)
        let memory = malloc(width * height * 4)
        image = XCreateImage(
            display, XDefaultVisual(display, screen), UInt32(XDefaultDepth(display, screen)), ZPixmap,
            0, memory?.assumingMemoryBound(to: CChar.self), UInt32(width), UInt32(height), 32,
            Int32(width * 4))
        self.display = display
        gc = XDefaultGC(display, screen)
    }

    deinit {
        free(image.pointee.data)
        image.pointee.data = nil
        _ = image.pointee.f.destroy_image?(image)
    }

    /// Copies the frame in, puts it and makes a round trip; returns the seconds that took.
    public func present(_ frame: Bitmap, to window: XWindowID) -> Double {
        let t0 = ChildProcess.now()
        frame.pixels.withUnsafeBytes { src in
            if let from = src.baseAddress, let to = image.pointee.data { _ = memcpy(to, from, src.count) }
        }
        XPutImage(display, window, gc, image, 0, 0, 0, 0, UInt32(frame.width), UInt32(frame.height))
        XSync(display, False)
        return ChildProcess.now() - t0
    }
}
