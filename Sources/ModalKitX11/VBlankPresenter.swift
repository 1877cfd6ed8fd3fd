import CX11
import CXpresent
import Glibc
import ModalKitPixels

/// Presents through the Present extension at a vertical blank: the shared segment is also a pixmap
/// (XShmCreatePixmap), `PresentPixmap` copies only the rows that changed (`ChangedRows`, as the update region)
/// into the window at the blank asked for, and the server's completion says which blank (msc) and when (ust).
/// The segment is written only when no present from it is pending: the copy has been made once it completes.
final class VBlankPresenter: Presenter {
    /// A completion read from the server: request `serial` was done at blank `msc`, `ust` microseconds.
    struct Completion: Equatable {
        var serial: UInt32
        var msc: UInt64
        var ust: UInt64
    }

    let usesSharedMemory = true
    private let target: PresentTarget
    private let present: PresentExtension
    private let segment: SharedSegment
    private let pixmap: Pixmap
    private let update: XserverRegion
    private var changes = ChangedRows()
    /// The last `present` was whole (a new window, an Expose, a resize): it is put at once, not at a blank.
    private var putsAtOnce = false
    private var rectangles: [XRectangle] = []
    /// The serial of the request the server has not completed yet.
    private(set) var inFlight: UInt32?
    /// Completions read since the host last took them, oldest first.
    private(set) var completions: [Completion] = []
    var pixelsPut: Int { changes.pixelCount }

    /// Nil when the server cannot share the segment as a pixmap (no MIT-SHM pixmaps, or not in ZPixmap layout).
    init?(target: PresentTarget, present: PresentExtension, width: Int, height: Int) {
        self.target = target
        self.present = present
        var major: Int32 = 0, minor: Int32 = 0, sharedPixmaps: Int32 = 0
        guard XShmQueryVersion(target.display, &major, &minor, &sharedPixmaps) != 0, sharedPixmaps != 0,
            XShmPixmapFormat(target.display) == ZPixmap,
            let segment = SharedSegment(target, width: width, height: height)
        else { return nil }
        var pixmap: Pixmap = 0
        let error = XErrors.trap(target.display) {
            pixmap = XShmCreatePixmap(
                target.display, target.window, segment.info.pointee.shmaddr, segment.info,
                UInt32(width), UInt32(height), UInt32(target.depth))
        }
        guard error == nil, pixmap != 0 else { return nil }
        self.segment = segment
        self.pixmap = pixmap
        update = XFixesCreateRegion(target.display, nil, 0)
    }

    deinit {
        XFixesDestroyRegion(target.display, update)
        XFreePixmap(target.display, pixmap)
    }

    /// Brings the segment up to date with `bitmap` (only what differs from what the server was last given) and
    /// remembers the rectangles that changed; `send` presents them. The host's pacing draws only once the last
    /// request completed; should one still be in flight, it is waited for (the segment is the server's until then).
    func present(_ bitmap: Bitmap, regions: [PixelRegion], whole: Bool) {
        if inFlight != nil { waitUntilShown() }
        guard inFlight == nil, let pixels = segment.pixels else { return }
        putsAtOnce = whole
        changes.update(
            pixels, bytesPerLine: segment.bytesPerLine, from: bitmap, regions: regions,
            format: target.format, swapBytes: segment.image.needsByteSwap, whole: whole)
    }

    /// True when the last `present` found pixels to put.
    var hasChanges: Bool { !changes.rectangles.isEmpty }

    /// True when `send` will have the server show the pixels at a blank (and its completion says which); false
    /// when nothing changed or the frame is put at once.
    var presentsAtBlank: Bool { hasChanges && !putsAtOnce }

    /// Asks for the changed rectangles to be shown at blank `msc` (0: at once), or when nothing changed, only to
    /// be told when that blank comes; either completes with request `serial`. A whole frame (the window's first,
    /// or after an Expose or a resize: nothing worth keeping is on screen) is put at once with XShmPutImage
    /// instead, so the first pixels do not wait for a blank, and the wait for the blank still paces the next
    /// frame. The server handles requests in order, so the put has read the segment before that wait completes,
    /// and the segment is written only after it completes: no ShmCompletion is needed.
    func send(serial: UInt32, msc: UInt64) {
        inFlight = serial
        if putsAtOnce { putChanges() }
        guard presentsAtBlank else {
            XPresentNotifyMSC(target.display, target.window, serial, msc, 0, 0)
            return
        }
        rectangles.removeAll(keepingCapacity: true)
        for r in changes.rectangles {
            rectangles.append(
                XRectangle(x: Int16(r.x), y: Int16(r.y), width: UInt16(r.width), height: UInt16(r.height)))
        }
        XFixesSetRegion(target.display, update, &rectangles, Int32(rectangles.count))
        // Copy, never flip: the pixmap is the segment, which is written again as soon as the copy is done.
        XPresentPixmap(
            target.display, target.window, pixmap, serial, 0, update, 0, 0, 0, 0, 0,
            UInt32(PresentOptionCopy), msc, 0, 0, nil, 0)
    }

    private func putChanges() {
        for r in changes.rectangles {
            XShmPutImage(
                target.display, target.window, target.gc, segment.image, Int32(r.x), Int32(r.y), Int32(r.x),
                Int32(r.y), UInt32(r.width), UInt32(r.height), False)
        }
    }

    func consume(_ event: XEvent) -> Bool {
        guard event.type == GenericEvent, event.xcookie.extension == present.opcode else { return false }
        var cookie = event.xcookie
        guard XGetEventData(target.display, &cookie) != 0 else { return true }
        defer { XFreeEventData(target.display, &cookie) }
        if cookie.evtype == PresentCompleteNotify, let data = cookie.data {
            let complete = data.assumingMemoryBound(to: XPresentCompleteNotifyEvent.self).pointee
            guard complete.window == target.window else { return true }
            if complete.serial_number == inFlight { inFlight = nil }
            completions.append(Completion(serial: complete.serial_number, msc: complete.msc, ust: complete.ust))
        }
        return true
    }

    /// Forgets the completions read so far, once the host has looked at them (keeping the storage: nothing is
    /// allocated per frame).
    func clearCompletions() {
        completions.removeAll(keepingCapacity: true)
    }

    /// Waits up to `timeout` seconds for the request in flight to complete (a screenshot must see the frame),
    /// reading only Present events and leaving every other event queued in order.
    func waitUntilShown(timeout: Double = 0.5) {
        let deadline = DisplayLink.now() + timeout
        let display = target.display
        XFlush(display)
        while inFlight != nil, DisplayLink.now() < deadline {
            var event = XEvent()
            let opcode = present.opcode
            var code = opcode
            let found = withUnsafeMutablePointer(to: &code) { pointer in
                XCheckIfEvent(
                    display, &event,
                    { _, event, arg in
                        guard let event, let arg else { return False }
                        let opcode = UnsafeRawPointer(arg).load(as: Int32.self)
                        return event.pointee.type == GenericEvent && event.pointee.xcookie.extension == opcode
                            ? True : False
                    }, UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: CChar.self))
            }
            if found != 0 { _ = consume(event); continue }
            var fd = pollfd(fd: XConnectionNumber(display), events: Int16(POLLIN), revents: 0)
            _ = poll(&fd, 1, 5)
            _ = XEventsQueued(display, QueuedAfterReading)
        }
    }
}
