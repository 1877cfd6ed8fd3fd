import CPNG
import Glibc

extension PNG {
    /// Reads the PNG at `path` as a premultiplied bitmap, refusing anything over `limits` before it costs memory.
    ///
    /// The file is opened as `ReadableFile` does (a folder, FIFO or device is refused without waiting), at most
    /// `limits.fileBytes` of it read, and decoded from memory. The header's size is checked against `limits`
    /// before the decode buffer exists, so a 100,000 × 100,000 header fails at once. Every colour type libpng
    /// reads is accepted (palette with or without tRNS, grey, grey + alpha, RGB, RGBA, 1- to 16-bit, interlaced).
    ///
    /// Colour follows libpng's simplified API: 8-bit channels are taken as sRGB-encoded and kept as they are,
    /// unless a gAMA chunk says otherwise (a linear file, gAMA 1.0, is re-encoded for display through libpng's
    /// gamma tables: close to the sRGB curve, a few steps off in the darkest tones). 16-bit files without gAMA or
    /// sRGB are taken as sRGB too (`PNG_IMAGE_FLAG_16BIT_sRGB`: design tools write sRGB, and libpng's own
    /// default, linear, would make them look washed out) and reduced to 8 bits. An ICC profile is not applied.
    ///
    /// Errors are one line: "cannot read PNG <path>: " and "not a PNG file", "truncated", "corrupt: <libpng's
    /// reason>", "it is WxH pixels; the limit is ...", or the system's reason.
    public static func read(from path: String, limits: ImageLimits = .default) throws -> Bitmap {
        let bytes: [UInt8]
        do {
            bytes = try ReadableFile.read(path, limit: limits.fileBytes)
        } catch {
            throw PixelsError("cannot read PNG \(path): \(fileProblem(error, limits: limits))")
        }
        return try decode(bytes, name: path, limits: limits)
    }

    /// Memory a decode must leave free besides its picture, or it is refused as out of memory: 16 MiB, for the
    /// lab's window buffers and drawing after its images are read (a 375x667 window's frame is 1 MB).
    public static let decodeHeadroom = 16 << 20

    /// Decodes the bytes of a PNG file (see `read(from:limits:)`); `name` is how messages name the file.
    public static func decode(_ bytes: [UInt8], name: String, limits: ImageLimits = .default) throws -> Bitmap {
        let fail = { (problem: String) in PixelsError("cannot read PNG \(name): \(problem)") }
        guard bytes.count >= 8, png_sig_cmp(bytes, 0, 8) == 0 else {
            throw fail(bytes.isEmpty ? "not a PNG file (it is empty)" : "not a PNG file")
        }
        // The header's size first, from IHDR itself: libpng reads every chunk up to the image data before it
        // says the size, so a huge header over a missing or broken rest would be named by that ("IEND: out of
        // place") and not by the limit it breaks.
        if let (width, height) = headerSize(bytes), let refusal = limits.refusal(width: width, height: height) {
            throw fail(refusal)
        }
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        // On failure the simplified API releases its own state, so only the message is left to read.
        guard png_image_begin_read_from_memory(&image, bytes, bytes.count) != 0 else {
            throw fail(problem(of: image))
        }
        let width = Int(image.width), height = Int(image.height)
        if let refusal = limits.refusal(width: width, height: height) {
            png_image_free(&image)
            throw fail(refusal)
        }
        // The size is within the limits, but the process may still be denied the memory (`ulimit -v`, a
        // container's limit): a Swift array that cannot be allocated traps, so the decode buffer (and room to go
        // on) is asked for first where a refusal can be answered.
        guard Bitmap.memoryIsAvailable(width: width, height: height, headroom: decodeHeadroom) else {
            png_image_free(&image)
            throw PixelsError(
                "cannot read PNG \(name): it is \(width)x\(height) pixels, and the "
                    + "\((width * height * 4 + (1 << 20) - 1) >> 20) MiB to decode it cannot be allocated (out of memory)",
                outOfMemory: true)
        }
        image.format = formatRGBA
        image.flags |= UInt32(PNG_IMAGE_FLAG_16BIT_sRGB)
        // libpng writes straight RGBA bytes into the bitmap's own storage, which is then premultiplied in place:
        // the picture is held once, not twice, while it is read.
        var bitmap = Bitmap(width: width, height: height)
        let done = bitmap.pixels.withUnsafeMutableBytes { png_image_finish_read(&image, nil, $0.baseAddress, 0, nil) }
        guard done != 0 else { throw fail(problem(of: image)) }
        premultiplyInPlace(&bitmap)
        return bitmap
    }

    /// The width and height IHDR gives (the chunk every PNG opens with, after its signature); nil when the file
    /// does not start so, for libpng to name what is wrong.
    private static func headerSize(_ bytes: [UInt8]) -> (Int, Int)? {
        guard bytes.count >= 24, bytes[12 ..< 16].elementsEqual("IHDR".utf8) else { return nil }
        func word(_ at: Int) -> Int { bytes[at ..< at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (word(16), word(20))
    }

    /// Turns pixels holding straight RGBA bytes (as libpng wrote them) into premultiplied 0xAARRGGBB.
    private static func premultiplyInPlace(_ bitmap: inout Bitmap) {
        bitmap.pixels.withUnsafeMutableBufferPointer { pixels in
            for i in 0 ..< pixels.count {
                let rgba = UInt32(littleEndian: pixels[i])
                let a = rgba >> 24
                if a == 255 {
                    pixels[i] = 0xFF00_0000 | (rgba & 0xFF) << 16 | (rgba & 0xFF00) | (rgba >> 16) & 0xFF
                } else {
                    let r = premultiply(rgba & 0xFF, a), g = premultiply((rgba >> 8) & 0xFF, a)
                    let b = premultiply((rgba >> 16) & 0xFF, a)
                    pixels[i] = a << 24 | r << 16 | g << 8 | b
                }
            }
        }
    }

    /// libpng's reason in the words of the file's problem: data that ends early is "truncated", the rest corrupt.
    private static func problem(of image: png_image) -> String {
        let reason = message(of: image)
        let early = ["beyond end", "Not enough image data", "unexpected end", "Read Error", "IDAT: Too much"]
        if early.contains(where: { contains(reason, $0) }) { return "truncated" }
        return "corrupt: \(reason)"
    }

    /// Whether `part` occurs in `text`, by bytes: `String.contains(String)` would link the regex runtime
    /// (`_StringProcessing`) into the lab, which LabLinkageTests keeps out.
    private static func contains(_ text: String, _ part: String) -> Bool {
        let haystack = Array(text.utf8), needle = Array(part.utf8)
        guard needle.count <= haystack.count else { return false }
        return (0 ... haystack.count - needle.count).contains {
            haystack[$0 ..< $0 + needle.count].elementsEqual(needle)
        }
    }

    /// The words for a file that was not read into memory.
    private static func fileProblem(_ failure: ReadableFile.Failure, limits: ImageLimits) -> String {
        switch failure {
        case .system(let reason), .refused(let reason): return reason
        case .tooLarge(let size): return "it is \(size); the limit is \(limits.fileBytes) bytes"
        }
    }
}
