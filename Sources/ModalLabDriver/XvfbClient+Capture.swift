import CX11
import ModalKitPixels

extension XvfbClient {
    /// Where the window's top-left pixel is on the root window, in root pixels.
    public func rootOrigin(of window: XWindowID) -> (x: Int, y: Int)? {
        ignoringGoneWindows {
            var x: Int32 = 0, y: Int32 = 0
            var child: Window = 0
            guard XTranslateCoordinates(connection, window, root, 0, 0, &x, &y, &child) != 0 else { return nil }
            return (Int(x), Int(y))
        }
    }

    /// The window's size in pixels.
    public func size(of window: XWindowID) -> (width: Int, height: Int)? {
        ignoringGoneWindows {
            var attributes = XWindowAttributes()
            guard XGetWindowAttributes(connection, window, &attributes) != 0 else { return nil }
            return (Int(attributes.width), Int(attributes.height))
        }
    }

    /// What the server shows in `window`, read back with XGetImage, as an opaque bitmap (one pixel a pixel).
    /// Nil when the window is gone or its pixels are not 32-bit TrueColor.
    public func captureWindow(_ window: XWindowID) -> Bitmap? {
        ignoringGoneWindows {
            guard let (width, height) = size(of: window), width > 0, height > 0,
                let image = XGetImage(connection, window, 0, 0, UInt32(width), UInt32(height), UInt.max, ZPixmap)
            else { return nil }
            defer { _ = image.pointee.f.destroy_image?(image) }
            guard image.pointee.bits_per_pixel == 32, let data = image.pointee.data else { return nil }
            let channels = [image.pointee.red_mask, image.pointee.green_mask, image.pointee.blue_mask]
                .map(ChannelMask.init)
            guard channels.allSatisfy({ $0.bits == 8 }) else { return nil }
            var bitmap = Bitmap(width: width, height: height)
            let bytesPerLine = Int(image.pointee.bytes_per_line)
            // The image comes in the server's byte order; this little-endian host reads LSBFirst words as they are.
            let swap = image.pointee.byte_order != LSBFirst
            let raw = UnsafeRawPointer(data)
            for y in 0 ..< height {
                let row = (raw + y * bytesPerLine).assumingMemoryBound(to: UInt32.self)
                for x in 0 ..< width {
                    let p = swap ? row[x].byteSwapped : row[x]
                    bitmap[x, y] =
                        0xFF00_0000 | channels[0].value(p) << 16 | channels[1].value(p) << 8 | channels[2].value(p)
                }
            }
            return bitmap
        }
    }
}

/// One color channel of a TrueColor visual, from its mask.
private struct ChannelMask {
    let shift: UInt32
    let bits: Int

    init(_ mask: UInt) {
        let m = UInt32(truncatingIfNeeded: mask)
        shift = m == 0 ? 0 : UInt32(m.trailingZeroBitCount)
        bits = m.nonzeroBitCount
    }

    func value(_ pixel: UInt32) -> UInt32 { (pixel >> shift) & 0xFF }
}
