@testable import ModalKitX11
import ModalKitPixels
import XCTest

/// The host puts only what differs from what the server was last given: checked on plain memory, no server.
final class ChangedRowsTests: XCTestCase {
    private let xrgb = PixelFormat(redMask: 0xFF0000, greenMask: 0xFF00, blueMask: 0xFF, depth: 24)
    private let white: UInt32 = 0xFFFF_FFFF

    /// A 10x20 frame, white everywhere, and a shown copy (12 pixels a line, wider than the frame) holding it.
    private func whiteFrame() -> (Bitmap, [UInt32]) {
        var bitmap = Bitmap(width: 10, height: 20)
        for i in bitmap.pixels.indices { bitmap.pixels[i] = white }
        var shown = [UInt32](repeating: 0, count: 12 * 20)
        for y in 0 ..< 20 { for x in 0 ..< 10 { shown[y * 12 + x] = white } }
        return (bitmap, shown)
    }

    private func update(
        _ rows: inout ChangedRows, _ shown: inout [UInt32], _ bitmap: Bitmap, _ region: PixelRegion,
        format: PixelFormat? = nil, swap: Bool = false, whole: Bool = false
    ) -> [PixelRect] {
        shown.withUnsafeMutableBytes { raw in
            rows.update(
                raw.baseAddress!, bytesPerLine: 48, from: bitmap, region: region, format: format ?? xrgb,
                swapBytes: swap, whole: whole)
        }
        return rows.rectangles.map { PixelRect(x: $0.x, y: $0.y, width: $0.width, height: $0.height) }
    }

    func testAnUnchangedFramePutsNothing() {
        let (bitmap, before) = whiteFrame()
        var shown = before, rows = ChangedRows()
        XCTAssertEqual(update(&rows, &shown, bitmap, (0, 0, 10, 20)), [])
        XCTAssertEqual(rows.pixelCount, 0)
        XCTAssertEqual(shown, before)
    }

    func testNearbyChangedRowsMergeIntoOneRectangleSpanningTheirChanges() {
        var (bitmap, shown) = whiteFrame()
        for x in 3 ... 5 { bitmap[x, 2] = 0xFF00_0000 }
        bitmap[1, 4] = 0xFF12_3456
        bitmap[2, 4] = 0xFF12_3456
        var rows = ChangedRows()
        // Row 3 between them is unchanged; a gap of one row is put with them: x 1...5, y 2...4.
        XCTAssertEqual(update(&rows, &shown, bitmap, (0, 0, 10, 20)), [PixelRect(x: 1, y: 2, width: 5, height: 3)])
        XCTAssertEqual(rows.pixelCount, 15)
        for y in 0 ..< 20 { for x in 0 ..< 10 { XCTAssertEqual(shown[y * 12 + x], bitmap[x, y], "(\(x), \(y))") } }
    }

    func testTheSpanOfAWideRowIsExactWhereverItsEndsFall() {
        for (left, right) in [(0, 199), (9, 9), (17, 40), (31, 32), (32, 32), (20, 167), (8, 60), (64, 199), (100, 135)]
        {
            var bitmap = Bitmap(width: 200, height: 1)
            var shown = [UInt32](repeating: 0, count: 200)
            bitmap[left, 0] = 1
            bitmap[right, 0] = 2
            var rows = ChangedRows()
            shown.withUnsafeMutableBytes { raw in
                rows.update(
                    raw.baseAddress!, bytesPerLine: 800, from: bitmap, region: (0, 0, 200, 1), format: xrgb,
                    swapBytes: false, whole: false)
            }
            XCTAssertEqual(rows.rectangles.map { [$0.x, $0.width] }, [[left, right - left + 1]], "\(left)...\(right)")
            XCTAssertEqual(shown, bitmap.pixels)
        }
    }

    func testDistantChangedRowsAreSeparateRectangles() {
        var (bitmap, shown) = whiteFrame()
        bitmap[7, 2] = 0xFF00_0000
        bitmap[0, 2 + ChangedRows.mergeGap + 2] = 0xFF00_0000
        var rows = ChangedRows()
        XCTAssertEqual(
            update(&rows, &shown, bitmap, (0, 0, 10, 20)),
            [
                PixelRect(x: 7, y: 2, width: 1, height: 1),
                PixelRect(x: 0, y: 2 + ChangedRows.mergeGap + 2, width: 1, height: 1)
            ])
    }

    func testChangesOutsideTheRegionAreNeitherCopiedNorPut() {
        var (bitmap, shown) = whiteFrame()
        bitmap[1, 1] = 0xFF00_0000
        bitmap[8, 15] = 0xFF00_0000
        var rows = ChangedRows()
        XCTAssertEqual(update(&rows, &shown, bitmap, (5, 10, 5, 10)), [PixelRect(x: 8, y: 15, width: 1, height: 1)])
        XCTAssertEqual(shown[1 * 12 + 1], white)
        XCTAssertEqual(shown[15 * 12 + 8], 0xFF00_0000)
    }

    func testWholeCopiesAndPutsTheRegionEvenWhenNothingDiffers() {
        var (bitmap, shown) = whiteFrame()
        var rows = ChangedRows()
        XCTAssertEqual(
            update(&rows, &shown, bitmap, (2, 3, 4, 5), whole: true), [PixelRect(x: 2, y: 3, width: 4, height: 5)])
        bitmap[0, 0] = 0xFF00_0000
        XCTAssertEqual(
            update(&rows, &shown, bitmap, (0, 0, 1, 1), whole: true), [PixelRect(x: 0, y: 0, width: 1, height: 1)])
        XCTAssertEqual(shown[0], 0xFF00_0000)
    }

    func testOtherLayoutsCompareConvertedPixels() {
        // Red and blue swapped, bytes swapped: white stays white, pure red becomes blue then byte-reversed.
        let bgr = PixelFormat(redMask: 0xFF, greenMask: 0xFF00, blueMask: 0xFF0000, depth: 24)
        var (bitmap, _) = whiteFrame()
        var shown = [UInt32](repeating: 0, count: 12 * 20)
        for y in 0 ..< 20 { for x in 0 ..< 10 { shown[y * 12 + x] = UInt32(0x00FF_FFFF).byteSwapped } }
        bitmap[4, 6] = 0xFFFF_0000
        var rows = ChangedRows()
        XCTAssertEqual(
            update(&rows, &shown, bitmap, (0, 0, 10, 20), format: bgr, swap: true),
            [PixelRect(x: 4, y: 6, width: 1, height: 1)])
        XCTAssertEqual(shown[6 * 12 + 4], UInt32(0x0000_00FF).byteSwapped)
    }
}
