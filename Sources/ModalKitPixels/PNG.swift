import CPNG
import Glibc

/// Reads and writes bitmaps as 8-bit RGBA PNG files with straight alpha, through libpng's simplified API
/// (reading is in `PNG+Read.swift`).
///
/// Writing un-premultiplies each channel as round(c × 255 / a) and reading premultiplies as round(c × a / 255).
/// Both round to nearest, so any valid premultiplied pixel (no channel above its alpha) survives a write and a
/// read unchanged, translucent ones included; fully transparent pixels are stored as transparent black, and a
/// channel above its alpha is clamped to 255 on disk.
public enum PNG {
    /// PNG_FORMAT_RGBA, spelled out because Swift does not import that composite macro.
    static let formatRGBA = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)

    /// Writes `bitmap` to `path` as `OutputFile` does: a new or regular file atomically (a temporary file beside
    /// it, renamed over it, so a failure never leaves a half-written file), a FIFO or device in place, anything
    /// else refused.
    public static func write(_ bitmap: Bitmap, to path: String) throws {
        let output = try OutputFile(path: path, name: "PNG \(path)")
        try output.write(try encode(bitmap, name: output.name))
    }

    /// The bytes of a PNG file of `bitmap`; `name` is how messages name the file.
    public static func encode(_ bitmap: Bitmap, name: String = "PNG image") throws -> [UInt8] {
        guard bitmap.width > 0, bitmap.height > 0 else {
            throw PixelsError("cannot write \(name): the bitmap is empty (\(bitmap.width)x\(bitmap.height))")
        }
        var pixels = straightRGBA(bitmap)
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(bitmap.width)
        image.height = UInt32(bitmap.height)
        image.format = formatRGBA
        // Asked with no buffer, libpng says how big the file will be; then it writes it.
        var size = 0
        guard png_image_write_to_memory(&image, nil, &size, 0, &pixels, 0, nil) != 0 else {
            throw PixelsError("cannot write \(name): \(message(of: image))")
        }
        var bytes = [UInt8](repeating: 0, count: size)
        guard png_image_write_to_memory(&image, &bytes, &size, 0, &pixels, 0, nil) != 0 else {
            throw PixelsError("cannot write \(name): \(message(of: image))")
        }
        return Array(bytes[..<size])
    }

    static func message(of image: png_image) -> String {
        withUnsafeBytes(of: image.message) { raw in
            let text = String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            return text.isEmpty ? "libpng gave no reason" : text
        }
    }

    /// Straight RGBA bytes in memory order, four to a UInt32. Through buffer pointers, and opaque pixels (all of a
    /// lab frame but the HUD's edges) moved without arithmetic: unpremultiplying by 255 changes nothing. In a debug
    /// build the generic per-pixel loop was most of what writing a frame cost.
    private static func straightRGBA(_ bitmap: Bitmap) -> [UInt32] {
        var words = [UInt32](repeating: 0, count: bitmap.pixels.count)
        bitmap.pixels.withUnsafeBufferPointer { source in
            words.withUnsafeMutableBufferPointer { target in
                for i in 0 ..< source.count {
                    let p = source[i], a = p >> 24
                    if a == 255 {
                        target[i] = (0xFF00_0000 | (p & 0xFF) << 16 | (p & 0xFF00) | (p >> 16) & 0xFF).littleEndian
                    } else if a > 0 {
                        let r = UInt32(unpremultiply((p >> 16) & 0xFF, a)),
                            g = UInt32(unpremultiply((p >> 8) & 0xFF, a))
                        let b = UInt32(unpremultiply(p & 0xFF, a))
                        target[i] = (a << 24 | b << 16 | g << 8 | r).littleEndian
                    }
                }
            }
        }
        return words
    }

    /// round(c × 255 / a), at most 255.
    private static func unpremultiply(_ c: UInt32, _ a: UInt32) -> UInt8 {
        UInt8(Swift.min((c * 255 + a / 2) / a, 255))
    }

    /// round(c × a / 255), halves up.
    static func premultiply(_ c: UInt32, _ a: UInt32) -> UInt32 {
        (c * a * 2 + 255) / 510
    }
}
