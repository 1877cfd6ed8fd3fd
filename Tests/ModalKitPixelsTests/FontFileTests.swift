import Glibc
import ModalKitPixels
import XCTest

/// A face reads its file with pread: the file is never mapped (a mapping put all of it in resident memory, once per
/// face), and the descriptor goes away with the face.
final class FontFileTests: XCTestCase {
    private func mapsMention(_ path: String) -> Bool {
        guard let file = fopen("/proc/self/maps", "r") else { return false }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 4096)
        while fgets(&line, Int32(line.count), file) != nil {
            if String(cString: line).contains(path) { return true }
        }
        return false
    }

    private func openDescriptors() -> Int {
        guard let dir = opendir("/proc/self/fd") else { return -1 }
        defer { closedir(dir) }
        var count = 0
        while readdir(dir) != nil { count += 1 }
        return count
    }

    func testAFaceDoesNotMapItsFileAndClosesItWhenDone() throws {
        let path = try Font.findPath(pattern: "sans-serif")
        let before = openDescriptors()
        var font: Font? = try Font(path: path, pixelSize: 17)
        var bitmap = Bitmap(width: 120, height: 30)
        bitmap.drawText("Drag me", font: try XCTUnwrap(font), color: .black, x: 4, baselineY: 22)
        XCTAssertTrue(bitmap.pixels.contains { $0 >> 24 == 255 }, "glyphs were read and drawn")
        XCTAssertFalse(mapsMention(path), "\(path) is mapped")
        XCTAssertEqual(openDescriptors(), before + 1, "the face holds its file open")
        font = nil
        XCTAssertEqual(openDescriptors(), before, "the file is closed with the face")
    }

    func testAFileThatIsNotAFontIsAClearErrorAndLeavesNothingOpen() {
        let before = openDescriptors()
        XCTAssertThrowsError(try Font(path: "/proc/self/exe", pixelSize: 12)) { error in
            XCTAssertTrue("\(error)".hasPrefix("cannot read font /proc/self/exe: FreeType error"), "\(error)")
        }
        XCTAssertEqual(openDescriptors(), before)
    }
}
