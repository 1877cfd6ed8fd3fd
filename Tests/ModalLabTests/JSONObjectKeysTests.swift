import XCTest
@testable import ModalLab
@testable import ModalLabCore

/// The scanner that finds a config key given twice, which JSON decoders hide.
final class JSONObjectKeysTests: XCTestCase {
    private func keys(_ text: String) -> [String] { JSONObjectKeys.keys(in: Array(text.utf8)) }
    private func duplicate(_ text: String) -> String? { JSONObjectKeys.firstDuplicate(in: Array(text.utf8)) }

    func testTopLevelKeysInOrder() {
        XCTAssertEqual(
            keys(#"{"b": 1, "a": "x", "c": [1, {"d": 2}], "e": {"f": {"g": null}}, "h": true}"#),
            ["b", "a", "c", "e", "h"])
        XCTAssertEqual(keys(" \n{ } "), [])
        XCTAssertEqual(keys("[1]"), [])
    }

    func testEscapesAreDecodedBeforeComparing() {
        XCTAssertEqual(duplicate(#"{"threshold": 0.4, "thres\u0068old": 5}"#), "threshold")
        XCTAssertEqual(duplicate(#"{"a\"b": 1, "a\u0022b": 2}"#), "a\"b")
        XCTAssertEqual(duplicate(#"{"a\\": 1, "a": 2}"#), nil, "a backslash key is not the key without it")
    }

    func testQuotesAndBracesInsideValuesAreNotKeys() {
        XCTAssertNil(duplicate(#"{"curve": "x\",\"threshold\":\"", "threshold": 0.4}"#))
        XCTAssertNil(
            duplicate(#"{"a": "}{", "b": "[\"a\"]", "c": {"a": 1, "a": 2}}"#), "nested keys are the value's own")
        XCTAssertEqual(duplicate(#"{"threshold":0.4,"threshold":5}"#), "threshold")
    }

    func testAByteOrderMarkIsSkipped() {
        XCTAssertEqual(JSONObjectKeys.firstDuplicate(in: [0xEF, 0xBB, 0xBF] + Array(#"{"a": 1, "a": 2}"#.utf8)), "a")
    }
}
