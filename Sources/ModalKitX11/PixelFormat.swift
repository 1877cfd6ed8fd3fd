import ModalKitPixels

/// Where a TrueColor visual keeps red, green and blue inside a 32-bit pixel, read from the visual's masks.
/// All conversion between our 0xAARRGGBB bitmaps and the window's pixels happens here.
struct PixelFormat: Equatable {
    struct Channel: Equatable {
        let shift: UInt32
        let bits: UInt32

        init(mask: UInt) {
            let m = UInt32(truncatingIfNeeded: mask)
            shift = m == 0 ? 0 : UInt32(m.trailingZeroBitCount)
            bits = UInt32((~(m >> shift)).trailingZeroBitCount)
        }

        /// Places an 8-bit component into this channel, dropping low bits when the channel is narrower.
        func encode(_ value8: UInt32) -> UInt32 {
            bits >= 8 ? (value8 << (bits - 8)) << shift : (value8 >> (8 - bits)) << shift
        }

        /// Reads this channel back as an 8-bit component, replicating high bits into the low ones.
        func decode(_ pixel: UInt32) -> UInt32 {
            guard bits > 0 else { return 0 }
            let v = (pixel >> shift) & ((1 << bits) - 1)
            if bits >= 8 { return v >> (bits - 8) }
            var out: UInt32 = 0, filled: UInt32 = 0
            while filled < 8 { out = (out << bits) | v; filled += bits }
            return out >> (filled - 8)
        }
    }

    let red: Channel
    let green: Channel
    let blue: Channel
    /// Bits the visual does not use for color (the alpha byte of a depth-32 visual); set to 1 so it is opaque.
    let opaqueBits: UInt32

    init(redMask: UInt, greenMask: UInt, blueMask: UInt, depth: Int) {
        red = Channel(mask: redMask)
        green = Channel(mask: greenMask)
        blue = Channel(mask: blueMask)
        let colorBits = UInt32(truncatingIfNeeded: redMask | greenMask | blueMask)
        let depthBits: UInt32 = depth >= 32 ? .max : (1 << UInt32(depth)) - 1
        opaqueBits = depthBits & ~colorBits
    }

    /// True for the usual x8r8g8b8 layout, where a bitmap row is already a window row.
    var isNativeXRGB: Bool {
        red == Channel(mask: 0xFF0000) && green == Channel(mask: 0xFF00) && blue == Channel(mask: 0xFF)
    }

    /// One opaque bitmap pixel (its alpha ignored: the window is opaque) as a window pixel.
    func encode(_ argb: UInt32) -> UInt32 {
        red.encode((argb >> 16) & 0xFF) | green.encode((argb >> 8) & 0xFF) | blue.encode(argb & 0xFF) | opaqueBits
    }

    /// A window pixel as an opaque 0xFFRRGGBB bitmap pixel.
    func decode(_ pixel: UInt32) -> UInt32 {
        0xFF00_0000 | red.decode(pixel) << 16 | green.decode(pixel) << 8 | blue.decode(pixel)
    }

    /// Converts the pixel rectangle (x, y, width, height) of `bitmap` into `destination`, a 32-bit-per-pixel image
    /// of the same size whose rows are `bytesPerLine` apart; `swapBytes` when the image is the other endianness.
    func convert(
        _ bitmap: Bitmap, region: (x: Int, y: Int, width: Int, height: Int),
        into destination: UnsafeMutableRawPointer, bytesPerLine: Int, swapBytes: Bool
    ) {
        let fast = isNativeXRGB && !swapBytes
        bitmap.pixels.withUnsafeBufferPointer { source in
            guard let base = source.baseAddress else { return }
            for row in region.y ..< region.y + region.height {
                let from = base + row * bitmap.width + region.x
                let to = (destination + row * bytesPerLine).assumingMemoryBound(to: UInt32.self) + region.x
                if fast && opaqueBits == 0 {
                    to.update(from: from, count: region.width)
                } else {
                    for i in 0 ..< region.width {
                        let p = fast ? from[i] | opaqueBits : encode(from[i])
                        to[i] = swapBytes ? p.byteSwapped : p
                    }
                }
            }
        }
    }
}
