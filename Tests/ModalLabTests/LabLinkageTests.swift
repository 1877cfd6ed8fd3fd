import Glibc
import ModalLabDriver
import XCTest

/// The built modal-lab loads no Foundation: its libraries, with ICU's data, cost the lab about 7.7 MB of its peak
/// resident memory (a budget of 20 MB), and one `import Foundation` in any module the lab links brings them back
/// without a compiler warning. modal-bench, the driver and the test support may use Foundation; the lab may not.
final class LabLinkageTests: XCTestCase {
    func testModalLabLinksNoFoundation() throws {
        let lab = LabProcess.executablePath
        XCTAssertEqual(access(lab, X_OK), 0, "modal-lab is not built at \(lab)")
        let libraries = try sharedLibraries(of: lab)
        XCTAssertTrue(libraries.contains { $0.hasPrefix("libswiftCore") }, "ldd listed no Swift runtime: \(libraries)")
        let foundation = libraries.filter { $0.hasPrefix("libFoundation") || $0.hasPrefix("lib_FoundationICU") }
        XCTAssertEqual(foundation, [], """
            an `import Foundation` in a module modal-lab links (ARCHITECTURE.md); after removing one, an incremental \
            build may still link it: delete .build/x86_64-unknown-linux-gnu/debug
            """)
    }

    /// Nor the libraries of Swift's implicit `_StringProcessing` and `_Concurrency` imports (turned off for the
    /// lab's modules in Package.swift): loaded for nothing, they were 1.5-1.9 MB of the lab's peak.
    func testModalLabLinksNoRegexOrConcurrencyRuntime() throws {
        let libraries = try sharedLibraries(of: LabProcess.executablePath)
        let implicit = libraries.filter {
            $0.hasPrefix("libswift_StringProcessing") || $0.hasPrefix("libswift_RegexParser")
                || $0.hasPrefix("libswift_Concurrency") || $0.hasPrefix("libdispatch")
        }
        XCTAssertEqual(implicit, [], "a module modal-lab links is built without the lean settings of Package.swift")
    }

    /// The names of the shared libraries `ldd` lists for `path`.
    private func sharedLibraries(of path: String, file: StaticString = #filePath, line: UInt = #line) throws -> [String] {
        let ldd = try ChildProcess("/usr/bin/ldd", arguments: [path])
        XCTAssertEqual(ldd.wait(timeout: 30), .exited(0), ldd.standardError, file: file, line: line)
        return ldd.standardOutput.split(separator: "\n").compactMap { $0.split(whereSeparator: \.isWhitespace).first.map(String.init) }
    }
}
