import Foundation
import Glibc
import ModalKitPixels
import XCTest

/// The output rule every file of the lab and the bench goes through: what it replaces keeps its permissions, and
/// any name the file system takes can be written.
final class OutputFileTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "modalkit-output-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try FileManager.default.removeItem(atPath: folder)
    }

    private func permissions(_ path: String, file: StaticString = #filePath, line: UInt = #line) -> mode_t {
        var info = stat()
        XCTAssertEqual(stat(path, &info), 0, path, file: file, line: line)
        return info.st_mode & 0o7777
    }

    private func contents(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

    /// A private file written again stays private: replacing it with a 0644 one would show it to everyone.
    func testAReplacedFileKeepsItsPermissions() throws {
        let path = folder + "/private.json"
        try "old".write(toFile: path, atomically: false, encoding: .utf8)
        for mode: mode_t in [0o600, 0o640, 0o664] {
            chmod(path, mode)
            try OutputFile(path: path, name: "private").write(Array("new \(mode)".utf8))
            XCTAssertEqual(permissions(path), mode)
            XCTAssertEqual(contents(path), "new \(mode)")
        }
    }

    func testAFileReplacedThroughALinkKeepsItsPermissionsAndTheLink() throws {
        let target = folder + "/target.json", link = folder + "/link.json"
        try "old".write(toFile: target, atomically: false, encoding: .utf8)
        chmod(target, 0o600)
        symlink(target, link)
        try OutputFile(path: link, name: "link").write(Array("new".utf8))
        XCTAssertEqual(permissions(target), 0o600)
        XCTAssertEqual(contents(target), "new")
        var info = stat()
        XCTAssertEqual(lstat(link, &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFLNK, "the link is still a link")
    }

    func testANewFileGetsTheUsualPermissions() throws {
        let path = folder + "/new.json"
        let old = umask(0o022)
        defer { umask(old) }
        try OutputFile(path: path, name: "new").write(Array("x".utf8))
        XCTAssertEqual(permissions(path), 0o644)
    }

    /// 250 bytes is a legal name (the limit is 255); a temporary name made by adding to it would not be.
    func testANameNearTheLimitCanBeWrittenAndReplaced() throws {
        let path = folder + "/" + String(repeating: "n", count: 245) + ".json"
        for text in ["first", "second"] {
            try OutputFile(path: path, name: "long").write(Array(text.utf8))
            XCTAssertEqual(contents(path), text)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder).count, 1, "no temporary file left")
    }

    /// A FIFO whose reader stopped reading: the write fails after `stallLimit` seconds of no progress, with one
    /// line, instead of blocking its caller (the lab's loop) until the reader reads again.
    func testAReaderThatTakesNothingFailsTheWriteInsteadOfBlockingIt() throws {
        let fifo = folder + "/stalled.fifo"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        XCTAssertGreaterThanOrEqual(reader, 0)
        defer { close(reader) }
        let output = try OutputFile(path: fifo, name: "stalled")
        // More than a pipe holds (64 KiB by default), so the writer must wait for the reader.
        XCTAssertThrowsError(try output.write([UInt8](repeating: 1, count: 1 << 20))) { error in
            XCTAssertEqual("\(error)", "cannot write stalled: its reader took nothing for 2 s")
        }
    }

    /// ... while a reader that reads gets every byte, however many more than the pipe holds.
    func testAReaderThatReadsGetsEverything() throws {
        let fifo = folder + "/read.fifo"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        XCTAssertGreaterThanOrEqual(reader, 0)
        let output = try OutputFile(path: fifo, name: "read")
        let bytes = (0 ..< 1 << 20).map { UInt8(truncatingIfNeeded: $0 * 7) }
        let received = Received()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            var chunk = [UInt8](repeating: 0, count: 4096)
            while received.bytes.count < bytes.count {
                var entry = pollfd(fd: reader, events: Int16(POLLIN), revents: 0)
                guard poll(&entry, 1, 10_000) > 0 else { break }
                let n = read(reader, &chunk, chunk.count)
                if n > 0 { received.bytes += chunk[..<n] } else if n == 0 { break }
            }
            done.signal()
        }
        thread.start()
        XCTAssertNoThrow(try output.write(bytes))
        XCTAssertEqual(done.wait(timeout: .now() + 20), .success)
        close(reader)
        XCTAssertEqual(received.bytes.count, bytes.count)
        XCTAssertTrue(received.bytes == bytes, "the bytes arrived in order")
    }

    func testAFIFONothingReadsIsRefusedWithoutWaiting() throws {
        let fifo = folder + "/unread.fifo"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        XCTAssertThrowsError(try OutputFile(path: fifo, name: "unread")) { error in
            XCTAssertEqual(
                "\(error)",
                "cannot write unread: it is a FIFO that nothing reads (refused: writing would wait for a reader)")
        }
    }

    /// A file another program makes (ffmpeg's MP4) is made under a temporary name beside the target and renamed
    /// over it at the end; when making it fails, the temporary file goes and the old file stays.
    func testAFileWrittenThroughATemporaryPathIsCompleteOrUntouched() throws {
        struct Failed: Error {}
        let path = folder + "/clip.mp4"
        try "old".write(toFile: path, atomically: false, encoding: .utf8)
        XCTAssertThrowsError(
            try OutputFile(path: path, name: "video").write { temporary in
                XCTAssertNotEqual(temporary, path)
                try "half".write(toFile: temporary, atomically: false, encoding: .utf8)
                throw Failed()
            })
        XCTAssertEqual(contents(path), "old")
        try OutputFile(path: path, name: "video").write { temporary in
            XCTAssertTrue(temporary.hasPrefix(folder + "/"), temporary)
            try "new".write(toFile: temporary, atomically: false, encoding: .utf8)
        }
        XCTAssertEqual(contents(path), "new")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), ["clip.mp4"])
    }

    /// A device every write fails on (/dev/full) is refused when the output is checked, not at the write after
    /// the work (a whole render) is done.
    func testADeviceThatTakesNothingIsRefusedAtOnce() throws {
        XCTAssertThrowsError(try OutputFile(path: "/dev/full", name: "video /dev/full")) { error in
            XCTAssertEqual("\(error)", "cannot write video /dev/full: No space left on device")
        }
    }

    /// A reserved output holds its temporary file from the start (nothing a long job opens meanwhile can take
    /// the last descriptor it needs), writes through it, and leaves nothing when never written.
    func testAReservedOutputHoldsItsFileUntilWrittenAndLeavesNothingUnwritten() throws {
        let path = folder + "/clip.gif"
        do {
            let output = try OutputFile(path: path, name: "video")
            try output.reserve()
            let made = try FileManager.default.contentsOfDirectory(atPath: folder)
            XCTAssertEqual(made.count, 1, "the temporary file, made at once")
            XCTAssertTrue(made.allSatisfy { $0.hasPrefix(".modalkit-") }, "\(made)")
            try output.write(Array("new".utf8))
        }
        XCTAssertEqual(contents(path), "new")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), ["clip.gif"])
        do {
            let output = try OutputFile(path: path, name: "video")
            try output.reserve()
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), ["clip.gif"], "removed unwritten")
        XCTAssertEqual(contents(path), "new", "and the old file kept")
    }

    /// A device cannot take a file made elsewhere and renamed: refused with a reason, nothing run.
    func testAFileWrittenThroughATemporaryPathMustBeAFile() throws {
        let output = try OutputFile(path: "/dev/null", name: "video /dev/null")
        XCTAssertThrowsError(try output.write { _ in XCTFail("nothing should run") }) { error in
            XCTAssertEqual(
                "\(error)",
                "cannot write video /dev/null: it is not a regular file (a video is written whole, then renamed)")
        }
    }
}

/// What the reading thread got: written only by it, read once it has signalled that it is done.
private final class Received: @unchecked Sendable {
    var bytes: [UInt8] = []
}
