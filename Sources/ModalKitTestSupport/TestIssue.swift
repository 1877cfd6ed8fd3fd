import Testing
import XCTest

/// Where a shared helper's failure is reported: the caller's file and line, as either library passes them.
public enum TestLocation: Sendable {
    /// From an XCTest test (`#filePath`, `#line`).
    case xctest(file: StaticString, line: UInt)
    /// From a Swift Testing test (`#_sourceLocation`).
    case swiftTesting(SourceLocation)

    /// The place in Swift Testing's terms; its file ID ("Module/File.swift") is the file's folder and name, the
    /// folder of a test file being its target's.
    var sourceLocation: SourceLocation {
        switch self {
        case .swiftTesting(let location): return location
        case .xctest(let file, let line):
            let path = "\(file)"
            let fileID = path.split(separator: "/").suffix(2).joined(separator: "/")
            return SourceLocation(fileID: fileID, filePath: path, line: max(1, Int(line)), column: 1)
        }
    }
}

/// Failures and skips that reach whichever library runs the test: Swift Testing, which runs the process and X
/// tests in parallel, or XCTest, which runs the rest one at a time. XCTest's own `XCTFail` inside a Swift Testing
/// test is dropped without a word, so a helper both kinds of test call reports through here.
public enum TestIssue {
    /// Fails the running test with `message` at `location`.
    public static func fail(_ message: String, at location: TestLocation) {
        if Test.current != nil {
            Issue.record(Comment(rawValue: message), sourceLocation: location.sourceLocation)
        } else if case .xctest(let file, let line) = location {
            XCTFail(message, file: file, line: line)
        } else {
            XCTFail("\(message) (at \(location.sourceLocation))")
        }
    }

    /// Ends the running test as skipped, saying why: a cancelled test in Swift Testing, XCTSkip in XCTest.
    public static func skip(_ reason: String) throws -> Never {
        if Test.current != nil { try Test.cancel(Comment(rawValue: reason)) }
        throw XCTSkip(reason)
    }
}
