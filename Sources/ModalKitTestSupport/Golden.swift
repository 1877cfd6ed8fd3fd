import Foundation
import ModalKitPixels
import Testing

/// Compares `bitmap` with the golden image `<package root>/Assets/Goldens/<named>.png`, allowing each channel to
/// differ by up to `tolerance`. A missing golden is recorded and the test fails, so recording is never silent;
/// a mismatch writes `<named>.actual.png` and `<named>.diff.png` beside the golden. With the environment variable
/// `MODALKIT_RECORD_GOLDENS=1` the golden is overwritten (and the test still fails, asking for a review).
public func assertMatchesGolden(
    _ bitmap: Bitmap, named: String, tolerance: UInt8 = 0,
    file: StaticString = #filePath, line: UInt = #line
) {
    compareWithGolden(bitmap, named: named, tolerance: tolerance, at: .xctest(file: file, line: line))
}

/// `assertMatchesGolden` for a Swift Testing test.
public func expectMatchesGolden(
    _ bitmap: Bitmap, named: String, tolerance: UInt8 = 0, sourceLocation: SourceLocation = #_sourceLocation
) {
    compareWithGolden(bitmap, named: named, tolerance: tolerance, at: .swiftTesting(sourceLocation))
}

private func compareWithGolden(_ bitmap: Bitmap, named: String, tolerance: UInt8, at location: TestLocation) {
    do {
        let golden = try GoldenFiles(named: named, callerFile: location.sourceLocation.filePath)
        if ProcessInfo.processInfo.environment["MODALKIT_RECORD_GOLDENS"] == "1"
            || !FileManager.default.fileExists(atPath: golden.expected)
        {
            try golden.record(bitmap)
            TestIssue.fail("Recorded new golden \(golden.expected); review it and re-run", at: location)
            return
        }
        let expected = try PNG.read(from: golden.expected)
        let comparison = GoldenComparison(actual: bitmap, expected: expected, tolerance: tolerance)
        guard !comparison.matches else { return golden.removeLeftovers() }
        try PNG.write(bitmap, to: golden.actual)
        try PNG.write(comparison.diffImage, to: golden.diff)
        TestIssue.fail(
            "\(golden.expected) differs: \(comparison.summary); see \(golden.actual) and \(golden.diff)", at: location)
    } catch {
        TestIssue.fail("golden \(named): \(error)", at: location)
    }
}

/// Where a golden and its failure artifacts live.
struct GoldenFiles {
    let expected: String
    let actual: String
    let diff: String

    /// Paths for `named`, found by walking up from the caller's source file to the folder with Package.swift.
    init(named: String, callerFile: String) throws {
        let base = try GoldenFiles.folder(callerFile: callerFile).appendingPathComponent(named).path
        expected = base + ".png"
        actual = base + ".actual.png"
        diff = base + ".diff.png"
    }

    /// `Assets/Goldens` of the package whose sources hold `callerFile`.
    static func folder(callerFile: String) throws -> URL {
        var folder = URL(fileURLWithPath: callerFile).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
            let parent = folder.deletingLastPathComponent()
            guard parent.path != folder.path else {
                throw PixelsError("no Package.swift above \(callerFile) to hold Assets/Goldens")
            }
            folder = parent
        }
        return folder.appendingPathComponent("Assets/Goldens")
    }

    func record(_ bitmap: Bitmap) throws {
        let folder = URL(fileURLWithPath: expected).deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try PNG.write(bitmap, to: expected)
        removeLeftovers()
    }

    /// Stale artifacts from an earlier failure would mislead whoever looks next.
    func removeLeftovers() {
        try? FileManager.default.removeItem(atPath: actual)
        try? FileManager.default.removeItem(atPath: diff)
    }
}
