import CX11
import Glibc
import ModalKitPixels

/// Presents with XShmPutImage from one shared segment that always holds what the server was last given, so a new
/// frame is compared with it and only changed rows are copied in and put (`ChangedRows`). The segment is written
/// only after the server has read it: its ShmCompletion event has arrived (at 60 Hz it has long since).
final class SharedMemoryPresenter: Presenter {
    /// One shared segment with the XImage that describes it.
    private struct Buffer {
        let image: UnsafeMutablePointer<XImage>
        let info: UnsafeMutablePointer<XShmSegmentInfo>
    }

    let usesSharedMemory = true
    private let target: PresentTarget
    private let buffer: Buffer
    private var inFlight = false
    private let completionType: Int32
    private var changes = ChangedRows()
    var pixelsPut: Int { changes.pixelCount }

    /// Fails (returns nil) when the server lacks MIT-SHM or refuses to attach, so the caller falls back.
    init?(target: PresentTarget, width: Int, height: Int) {
        self.target = target
        completionType = XShmGetEventBase(target.display) + ShmCompletion
        guard XShmQueryExtension(target.display) != 0,
              let buffer = SharedMemoryPresenter.makeBuffer(target, width: width, height: height) else { return nil }
        self.buffer = buffer
    }

    deinit {
        SharedMemoryPresenter.release(buffer, target.display)
    }

    func present(_ bitmap: Bitmap, region: PixelRegion, whole: Bool) {
        waitUntilRead()
        let image = buffer.image
        guard let data = image.pointee.data else { return }
        changes.update(UnsafeMutableRawPointer(data), bytesPerLine: Int(image.pointee.bytes_per_line), from: bitmap,
                       region: region, format: target.format, swapBytes: image.needsByteSwap, whole: whole)
        for (i, r) in changes.rectangles.enumerated() {
            // Requests are handled in order, so the last one's completion means the server read them all.
            let last = i == changes.rectangles.count - 1
            XShmPutImage(target.display, target.window, target.gc, image, Int32(r.x), Int32(r.y), Int32(r.x),
                         Int32(r.y), UInt32(r.width), UInt32(r.height), last ? True : False)
        }
        if !changes.rectangles.isEmpty { inFlight = true }
    }

    func consume(_ event: XEvent) -> Bool {
        guard event.type == completionType else { return false }
        inFlight = false
        return true
    }

    /// Blocks until the server has read the segment, when it is still reading.
    private func waitUntilRead() {
        while inFlight {
            var event = XEvent()
            var type = completionType
            withUnsafeMutablePointer(to: &type) { typePointer in
                let arg = UnsafeMutableRawPointer(typePointer).assumingMemoryBound(to: CChar.self)
                XIfEvent(target.display, &event, { _, event, arg in
                    guard let event, let arg else { return False }
                    return event.pointee.type == UnsafeRawPointer(arg).load(as: Int32.self) ? True : False
                }, arg)
            }
            _ = consume(event)
        }
    }

    private static func makeBuffer(_ target: PresentTarget, width: Int, height: Int) -> Buffer? {
        let info = UnsafeMutablePointer<XShmSegmentInfo>.allocate(capacity: 1)
        info.initialize(to: XShmSegmentInfo())
        guard let image = XShmCreateImage(target.display, target.visual, UInt32(target.depth), ZPixmap, nil, info,
                                          UInt32(width), UInt32(height)), image.pointee.bits_per_pixel == 32 else {
            info.deallocate()
            return nil
        }
        let size = Int(image.pointee.bytes_per_line) * Int(image.pointee.height)
        let id = shmget(IPC_PRIVATE, max(size, 1), IPC_CREAT | 0o600)
        guard id >= 0, let address = shmat(id, nil, 0), address != UnsafeMutableRawPointer(bitPattern: -1) else {
            if id >= 0 { shmctl(id, IPC_RMID, nil) }
            image.destroyKeepingData()
            info.deallocate()
            return nil
        }
        info.pointee.shmid = id
        info.pointee.shmaddr = address.assumingMemoryBound(to: CChar.self)
        info.pointee.readOnly = False
        image.pointee.data = info.pointee.shmaddr
        var attached: Int32 = 0
        let error = XErrors.trap(target.display) { attached = XShmAttach(target.display, info) }
        // Once the server holds its own attachment the id is no longer needed: removing it now means the
        // segment disappears with the last detach, even if this process is killed.
        shmctl(id, IPC_RMID, nil)
        guard error == nil, attached != 0 else {
            shmdt(address)
            image.destroyKeepingData()
            info.deallocate()
            return nil
        }
        return Buffer(image: image, info: info)
    }

    private static func release(_ buffer: Buffer, _ display: OpaquePointer) {
        XShmDetach(display, buffer.info)
        shmdt(buffer.info.pointee.shmaddr)
        buffer.image.destroyKeepingData()
        buffer.info.deallocate()
    }
}
