import ModalKitPixels
import XCTest

/// Every colour type, depth and interlacing libpng reads decodes to the premultiplied pixels the fixture's
/// definition (`Assets/TestImages/PNG/make_fixtures.py`, mirrored in `FixturePicture`) says.
final class PNGColourTypeTests: XCTestCase {
    private typealias F = FixturePicture

    func testTrueColourWithAndWithoutAlphaAndInterlacing() throws {
        let rgba = F.bitmap { x, y in
            let p = F.pixel(x, y); return (p.r, p.g, p.b, p.a)
        }
        let rgb = F.bitmap { x, y in
            let p = F.pixel(x, y); return (p.r, p.g, p.b, 255)
        }
        try assertDecodes("rgb8.png", to: rgb)
        try assertDecodes("rgba8.png", to: rgba)
        try assertDecodes("rgba8-interlaced.png", to: rgba)
        try assertDecodes("rgb16.png", to: rgb)
        try assertDecodes("rgba16.png", to: rgba)
    }

    func testGreyAtEveryDepth() throws {
        for depth in [1, 2, 4, 8, 16] {
            let top = (1 << depth) - 1
            let expected = F.bitmap { x, y in
                let v = depth == 16 ? F.greyLevel(x, y, depth: depth) : F.greyLevel(x, y, depth: depth) * 255 / top
                return (v, v, v, 255)
            }
            try assertDecodes("grey\(depth).png", to: expected)
        }
        let interlaced = F.bitmap { x, y in
            let v = F.greyLevel(x, y, depth: 4) * 17; return (v, v, v, 255)
        }
        try assertDecodes("grey4-interlaced.png", to: interlaced)
    }

    func testGreyWithAlpha() throws {
        let expected = F.bitmap { x, y in
            let p = F.pixel(x, y); return (p.r, p.r, p.r, p.a)
        }
        try assertDecodes("grey-alpha8.png", to: expected)
        try assertDecodes("grey-alpha16.png", to: expected)
    }

    func testPaletteWithTransparencyAtEightAndFourBitsInterlaced() throws {
        let expected = F.bitmap { x, y in
            let i = F.paletteIndex(x, y), c = F.palette[i]
            return (c.0, c.1, c.2, F.paletteAlpha[i])
        }
        try assertDecodes("palette8-trns.png", to: expected)
        try assertDecodes("palette4-trns-interlaced.png", to: expected)
        let twoBit = F.bitmap { x, y in
            let c = F.palette[F.paletteIndex(x, y) % 4]; return (c.0, c.1, c.2, 255)
        }
        try assertDecodes("palette2.png", to: twoBit)
    }

    /// A file that says its channels are linear light (gAMA 1.0) is re-encoded for display, as libpng's simplified
    /// API does (through its 8-bit gamma tables, close to but not exactly the sRGB curve): every channel gets
    /// lighter, never darker, in the same order, with black and white kept.
    func testLinearFileIsReencodedForDisplay() throws {
        let decoded = try PNG.read(from: F.path("rgb8-linear.png"))
        var pairs: [(linear: Int, shown: Int)] = []
        for y in 0 ..< F.height {
            for x in 0 ..< F.width {
                let p = F.pixel(x, y), got = decoded[x, y]
                pairs += zip([p.r, p.g, p.b], [16, 8, 0]).map { ($0, Int((got >> UInt32($1)) & 0xFF)) }
            }
        }
        for pair in pairs {
            XCTAssertGreaterThanOrEqual(pair.shown, pair.linear, "\(pair)")
            if pair.linear == 0 || pair.linear == 255 { XCTAssertEqual(pair.shown, pair.linear) }
            if (40 ... 200).contains(pair.linear) {
                XCTAssertGreaterThan(pair.shown, pair.linear + 20, "\(pair): a mid-tone taken as sRGB unchanged")
            }
        }
        let sorted = pairs.sorted { $0.linear < $1.linear }
        XCTAssertTrue(zip(sorted, sorted.dropFirst()).allSatisfy { $0.shown <= $1.shown }, "not monotonic")
    }

    func testColourKeyMakesThatColourTransparent() throws {
        let expected = F.bitmap { x, _ in
            let p = F.pixel(x % 2, 0)
            return x % 2 == 0 ? (0, 0, 0, 0) : (p.r, p.g, p.b, 255)
        }
        try assertDecodes("rgb8-trns.png", to: expected)
    }

    private func assertDecodes(
        _ name: String, to expected: Bitmap, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let decoded = try PNG.read(from: F.path(name))
        XCTAssertEqual(decoded.width, expected.width, name, file: file, line: line)
        XCTAssertEqual(decoded.height, expected.height, name, file: file, line: line)
        guard decoded.pixels.count == expected.pixels.count else { return }
        let wrong = decoded.pixels.indices.filter { decoded.pixels[$0] != expected.pixels[$0] }
        guard let i = wrong.first else { return }
        let (got, want) = (String(decoded.pixels[i], radix: 16), String(expected.pixels[i], radix: 16))
        XCTFail(
            "\(name): \(wrong.count) pixels differ; first (\(i % F.width), \(i / F.width)) is \(got), not \(want)",
            file: file, line: line)
    }
}
