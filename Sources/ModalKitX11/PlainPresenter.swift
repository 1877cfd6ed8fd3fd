import CX11
import Glibc
import ModalKitPixels

/// Presents with XPutImage through the protocol stream: works on any display, including remote ones. Xlib copies
/// the pixels into its request buffer before returning, so one buffer is enough; it holds what the server was last
/// given, so only changed rows are put (`ChangedRows`).
final class PlainPresenter: Presenter {
    let usesSharedMemory = false
    private let target: PresentTarget
    private let image: UnsafeMutablePointer<XImage>
    private let pixels: UnsafeMutableRawPointer
    private var changes = ChangedRows()
    var pixelsPut: Int { changes.pixelCount }

    init(target: PresentTarget, width: Int, height: Int) throws {
        self.target = target
        let bytesPerLine = width * 4
        guard let memory = calloc(1, max(1, bytesPerLine * height)) else {
            throw HostError.windowSystem("out of memory for a \(width)x\(height) frame")
        }
        guard
            let image = XCreateImage(
                target.display, target.visual, UInt32(target.depth), ZPixmap, 0,
                memory.assumingMemoryBound(to: CChar.self), UInt32(width), UInt32(height),
                32, Int32(bytesPerLine)), image.pointee.bits_per_pixel == 32
        else {
            free(memory)
            throw HostError.windowSystem("the visual does not use 32 bits per pixel")
        }
        self.image = image
        pixels = memory
    }

    deinit {
        image.destroyKeepingData()
        free(pixels)
    }

    func present(_ bitmap: Bitmap, regions: [PixelRegion], whole: Bool) {
        changes.update(
            pixels, bytesPerLine: Int(image.pointee.bytes_per_line), from: bitmap, regions: regions,
            format: target.format, swapBytes: image.needsByteSwap, whole: whole)
        for r in changes.rectangles {
            XPutImage(
                target.display, target.window, target.gc, image, Int32(r.x), Int32(r.y), Int32(r.x), Int32(r.y),
                UInt32(r.width), UInt32(r.height))
        }
    }

    func consume(_ event: XEvent) -> Bool { false }
}
