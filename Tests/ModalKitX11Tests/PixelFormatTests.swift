@testable import ModalKitX11
import ModalKitPixels
import XCTest

final class PixelFormatTests: XCTestCase {
    func testCommonLayoutIsAStraightCopy() {
        let format = PixelFormat(redMask: 0xFF0000, greenMask: 0xFF00, blueMask: 0xFF, depth: 24)
        XCTAssertTrue(format.isNativeXRGB)
        XCTAssertEqual(format.encode(0xFF12_3456), 0x0012_3456)
        XCTAssertEqual(format.decode(0x0012_3456), 0xFF12_3456)
    }

    func testSwappedRedAndBlueMasks() {
        let format = PixelFormat(redMask: 0xFF, greenMask: 0xFF00, blueMask: 0xFF0000, depth: 24)
        XCTAssertFalse(format.isNativeXRGB)
        XCTAssertEqual(format.encode(0xFF12_3456), 0x0056_3412)
        XCTAssertEqual(format.decode(0x0056_3412), 0xFF12_3456)
    }

    func testDepth32SetsTheUnusedByteOpaque() {
        let format = PixelFormat(redMask: 0xFF0000, greenMask: 0xFF00, blueMask: 0xFF, depth: 32)
        XCTAssertEqual(format.encode(0x0012_3456), 0xFF12_3456)
    }

    func testNarrowChannelsKeepHighBitsAndReplicateOnDecode() {
        // 5-6-5: red 0xF8 keeps its top five bits (0x1F), green 0x84 its top six (0x21), blue 0x08 one bit.
        let format = PixelFormat(redMask: 0xF800, greenMask: 0x07E0, blueMask: 0x001F, depth: 16)
        let pixel = format.encode(0xFFF8_8408)
        XCTAssertEqual(pixel, 0x1F << 11 | 0x21 << 5 | 0x01)
        // Decoding replicates: 0x1F → 0xFF, 0x21 (100001) → 10000110 = 0x86, 0x01 (00001) → 00001000 = 0x08.
        XCTAssertEqual(format.decode(pixel), 0xFFFF_8608)
    }

    func testConvertWritesOnlyTheRegionAndHonoursByteSwap() {
        var bitmap = Bitmap(width: 3, height: 2)
        for i in bitmap.pixels.indices { bitmap.pixels[i] = 0xFF00_0000 | UInt32(i + 1) << 16 }
        let format = PixelFormat(redMask: 0xFF0000, greenMask: 0xFF00, blueMask: 0xFF, depth: 24)
        var out = [UInt32](repeating: 7, count: 8) // 4-pixel rows: 16 bytes per line, wider than the bitmap
        out.withUnsafeMutableBytes { raw in
            format.convert(
                bitmap, region: (x: 1, y: 1, width: 2, height: 1), into: raw.baseAddress!,
                bytesPerLine: 16, swapBytes: true)
        }
        XCTAssertEqual(out, [7, 7, 7, 7, 7, UInt32(0x0005_0000).byteSwapped, UInt32(0x0006_0000).byteSwapped, 7])
    }
}
