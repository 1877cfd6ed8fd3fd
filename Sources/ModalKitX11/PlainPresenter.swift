import CX11
import Glibc
import ModalKitPixels

/// Presents with XPutImage through the protocol stream: works on any display, including remote ones. Xlib copies
/// the pixels into its request buffer before returning, so one buffer is enough.
final class PlainPresenter: Presenter {
    let usesSharedMemory = false
    private let target: PresentTarget
    private let image: UnsafeMutablePointer<XImage>
    private let pixels: UnsafeMutableRawPointer

    init(target: PresentTarget, width: Int, height: Int) throws {
        self.target = target
        let bytesPerLine = width * 4
        guard let memory = malloc(max(1, bytesPerLine * height)) else {
            throw HostError.windowSystem("out of memory for a \(width)x\(height) frame")
        }
        guard let image = XCreateImage(target.display, target.visual, UInt32(target.depth), ZPixmap, 0,
                                       memory.assumingMemoryBound(to: CChar.self), UInt32(width), UInt32(height),
                                       32, Int32(bytesPerLine)), image.pointee.bits_per_pixel == 32 else {
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

    func present(_ bitmap: Bitmap, region: PixelRegion) {
        target.format.convert(bitmap, region: region, into: pixels, bytesPerLine: Int(image.pointee.bytes_per_line),
                              swapBytes: image.needsByteSwap)
        XPutImage(target.display, target.window, target.gc, image, Int32(region.x), Int32(region.y),
                  Int32(region.x), Int32(region.y), UInt32(region.width), UInt32(region.height))
    }

    func consume(_ event: XEvent) -> Bool { false }
}
