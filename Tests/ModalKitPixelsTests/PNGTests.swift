import Foundation
import ModalKitPixels
import XCTest

final class PNGTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "modalkit-png-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try FileManager.default.removeItem(atPath: folder)
    }

    func testOpaqueRoundTripIsExact() throws {
        var random = TestRandom(state: 11)
        var b = Bitmap(width: 37, height: 23)
        for i in b.pixels.indices { b.pixels[i] = random.pixel(opaque: true) }
        try PNG.write(b, to: folder + "/a.png")
        XCTAssertEqual(try PNG.read(from: folder + "/a.png"), b)
    }

    /// Documented: valid premultiplied pixels survive un-premultiply then premultiply unchanged.
    func testTranslucentRoundTripIsExactForValidPixels() throws {
        var b = Bitmap(width: 256, height: 64)
        var random = TestRandom(state: 5)
        for y in 0 ..< 64 {
            for a in 0 ..< 256 {
                let c = UInt32(a)
                let channels = [random.next(c + 1), random.next(c + 1), y == 0 ? c : random.next(c + 1)]
                b[a, y] = c << 24 | channels[0] << 16 | channels[1] << 8 | channels[2]
            }
        }
        try PNG.write(b, to: folder + "/t.png")
        XCTAssertEqual(try PNG.read(from: folder + "/t.png"), b)
    }

    func testMissingFileThrowsNamingIt() {
        XCTAssertThrowsError(try PNG.read(from: folder + "/missing.png")) { error in
            XCTAssertTrue("\(error)".hasPrefix("cannot read PNG \(folder)/missing.png: "), "\(error)")
        }
    }

    func testCorruptFileThrows() throws {
        let path = folder + "/bad.png"
        try Data("not a png at all, just text".utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try PNG.read(from: path)) { error in
            XCTAssertTrue("\(error)".hasPrefix("cannot read PNG \(path): "), "\(error)")
        }
    }

    func testTruncatedFileThrows() throws {
        var b = Bitmap(width: 64, height: 64)
        b.fill(.white)
        try PNG.write(b, to: folder + "/full.png")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: folder + "/full.png"))
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: folder + "/half.png"))
        XCTAssertThrowsError(try PNG.read(from: folder + "/half.png"))
    }

    func testFailedWriteLeavesNoFile() {
        let path = folder + "/no-such-dir/x.png"
        XCTAssertThrowsError(try PNG.write(Bitmap(width: 2, height: 2), to: path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), [])
    }
}
