import Foundation
import Glibc
import ModalKitPixels
import ModalKitTestSupport
import ModalLabDriver
import Testing

/// Without Inter the lab draws in fontconfig's sans-serif and says so once: one line on stderr, not one a face.
@Suite final class FontFallbackProcessTests {
    @Test func testWithoutInterTheLabSaysSoInOneLineAndDrawsInDejaVu() throws {
        let regular = try Font.findPath(pattern: "DejaVu Sans:style=Book")
        let bold = try Font.findPath(pattern: "DejaVu Sans:style=Bold")
        guard regular.hasSuffix("/DejaVuSans.ttf"), bold.hasSuffix("/DejaVuSans-Bold.ttf") else {
            try TestIssue.skip("DejaVu Sans is not installed: \(regular)")
        }
        let folder = "/tmp/modal-lab-fontconfig-\(getpid())-\(uniqueNumber())"
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
        #expect(fallback.wait(timeout: 20) == .exited(0), Comment(rawValue: fallback.standardError))
        #expect(
            fallback.standardError
                == "modal-lab: Inter is not installed (Debian: fonts-inter); text is drawn in DejaVuSans.ttf instead\n")
        let named = try LabProcess.launchPinned(
            common + ["--font", regular, "--screenshot", folder + "/named.png"], display: nil)
        #expect(named.wait(timeout: 20) == .exited(0), Comment(rawValue: named.standardError))
        #expect(named.standardError == "", "--font wins: no notice")
        #expect(
            try PNG.read(from: folder + "/fallback.png") == PNG.read(from: folder + "/named.png"),
            "the fallback draws what --font DejaVuSans.ttf draws")
    }
}
