import Foundation
@testable import ModalLab
@testable import ModalLabCore
import XCTest

/// The lab's own JSON reader (config files, recordings), held to RFC 8259.
final class JSONInputTests: XCTestCase {
    func testObjectsArraysAndLiterals() {
        XCTAssertEqual(
            JSONInput.parse(#" {"a": [1, -2.5e2, true, false, null], "b": {}, "c": []} "#),
            .object([
                "a": .array([.number(1), .number(-250), .bool(true), .bool(false), .null]),
                "b": .object([:]), "c": .array([])
            ]))
    }

    func testStringEscapesIncludingASurrogatePair() {
        XCTAssertEqual(JSONInput.parse(#""q\"b\\s\/n\nt\tu\u00e9p\ud83d\ude00""#), .string("q\"b\\s/n\nt\tué" + "p😀"))
        XCTAssertEqual(JSONInput.parse(#""déjà""#), .string("déjà"))
    }

    func testNumbersFollowTheGrammar() {
        XCTAssertEqual(JSONInput.parse("0.1"), .number(0.1))
        XCTAssertEqual(JSONInput.parse("-0"), .number(-0.0))
        XCTAssertEqual(JSONInput.parse("1E+3"), .number(1000))
        for bad in ["01", "1.", ".5", "-", "+1", "1e", "0x10", "NaN", "Infinity"] {
            XCTAssertNil(JSONInput.parse(bad), bad)
        }
    }

    /// Nesting past the reader's 64 levels is named as that, with the limit, by every file the lab reads as JSON
    /// (it said "is not a JSON object"); brackets inside strings do not count.
    func testNestingTooDeepIsSaid() throws {
        let deep =
            #"{"threshold": "# + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
            + "}"
        XCTAssertTrue(JSONInput.nestedTooDeep(deep.utf8))
        XCTAssertFalse(JSONInput.nestedTooDeep(#"{"a": "[[[[\"[[[", "b": [[1]]}"#.utf8))
        XCTAssertFalse(
            JSONInput.nestedTooDeep((String(repeating: "[", count: 64) + String(repeating: "]", count: 64)).utf8))
        XCTAssertTrue(
            JSONInput.nestedTooDeep((String(repeating: "[", count: 65) + String(repeating: "]", count: 65)).utf8))
        let folder = NSTemporaryDirectory() + "json-deep-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let config = folder + "/config.json", recording = folder + "/deep.jsonl"
        try deep.write(toFile: config, atomically: false, encoding: .utf8)
        try deep.write(toFile: recording, atomically: false, encoding: .utf8)
        let limit = "nests arrays or objects more than 64 deep (the limit)"
        XCTAssertThrowsError(try LabConfiguration(pinnedArguments: ["--config", config])) { error in
            XCTAssertEqual("\(error)", "config file \(config) \(limit)")
        }
        XCTAssertThrowsError(try Recording.read(from: recording)) { error in
            XCTAssertEqual("\(error)", "recording \(recording): line 1 \(limit)")
        }
        XCTAssertThrowsError(try MotionTrace.parse(deep)) { error in XCTAssertEqual("\(error)", "line 1 \(limit)") }
    }

    func testMalformedTextIsRefused() {
        for bad in [
            "", "{", #"{"a" 1}"#, #"{"a": 1,}"#, "[1 2]", #""open"#, "\"tab\there\"", "tru", "{} {}",
            #"{1: 2}"#, #""\x""#, #""\ud83d""#
        ] {
            XCTAssertNil(JSONInput.parse(bad), bad)
        }
    }

    func testAFileMayOpenWithAByteOrderMarkButMustBeUTF8() {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        XCTAssertEqual(JSONInput.parse(file: bom + Array(#"{"a": 1}"#.utf8)), .object(["a": .number(1)]))
        XCTAssertEqual(JSONInput.parse(file: Array(" [] ".utf8)), .array([]))
        XCTAssertNil(JSONInput.parse(file: [0x7B, 0x22, 0xFF, 0xFE, 0x22, 0x3A, 0x31, 0x7D]), "not UTF-8")
        XCTAssertNil(JSONInput.parse(bom + Array("[]".utf8)), "a mark is a file's, not a text's")
        XCTAssertNil(JSONInput.parse(file: bom + bom + Array("[]".utf8)), "one mark only")
    }

    func testDeepNestingIsRefusedNotFollowed() {
        XCTAssertNotNil(JSONInput.parse(String(repeating: "[", count: 64) + String(repeating: "]", count: 64)))
        XCTAssertNil(JSONInput.parse(String(repeating: "[", count: 100_000)))
    }
}
