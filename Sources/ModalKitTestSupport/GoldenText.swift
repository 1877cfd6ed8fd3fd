import Foundation
import Testing

/// Compares `text` with the golden text `<package root>/Assets/Goldens/<named>` (the name carries its extension:
/// "Export/sheet-swiftui.swift"). As for images, a missing golden is recorded and the test fails, so recording is
/// never silent; a mismatch writes `<named>.actual` beside the golden and names the first line that differs.
/// With `MODALKIT_RECORD_GOLDENS=1` the golden is overwritten (and the test still fails, asking for a review).
public func assertMatchesGoldenText(
    _ text: String, named: String, file: StaticString = #filePath, line: UInt = #line
) {
    compareWithGoldenText(text, named: named, at: .xctest(file: file, line: line))
}

/// `assertMatchesGoldenText` for a Swift Testing test.
public func expectMatchesGoldenText(_ text: String, named: String, sourceLocation: SourceLocation = #_sourceLocation) {
    compareWithGoldenText(text, named: named, at: .swiftTesting(sourceLocation))
}

private func compareWithGoldenText(_ text: String, named: String, at location: TestLocation) {
    do {
        let expected = try GoldenFiles.folder(callerFile: location.sourceLocation.filePath).appendingPathComponent(
            named)
        let actual = URL(fileURLWithPath: expected.path + ".actual")
        if ProcessInfo.processInfo.environment["MODALKIT_RECORD_GOLDENS"] == "1"
            || !FileManager.default.fileExists(atPath: expected.path)
        {
            try FileManager.default.createDirectory(
                at: expected.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: expected, atomically: true, encoding: .utf8)
            try? FileManager.default.removeItem(at: actual)
            TestIssue.fail("Recorded new golden \(expected.path); review it and re-run", at: location)
            return
        }
        let golden = try String(contentsOf: expected, encoding: .utf8)
        guard golden != text else {
            try? FileManager.default.removeItem(at: actual)
            return
        }
        try text.write(to: actual, atomically: true, encoding: .utf8)
        let old = golden.split(separator: "\n", omittingEmptySubsequences: false)
        let new = text.split(separator: "\n", omittingEmptySubsequences: false)
        let first = (0 ..< min(old.count, new.count)).first { old[$0] != new[$0] } ?? min(old.count, new.count)
        TestIssue.fail("\(expected.path) differs from line \(first + 1) on; see \(actual.path)", at: location)
    } catch {
        TestIssue.fail("golden \(named): \(error)", at: location)
    }
}
