import ModalKit

/// An animated GIF, encoded here (LZW is a page of code; giflib would be one more library to link). Colours go to
/// a fixed palette without dithering (a 6×6×6 cube and 39 greys, since a stage is mostly greys): a stage of flat
/// fills stays flat, a shadow bands a little. Each frame
/// stores only the box that changed, the rest transparent, and a frame that did not change lengthens the one
/// before. GIF delays are hundredths of a second and browsers play a delay under 2 as 10, so a frame due less
/// than 2/100 s after the one shown is left out: at 60 fps a GIF shows at most 50 frames a second (`--slow 2`
/// keeps them all). The WebP has every frame.
final class GIFSink: VideoSink {
    private let width: Int, height: Int, fps: Double
    private var shown: [UInt8]?
    /// The frame written last, held until the next one decides its delay: its bytes and its start.
    private var pending: (bytes: [UInt8], start: Int)?
    /// A frame left out for coming too soon, shown at the end if nothing came after it.
    private var skipped: (indices: [UInt8], start: Int)?
    private var frames = 0
    /// The file, once `finish` has made it.
    private(set) var bytes: [UInt8] = []
    static let transparent: UInt8 = 255

    init(width: Int, height: Int, fps: Double) {
        self.width = width
        self.height = height
        self.fps = fps
        bytes = Array("GIF89a".utf8) + GIFSink.le16(width) + GIFSink.le16(height) + [0xF7, 0, 0] + GIFSink.palette
        // NETSCAPE2.0: loop for ever.
        bytes += [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8) + [3, 1, 0, 0, 0]
    }

    func add(_ frame: Bitmap, count: Int) throws {
        let start = frames
        frames += count
        let indices = frame.pixels.map(GIFSink.index(of:))
        if let shown, shown == indices { skipped = nil; return }
        if let pending, centiseconds(start) - centiseconds(pending.start) < 2 {
            skipped = (indices, start)
            return
        }
        emit(indices, start: start)
    }

    private func emit(_ indices: [UInt8], start: Int) {
        flush(until: start)
        pending = (image(indices), start)
        shown = indices
        skipped = nil
    }

    /// Writes the pending frame with its delay, up to display frame `end`. A delay is 16 bits (at most 655.35 s):
    /// a longer still goes on in frames that change nothing (one transparent pixel), so a pause of any length
    /// costs a few bytes.
    private func flush(until end: Int) {
        guard let pending else { return }
        var delay = max(2, centiseconds(end) - centiseconds(pending.start))
        var image = pending.bytes
        repeat {
            // No part under 2/100 s, which browsers would play as 10.
            let part = delay > GIFSink.longestDelay ? min(GIFSink.longestDelay, delay - 2) : delay
            bytes += [0x21, 0xF9, 4, 0x05] + GIFSink.le16(part) + [GIFSink.transparent, 0] + image
            delay -= part
            image = GIFSink.unchanged
        } while delay > 0
        self.pending = nil
    }

    /// The longest delay a frame can have, in hundredths of a second.
    static let longestDelay = 0xFFFF

    /// An image that changes nothing: one transparent pixel in the corner.
    static let unchanged: [UInt8] = {
        let data = GIFLZW.encode([transparent])
        return [0x2C] + le16(0) + le16(0) + le16(1) + le16(1) + [0, 8, UInt8(data.count)] + data + [0]
    }()

    private func centiseconds(_ frame: Int) -> Int { Int((Double(frame) * 100 / fps).rounded()) }

    func finish() throws {
        if let skipped { emit(skipped.indices, start: max(skipped.start, (pending?.start ?? 0) + 1)) }
        flush(until: max(frames, (pending?.start ?? 0) + 1))
        bytes.append(0x3B)
    }

    func abandon() { bytes = [] }

    /// The image descriptor and data of the box where `indices` differ from the frame shown.
    private func image(_ indices: [UInt8]) -> [UInt8] {
        var box = (minX: 0, minY: 0, maxX: width - 1, maxY: height - 1)
        var pixels = indices
        if let shown {
            box = (width, height, -1, -1)
            for y in 0 ..< height {
                for x in 0 ..< width where indices[y * width + x] != shown[y * width + x] {
                    box = (min(box.minX, x), min(box.minY, y), max(box.maxX, x), max(box.maxY, y))
                }
            }
            pixels = []
            for y in box.minY ... box.maxY {
                for x in box.minX ... box.maxX {
                    let i = y * width + x
                    pixels.append(indices[i] == shown[i] ? GIFSink.transparent : indices[i])
                }
            }
        }
        let w = box.maxX - box.minX + 1, h = box.maxY - box.minY + 1
        var out: [UInt8] =
            [0x2C] + GIFSink.le16(box.minX) + GIFSink.le16(box.minY) + GIFSink.le16(w) + GIFSink.le16(h) + [0, 8]
        let data = GIFLZW.encode(pixels)
        var offset = 0
        while offset < data.count {
            let n = min(255, data.count - offset)
            out.append(UInt8(n))
            out += data[offset ..< offset + n]
            offset += n
        }
        out.append(0)
        return out
    }

    /// The palette entry nearest to an opaque pixel (0xAARRGGBB): a grey ramp entry for a grey, else the cube's.
    static func index(of pixel: UInt32) -> UInt8 {
        let r = Int((pixel >> 16) & 0xFF), g = Int((pixel >> 8) & 0xFF), b = Int(pixel & 0xFF)
        if max(r, g, b) - min(r, g, b) < 10 { return UInt8(216 + ((r + g + b) / 3 * 38 + 127) / 255) }
        return UInt8(((r * 5 + 127) / 255) * 36 + ((g * 5 + 127) / 255) * 6 + (b * 5 + 127) / 255)
    }

    /// 6 reds × 6 greens × 6 blues, 39 greys, and the transparent entry.
    static let palette: [UInt8] = {
        var table: [UInt8] = []
        for r in 0 ..< 6 {
            for g in 0 ..< 6 {
                for b in 0 ..< 6 {
                    table += [UInt8(r * 255 / 5), UInt8(g * 255 / 5), UInt8(b * 255 / 5)]
                }
            }
        }
        for i in 0 ..< 39 { table += [UInt8](repeating: UInt8(i * 255 / 38), count: 3) }
        return table + [0, 0, 0]
    }()

    static func le16(_ n: Int) -> [UInt8] { [UInt8(n & 0xFF), UInt8((n >> 8) & 0xFF)] }
}

/// GIF's variable-width LZW for 8-bit indices, as the format's decoders read it (the scheme of gif.h, public
/// domain): codes from 9 to 12 bits, a clear code when the table is full.
enum GIFLZW {
    static func encode(_ pixels: [UInt8]) -> [UInt8] {
        let clear = 256, minimum = 8
        var tree = [Int16](repeating: 0, count: 4096 * 256)
        var writer = BitWriter(), codeSize = minimum + 1, maxCode = clear + 1, current = -1
        writer.put(clear, codeSize)
        for value in pixels {
            let v = Int(value)
            if current < 0 { current = v; continue }
            let next = Int(tree[current * 256 + v])
            if next != 0 { current = next; continue }
            writer.put(current, codeSize)
            maxCode += 1
            tree[current * 256 + v] = Int16(maxCode)
            if maxCode >= 1 << codeSize { codeSize += 1 }
            if maxCode == 4095 {
                writer.put(clear, codeSize)
                for i in tree.indices { tree[i] = 0 }
                codeSize = minimum + 1
                maxCode = clear + 1
            }
            current = v
        }
        if current >= 0 { writer.put(current, codeSize) }
        writer.put(clear, codeSize)
        writer.put(clear + 1, minimum + 1)
        return writer.finish()
    }

    /// Codes packed least significant bit first.
    private struct BitWriter {
        var bytes: [UInt8] = []
        var bits = 0, count = 0
        mutating func put(_ code: Int, _ size: Int) {
            bits |= code << count
            count += size
            while count >= 8 {
                bytes.append(UInt8(bits & 0xFF))
                bits >>= 8
                count -= 8
            }
        }
        mutating func finish() -> [UInt8] {
            if count > 0 { bytes.append(UInt8(bits & 0xFF)) }
            return bytes
        }
    }
}
