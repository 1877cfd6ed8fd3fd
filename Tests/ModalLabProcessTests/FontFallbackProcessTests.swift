import Foundation
import Glibc
import ModalKitPixels
import ModalKitTestSupport
import ModalLabDriver
import XCTest

/// Without Inter the lab draws in fontconfig's sans-serif and says so once: one line on stderr, not one a face.
final class FontFallbackProcessTests: XCTestCase {
    func testWithoutInterTheLabSaysSoInOneLineAndDrawsInDejaVu() throws {
        let regular = try Font.findPath(pattern: "DejaVu Sans:style=Book")
        let bold = try Font.findPath(pattern: "DejaVu Sans:style=Bold")
        guard regular.hasSuffix("/DejaVuSans.ttf"), bold.hasSuffix("/DejaVuSans-Bold.ttf") else {
            throw XCTSkip("DejaVu Sans is not installed: \(regular)")
        }
        let folder = "/tmp/modal-lab-fontconfig-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // A fontconfig that knows DejaVu Sans alone: no Inter, and no other family sans-serif could match.
        try FileManager.default.createDirectory(atPath: folder + "/fonts", withIntermediateDirectories: true)
        for file in [regular, bold] {
            try FileManager.default.createSymbolicLink(
                atPath: folder + "/fonts/" + (file.split(separator: "/").last.map(String.init) ?? ""),
                withDestinationPath: file)
        }
        let config = "<fontconfig><dir>\(folder)/fonts</dir><cachedir>\(folder)/cache</cachedir></fontconfig>\n"
        try config.write(toFile: folder + "/fonts.conf", atomically: true, encoding: .utf8)
        var environment = ChildProcess.currentEnvironment()
        environment["FONTCONFIG_FILE"] = folder + "/fonts.conf"
        environment["DISPLAY"] = nil
        let common = PinnedScreen.arguments(["--scene", "sheet", "--inspector", "--headless"])
        let fallback = try ChildProcess(
            LabProcess.executablePath, arguments: common + ["--screenshot", folder + "/fallback.png"],
            environment: environment, ownProcessGroup: true)
        XCTAssertEqual(fallback.wait(timeout: 20), .exited(0), fallback.standardError)
        XCTAssertEqual(
            fallback.standardError,
            "modal-lab: Inter is not installed (Debian: fonts-inter); text is drawn in DejaVuSans.ttf instead\n")
        let named = try LabProcess.launchPinned(
            common + ["--font", regular, "--screenshot", folder + "/named.png"], display: nil)
        XCTAssertEqual(named.wait(timeout: 20), .exited(0), named.standardError)
        XCTAssertEqual(named.standardError, "", "--font wins: no notice")
        XCTAssertTrue(
            try PNG.read(from: folder + "/fallback.png") == PNG.read(from: folder + "/named.png"),
            "the fallback draws what --font DejaVuSans.ttf draws")
    }
}
