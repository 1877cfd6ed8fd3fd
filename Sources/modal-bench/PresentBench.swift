import CX11
import Glibc
import ModalKitBase
import ModalKitPixels
import ModalKitTestSupport

/// Part (b): what it costs to get a frame's pixels onto an Xvfb window, through MIT-SHM (until the server's
/// completion event says it has read them) and through XPutImage (until a round trip says it has drawn them).
struct PresentBench {
    let samples: Int

    func run(into report: Report, display name: String) throws {
        guard let display = XOpenDisplay(name) else { throw BenchError("cannot open \(name)") }
        defer { XCloseDisplay(display) }
        for scale in [1, 2] {
            let (width, height) = (375 * scale, 667 * scale)
            let window = PresentBench.makeWindow(display, width: width, height: height)
            defer { XDestroyWindow(display, window) }
            let frame = PresentBench.testFrame(width: width, height: height)
            if let shm = SharedImage(display, width: width, height: height) {
                let times = (0 ..< samples + 5).map { _ in shm.present(frame, to: window) }.dropFirst(5)
                let s = Summary(Array(times))
                report.add(Row(section: "present", label: "XShmPutImage + completion @\(scale)x",
                               figures: [("p50", s.p50 * 1000, " ms"), ("p99", s.p99 * 1000, " ms")],
                               budget: scale == 1 ? "p99 ≤ 0.5 ms" : nil, met: scale == 1 ? s.p99 <= 0.0005 : nil))
                shm.release()
            } else {
                report.add(Row(section: "present", label: "XShmPutImage @\(scale)x (no MIT-SHM)", figures: []))
            }
            let plain = PlainImage(display, width: width, height: height)
            let times = (0 ..< samples + 5).map { _ in plain.present(frame, to: window) }.dropFirst(5)
            let s = Summary(Array(times))
            report.add(Row(section: "present", label: "XPutImage + XSync @\(scale)x",
                           figures: [("p50", s.p50 * 1000, " ms"), ("p99", s.p99 * 1000, " ms")]))
        }
    }

    /// A frame with content in every row, so nothing is trivially compressible or skipped.
    static func testFrame(width: Int, height: Int) -> Bitmap {
        var bitmap = Bitmap(width: width, height: height)
        for y in 0 ..< height {
            bitmap.fill(Color(red: Double(y % 256) / 255, green: 0.4, blue: 0.8), in: PixelRect(x: 0, y: y, width: width, height: 1))
        }
        return bitmap
    }

    static func makeWindow(_ display: OpaquePointer, width: Int, height: Int) -> Window {
        let screen = XDefaultScreen(display)
        let window = XCreateSimpleWindow(display, XRootWindow(display, screen), 0, 0, UInt32(width), UInt32(height),
                                         0, 0, 0)
        XMapWindow(display, window)
        XSync(display, False)
        return window
    }
}

/// One MIT-SHM segment and its XImage on the default visual.
final class SharedImage {
    private let display: OpaquePointer
    private let image: UnsafeMutablePointer<XImage>
    private let info: UnsafeMutablePointer<XShmSegmentInfo>
    private let completion: Int32
    private let gc: GC

    init?(_ display: OpaquePointer, width: Int, height: Int) {
        guard XShmQueryExtension(display) != 0 else { return nil }
        let screen = XDefaultScreen(display)
        info = .allocate(capacity: 1)
        info.initialize(to: XShmSegmentInfo())
        guard let image = XShmCreateImage(display, XDefaultVisual(display, screen), UInt32(XDefaultDepth(display, screen)),
                                          ZPixmap, nil, info, UInt32(width), UInt32(height)) else { return nil }
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
    func present(_ frame: Bitmap, to window: Window) -> Double {
        let t0 = monotonicNow()
        frame.pixels.withUnsafeBytes { src in
            if let from = src.baseAddress, let to = image.pointee.data { _ = memcpy(to, from, src.count) }
        }
        XShmPutImage(display, window, gc, image, 0, 0, 0, 0, UInt32(frame.width), UInt32(frame.height), True)
        XFlush(display)
        var event = XEvent()
        repeat { XNextEvent(display, &event) } while event.type != completion
        return monotonicNow() - t0
    }

    func release() {
        XShmDetach(display, info)
        shmdt(info.pointee.shmaddr)
        image.pointee.data = nil
        _ = image.pointee.f.destroy_image?(image)
        info.deallocate()
    }
}

/// An XImage in this process's memory, sent through the protocol stream.
final class PlainImage {
    private let display: OpaquePointer
    private let image: UnsafeMutablePointer<XImage>
    private let gc: GC

    init(_ display: OpaquePointer, width: Int, height: Int) {
        let screen = XDefaultScreen(display)
        let memory = malloc(width * height * 4)
        image = XCreateImage(display, XDefaultVisual(display, screen), UInt32(XDefaultDepth(display, screen)), ZPixmap,
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
    func present(_ frame: Bitmap, to window: Window) -> Double {
        let t0 = monotonicNow()
        frame.pixels.withUnsafeBytes { src in
            if let from = src.baseAddress, let to = image.pointee.data { _ = memcpy(to, from, src.count) }
        }
        XPutImage(display, window, gc, image, 0, 0, 0, 0, UInt32(frame.width), UInt32(frame.height))
        XSync(display, False)
        return monotonicNow() - t0
    }
}

/// A failure that ends one part of the benchmark, with a one-line reason.
struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
