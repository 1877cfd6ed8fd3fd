import CX11
import Glibc

/// One MIT-SHM segment attached to the server, with the XImage that describes it: what both shared-memory
/// presenters keep the server's copy of the window in.
final class SharedSegment {
    let image: UnsafeMutablePointer<XImage>
    let info: UnsafeMutablePointer<XShmSegmentInfo>
    private let display: OpaquePointer

    /// Nil when the server refuses: no 32-bit image for the visual, no segment, or the attach fails (a remote
    /// display advertises MIT-SHM and then refuses it).
    init?(_ target: PresentTarget, width: Int, height: Int) {
        display = target.display
        let info = UnsafeMutablePointer<XShmSegmentInfo>.allocate(capacity: 1)
        info.initialize(to: XShmSegmentInfo())
        guard
            let image = XShmCreateImage(
                target.display, target.visual, UInt32(target.depth), ZPixmap, nil, info,
                UInt32(width), UInt32(height)), image.pointee.bits_per_pixel == 32
        else {
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
        self.image = image
        self.info = info
    }

    deinit {
        XShmDetach(display, info)
        shmdt(info.pointee.shmaddr)
        image.destroyKeepingData()
        info.deallocate()
    }

    /// The segment's pixels, `bytesPerLine` apart.
    var pixels: UnsafeMutableRawPointer? { image.pointee.data.map(UnsafeMutableRawPointer.init) }
    var bytesPerLine: Int { Int(image.pointee.bytes_per_line) }
}
