@testable import ModalKitX11
import ModalKitPixels
import XCTest

/// The host compares and puts only inside the frame's separate damaged rectangles, not their union: checked on
/// plain memory, no server.
final class ChangedRowsRegionsTests: XCTestCase {
    private let xrgb = PixelFormat(redMask: 0xFF0000, greenMask: 0xFF00, blueMask: 0xFF, depth: 24)
    private let white: UInt32 = 0xFFFF_FFFF
    private let red: UInt32 = 0xFFFF_0000

    /// A white 10x40 frame and a shown copy (10 pixels a line) holding it.
    private func whiteFrame() -> (Bitmap, [UInt32]) {
        var bitmap = Bitmap(width: 10, height: 40)
        for i in bitmap.pixels.indices { bitmap.pixels[i] = white }
        return (bitmap, [UInt32](repeating: white, count: 10 * 40))
    }

    private func update(
        _ rows: inout ChangedRows, _ shown: inout [UInt32], _ bitmap: Bitmap,
        _ regions: [PixelRegion]
    ) -> [PixelRect] {
        shown.withUnsafeMutableBytes { raw in
            guard let base = raw.baseAddress else { return }
            rows.update(
                base, bytesPerLine: 40, from: bitmap, regions: regions, format: xrgb, swapBytes: false,
                whole: false)
        }
        return rows.rectangles.map { PixelRect(x: $0.x, y: $0.y, width: $0.width, height: $0.height) }
    }

    func testAPixelChangedBetweenTwoRegionsIsNeitherCopiedNorPut() {
        var (bitmap, shown) = whiteFrame()
        bitmap[2, 1] = red
        bitmap[5, 20] = red
        bitmap[7, 37] = red
        var rows = ChangedRows()
        let put = update(&rows, &shown, bitmap, [(0, 0, 10, 4), (0, 34, 10, 6)])
        XCTAssertEqual(put, [PixelRect(x: 2, y: 1, width: 1, height: 1), PixelRect(x: 7, y: 37, width: 1, height: 1)])
        XCTAssertEqual(rows.pixelCount, 2)
        XCTAssertEqual(shown[1 * 10 + 2], red)
        XCTAssertEqual(shown[37 * 10 + 7], red)
        XCTAssertEqual(shown[20 * 10 + 5], white, "row 20 lies between the regions: not compared, not copied")
    }

    func testOverlappingRegionsPutAPixelOnce() {
        var (bitmap, shown) = whiteFrame()
        bitmap[4, 10] = red
        var rows = ChangedRows()
        let put = update(&rows, &shown, bitmap, [(0, 5, 10, 10), (2, 8, 6, 10)])
        XCTAssertEqual(put, [PixelRect(x: 4, y: 10, width: 1, height: 1)])
        XCTAssertEqual(rows.pixelCount, 1)
    }

    func testRowsMergeOnlyInsideOneRegion() {
        var (bitmap, shown) = whiteFrame()
        bitmap[1, 9] = red
        bitmap[1, 11] = red
        var rows = ChangedRows()
        // Rows 9 and 11 are two apart, close enough to merge within a region, but they belong to two regions.
        let put = update(&rows, &shown, bitmap, [(0, 0, 10, 10), (0, 10, 10, 10)])
        XCTAssertEqual(put, [PixelRect(x: 1, y: 9, width: 1, height: 1), PixelRect(x: 1, y: 11, width: 1, height: 1)])
    }

    private func regions(damage: PixelRect?, parts: [PixelRect]) -> [PixelRect] {
        var out: [PixelRegion] = []
        ChangedRows.regions(
            damage: damage, parts: parts, bounds: PixelRect(x: 0, y: 0, width: 100, height: 200),
            into: &out)
        return out.map { PixelRect(x: $0.x, y: $0.y, width: $0.width, height: $0.height) }
    }

    func testTheAppsSeparateRectanglesAreWhatIsPresentedCutToItsDamageAndTheWindow() {
        let parts = [PixelRect(x: 0, y: 0, width: 100, height: 20), PixelRect(x: 10, y: 150, width: 120, height: 70)]
        let damage = parts[0].union(parts[1])
        XCTAssertEqual(
            regions(damage: damage, parts: parts),
            [PixelRect(x: 0, y: 0, width: 100, height: 20), PixelRect(x: 10, y: 150, width: 90, height: 50)])
        // Parts left over from an earlier frame are cut to this frame's damage.
        XCTAssertEqual(
            regions(damage: PixelRect(x: 0, y: 0, width: 50, height: 10), parts: parts),
            [PixelRect(x: 0, y: 0, width: 50, height: 10)])
        XCTAssertEqual(regions(damage: .zero, parts: parts), [])
    }

    func testWithoutPartsTheDamageIsPresentedAndWithoutDamageTheWholeWindow() {
        XCTAssertEqual(
            regions(damage: PixelRect(x: 5, y: 5, width: 10, height: 10), parts: []),
            [PixelRect(x: 5, y: 5, width: 10, height: 10)])
        XCTAssertEqual(
            regions(damage: nil, parts: [PixelRect(x: 0, y: 0, width: 5, height: 5)]),
            [PixelRect(x: 0, y: 0, width: 100, height: 200)])
    }
}
