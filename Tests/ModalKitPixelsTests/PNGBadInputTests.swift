import Foundation
import ModalKitPixels
import XCTest

/// Each bad image is refused with one line naming the file and the problem, quickly, without waiting on it or
/// allocating what its header claims.
final class PNGBadInputTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "modalkit-badpng-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try FileManager.default.removeItem(atPath: folder)
    }

    func testBadFilesGiveOneLineNamingFileAndProblem() {
        let cases: [(String, String)] = [
            ("bad-not-png.png", "not a PNG file"),
            ("bad-empty.png", "not a PNG file (it is empty)"),
            ("bad-truncated.png", "truncated"),
            ("bad-crc.png", "corrupt: IDAT: CRC error"),
            ("bad-idat.png", "corrupt: IDAT: invalid block type")
        ]
        for (name, problem) in cases {
            assertRefused(FixturePicture.path(name), saying: problem)
        }
    }

    func testBombHeaderIsRefusedBeforeDecoding() {
        let path = FixturePicture.path("bad-bomb.png")
        let start = monotonicNanoseconds()
        assertRefused(
            path, saying: "it is 100000x100000 pixels; the limit is 12000 pixels a side and 36000000 pixels")
        // Allocating and decoding 40 GB would take far longer (or fail); refusing takes microseconds.
        XCTAssertLessThan(monotonicNanoseconds() - start, 50_000_000)
    }

    func testOverTheLimitsIsRefused() {
        let path = FixturePicture.path("rgba8.png")
        assertRefused(
            path, limits: ImageLimits(fileBytes: 1 << 20, maxSide: 8, maxPixels: 1000),
            saying: "it is 9x7 pixels; the limit is 8 pixels a side and 1000 pixels")
        assertRefused(
            path, limits: ImageLimits(fileBytes: 1 << 20, maxSide: 100, maxPixels: 62),
            saying: "it is 9x7 pixels; the limit is 100 pixels a side and 62 pixels")
        assertRefused(
            path, limits: ImageLimits(fileBytes: 100, maxSide: 100, maxPixels: 100),
            saying: "it is 327 bytes; the limit is 100 bytes")
        XCTAssertNoThrow(try PNG.read(from: path, limits: ImageLimits(fileBytes: 327, maxSide: 9, maxPixels: 63)))
    }

    func testMissingFileFolderAndFIFO() throws {
        assertRefused(folder + "/missing.png", saying: "No such file or directory")
        assertRefused(folder, saying: "it is a directory")
        let fifo = folder + "/pipe.png"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        // Opening a FIFO with no writer would block for ever; it is refused at once instead.
        assertRefused(fifo, saying: "it is a FIFO, not a regular file")
        let loop = folder + "/loop.png"
        try FileManager.default.createSymbolicLink(atPath: loop, withDestinationPath: loop)
        assertRefused(loop, saying: "Too many levels of symbolic links")
    }

    /// A Unix socket cannot be opened at all (ENXIO): it is named for what it is, like a FIFO, not "No such device
    /// or address".
    func testSocketIsNamed() throws {
        let path = folder + "/socket.png"
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        XCTAssertGreaterThanOrEqual(fd, 0)
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8) + [0]) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        XCTAssertEqual(bound, 0)
        assertRefused(path, saying: "it is a socket, not a regular file")
    }

    private func assertRefused(
        _ path: String, limits: ImageLimits = .default, saying problem: String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertThrowsError(try PNG.read(from: path, limits: limits), file: file, line: line) { error in
            XCTAssertEqual("\(error)", "cannot read PNG \(path): \(problem)", file: file, line: line)
            XCTAssertFalse("\(error)".contains("\n"), file: file, line: line)
        }
    }
}

/// Monotonic nanoseconds, for a bound on how long a refusal takes.
private func monotonicNanoseconds() -> UInt64 {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec)
}
