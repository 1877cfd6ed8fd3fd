import CX11
import ModalKitPixels

/// A pixel rectangle (x, y, width, height) of the window; the host's own, until the pixels layer's `PixelRect`.
typealias PixelRegion = (x: Int, y: Int, width: Int, height: Int)

/// Hands frames from a `Bitmap` to the window, converting to the visual's layout on the way.
protocol Presenter: AnyObject {
    /// True when frames travel through MIT-SHM segments rather than the X protocol stream.
    var usesSharedMemory: Bool { get }
    /// Shows `regions` of `bitmap` (the window's size) in the window: what differs inside them from what the
    /// server was last given, or all of them when `whole` (the server lost the window's content). Nothing outside
    /// them is compared or put.
    func present(_ bitmap: Bitmap, regions: [PixelRegion], whole: Bool)
    /// Pixels the last `present` handed to the server.
    var pixelsPut: Int { get }
    /// Looks at an event; returns true when it was the presenter's own (a completion) and needs no further handling.
    func consume(_ event: XEvent) -> Bool
}

/// What every presenter needs to know about the window it draws into.
struct PresentTarget {
    let display: OpaquePointer
    let window: Window
    let gc: GC
    let visual: UnsafeMutablePointer<Visual>
    let depth: Int32
    let format: PixelFormat
}

extension UnsafeMutablePointer where Pointee == XImage {
    /// True when the image's pixels are stored in the other byte order than this machine's.
    var needsByteSwap: Bool {
        let imageIsBigEndian = pointee.byte_order == MSBFirst
        return imageIsBigEndian != (UInt32(1).bigEndian == 1)
    }

    /// Frees the XImage structure only; the caller owns and frees the pixel memory and the SHM info.
    func destroyKeepingData() {
        pointee.data = nil
        pointee.obdata = nil
        _ = pointee.f.destroy_image?(self)
    }
}
