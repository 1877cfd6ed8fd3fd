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
}
