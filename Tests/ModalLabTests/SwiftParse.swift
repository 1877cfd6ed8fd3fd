import Foundation
import ModalLabDriver
import XCTest

/// Checks Swift the lab writes for iOS without Apple's SDK: `swiftc -parse` reads the syntax (no type checking,
/// so `import UIKit` or `import SwiftUI` need no SDK) and fails on anything a compiler could not read.
enum SwiftParse {
    /// Asserts that each of `files` (a name and its text) parses; a failure quotes the compiler's messages.
    static func assertParses(
        _ files: [(name: String, text: String)], file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let folder = NSTemporaryDirectory() + "swift-parse-\(getpid())/"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for f in files { try f.text.write(toFile: folder + f.name, atomically: true, encoding: .utf8) }
        let swiftc = try XCTUnwrap(compiler(), "no swiftc on PATH", file: file, line: line)
        let run = try ChildProcess(swiftc, arguments: ["-parse"] + files.map { folder + $0.name })
        let ended = run.wait(timeout: 120)
        let messages = run.standardError.replacingOccurrences(of: folder, with: "")
        XCTAssertEqual(ended, .exited(0), messages, file: file, line: line)
        XCTAssertEqual(messages, "", "the compiler has something to say", file: file, line: line)
    }

    /// `swiftc` beside the `swift` running the tests, found on PATH.
    private static func compiler() -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        return path.split(separator: ":").map { $0 + "/swiftc" }.first { access($0, X_OK) == 0 }
    }
}
