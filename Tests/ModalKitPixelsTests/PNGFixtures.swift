import Foundation
import ModalKitPixels

/// The picture and files of `Assets/TestImages/PNG`, as `make_fixtures.py` there defines them: each good file
/// holds `pixel(x, y)` (9 × 7 pixels, straight RGBA) in its own colour type, depth and interlacing.
enum FixturePicture {
    static let width = 9, height = 7

    /// The fixture folder, found from this source file.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Assets/TestImages/PNG").path

    /// The path of fixture `name`.
    static func path(_ name: String) -> String { folder + "/" + name }

    /// `make_fixtures.py`'s `pixel(x, y)`: straight (r, g, b, a).
    static func pixel(_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int, a: Int) {
        ((17 * x + 3 * y) % 256, (255 - 13 * y - x) % 256, (7 * x * y) % 256, (29 * x + 37 * y + 5) % 256)
    }

    /// `grey_level(x, y, depth)`: 0 ... 2^depth − 1.
    static func greyLevel(_ x: Int, _ y: Int, depth: Int) -> Int { (x + 2 * y) % (1 << depth) }

    static let palette = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255), (0, 0, 0), (200, 100, 50)]
    static let paletteAlpha = [255, 128, 0, 64, 255, 255]
    static func paletteIndex(_ x: Int, _ y: Int) -> Int { (x + y * width) % palette.count }

    /// A straight RGBA colour as the premultiplied pixel the reader must give: round(c × a / 255).
    static func premultiplied(_ r: Int, _ g: Int, _ b: Int, _ a: Int) -> UInt32 {
        func p(_ c: Int) -> UInt32 { UInt32((c * a * 2 + 255) / 510) }
        return UInt32(a) << 24 | p(r) << 16 | p(g) << 8 | p(b)
    }

    /// The whole expected bitmap, from a straight colour per pixel.
    static func bitmap(_ colour: (Int, Int) -> (Int, Int, Int, Int)) -> Bitmap {
        var b = Bitmap(width: width, height: height)
        for y in 0 ..< height {
            for x in 0 ..< width {
                let c = colour(x, y)
                b[x, y] = premultiplied(c.0, c.1, c.2, c.3)
            }
        }
        return b
    }
}
