import CX11
import Glibc
import ModalKitPixels

/// Presents with XShmPutImage from one shared segment that always holds what the server was last given, so a new
/// frame is compared with it and only changed rows are copied in and put (`ChangedRows`). The segment is written
/// only after the server has read it: its ShmCompletion event has arrived (at 60 Hz it has long since).
final class SharedMemoryPresenter: Presenter {
    let usesSharedMemory = true
    private let target: PresentTarget
    private let segment: SharedSegment
    private var inFlight = false
    private let completionType: Int32
    private var changes = ChangedRows()
    var pixelsPut: Int { changes.pixelCount }

    /// Fails (returns nil) when the server lacks MIT-SHM or refuses to attach, so the caller falls back.
    init?(target: PresentTarget, width: Int, height: Int) {
        self.target = target
        completionType = XShmGetEventBase(target.display) + ShmCompletion
        guard XShmQueryExtension(target.display) != 0,
            let segment = SharedSegment(target, width: width, height: height)
        else { return nil }
        self.segment = segment
    }

    func present(_ bitmap: Bitmap, regions: [PixelRegion], whole: Bool) {
        waitUntilRead()
        let image = segment.image
        guard let pixels = segment.pixels else { return }
        changes.update(
            pixels, bytesPerLine: segment.bytesPerLine, from: bitmap,
            regions: regions, format: target.format, swapBytes: image.needsByteSwap, whole: whole)
        for (i, r) in changes.rectangles.enumerated() {
            // Requests are handled in order, so the last one's completion means the server read them all.
            let last = i == changes.rectangles.count - 1
            XShmPutImage(
                target.display, target.window, target.gc, image, Int32(r.x), Int32(r.y), Int32(r.x),
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
                XIfEvent(
                    target.display, &event,
                    { _, event, arg in
                        guard let event, let arg else { return False }
                        return event.pointee.type == UnsafeRawPointer(arg).load(as: Int32.self) ? True : False
                    }, arg)
            }
            _ = consume(event)
        }
    }
}
