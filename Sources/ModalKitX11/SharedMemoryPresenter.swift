import CX11
import Glibc
import ModalKitPixels

/// Presents with XShmPutImage from two shared segments, so the next frame is written while the server may still
/// read the last one. A buffer is reused only after its ShmCompletion event has arrived.
final class SharedMemoryPresenter: Presenter {
    /// One shared segment with the XImage that describes it.
    private struct Buffer {
        let image: UnsafeMutablePointer<XImage>
        let info: UnsafeMutablePointer<XShmSegmentInfo>
        var inFlight = false
    }

    let usesSharedMemory = true
    private let target: PresentTarget
    private var buffers: [Buffer] = []
    private let completionType: Int32

    /// Fails (returns nil) when the server lacks MIT-SHM or refuses to attach, so the caller falls back.
    init?(target: PresentTarget, width: Int, height: Int) {
        self.target = target
        completionType = XShmGetEventBase(target.display) + ShmCompletion
        guard XShmQueryExtension(target.display) != 0 else { return nil }
        for _ in 0 ..< 2 {
            guard let buffer = SharedMemoryPresenter.makeBuffer(target, width: width, height: height) else {
                return nil
            }
            buffers.append(buffer)
        }
    }

    deinit {
        for buffer in buffers { SharedMemoryPresenter.release(buffer, target.display) }
    }

    func present(_ bitmap: Bitmap, region: PixelRegion) {
        let index = freeBufferIndex()
        let image = buffers[index].image
        guard let data = image.pointee.data else { return }
        target.format.convert(bitmap, region: region, into: UnsafeMutableRawPointer(data),
                              bytesPerLine: Int(image.pointee.bytes_per_line), swapBytes: image.needsByteSwap)
        XShmPutImage(target.display, target.window, target.gc, image, Int32(region.x), Int32(region.y),
                     Int32(region.x), Int32(region.y), UInt32(region.width), UInt32(region.height), True)
        buffers[index].inFlight = true
    }

    func consume(_ event: XEvent) -> Bool {
        guard event.type == completionType else { return false }
        var copy = event
        let segment = withUnsafePointer(to: &copy) {
            $0.withMemoryRebound(to: XShmCompletionEvent.self, capacity: 1) { $0.pointee.shmseg }
        }
        for i in buffers.indices where buffers[i].info.pointee.shmseg == segment { buffers[i].inFlight = false }
        return true
    }

    /// A buffer the server has finished reading; waits for a completion when both are still in flight.
    private func freeBufferIndex() -> Int {
        while true {
            if let index = buffers.firstIndex(where: { !$0.inFlight }) { return index }
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
