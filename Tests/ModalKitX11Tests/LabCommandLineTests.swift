import ModalKitBase
import ModalKitX11
import XCTest

final class LabCommandLineTests: XCTestCase {
    func testEveryOption() throws {
        let line = try LabCommandLine(arguments: ["--size", "320x480", "--scale", "1.5", "--fps", "30", "--no-shm",
                                                  "--screenshot", "/tmp/x.ppm", "--title", "Sheet"])
        XCTAssertEqual(line.options.size, Size(width: 320, height: 480))
        XCTAssertEqual(line.options.scale, 1.5)
        XCTAssertEqual(line.options.fps, 30)
        XCTAssertFalse(line.options.useSharedMemory)
        XCTAssertEqual(line.screenshotPath, "/tmp/x.ppm")
        XCTAssertEqual(line.options.title, "Sheet")
    }

    func testDefaults() throws {
        let line = try LabCommandLine(arguments: [])
        XCTAssertEqual(line.options.size, Size(width: 375, height: 667))
        XCTAssertNil(line.options.scale)
        XCTAssertNil(line.options.fps)
        XCTAssertTrue(line.options.useSharedMemory)
    }

    func testRejectsUnknownOptionsAndBadValues() {
        for bad in [["--bogus"], ["--size", "12"], ["--size", "0x5"], ["--scale", "-1"], ["--fps", "nan"], ["--fps"]] {
            XCTAssertThrowsError(try LabCommandLine(arguments: bad), "\(bad)")
        }
        XCTAssertThrowsError(try LabCommandLine(arguments: ["--bogus"])) { error in
            XCTAssertEqual((error as? LabCommandLine.ParseError)?.message, "unknown option --bogus")
        }
    }
}
