import Foundation
import ModalKitTestSupport
import Testing

/// This target runs on Swift Testing, where XCTest's assertions are dropped without a word: the shared helpers'
/// failures must reach it, and no file here may reach for XCTest.
@Suite struct TestLibraryTests {
    @Test func testASharedHelpersFailureIsRecorded() {
        withKnownIssue { TestIssue.fail("a helper's failure", at: .swiftTesting(#_sourceLocation)) }
        withKnownIssue { TestIssue.fail("an XCTest caller's place", at: .xctest(file: #filePath, line: #line)) }
    }

    @Test func testExpectCloseFailsOutsideItsToleranceAndOnNaN() {
        expectClose(1.0, 1.4, within: 0.5)
        expectClose(-3.0, -3.0, within: 0)
        withKnownIssue { expectClose(1.0, 1.6, within: 0.5) }
        withKnownIssue { expectClose(Double.nan, 1, within: 0.5) }
        withKnownIssue { expectClose(1, Double.nan, within: .infinity) }
    }

    @Test func testNoFileOfThisTargetImportsXCTest() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
        #expect(files.count > 30)
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            let imports = text.split(separator: "\n").contains { $0.hasSuffix("import XCTest") }
            #expect(!imports, "\(file) imports XCTest, whose assertions Swift Testing drops")
        }
    }
}
