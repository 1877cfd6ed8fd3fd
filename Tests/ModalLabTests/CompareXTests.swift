import ModalKitTestSupport
import ModalLabDriver
import XCTest

/// `--compare` in a real window under Xvfb: one XTest drag reaches both stages, and each decides by its own
/// parameters. Pannable at 0.25 of the screen (166.75 pt) against 0.5 (333.5 pt): a slow 200-pt drag closes A
/// and springs B back.
final class CompareXTests: LabXTestCase {
    /// The band over the stages and where stage B starts (`CompareLayout`, at 375 × 667 points).
    private static let band = 24.0, stageBX = 377.0

    private func launchRatios() throws -> LabSession {
        try launch(
            "pannable", settings: ["minimumScreenRatioToHide=0.25"],
            extraArguments: ["--compare", "minimumScreenRatioToHide=0.5"])
    }

    /// The first `settled` line of `side` from `mark`.
    private func rest(of side: String, _ lab: LabSession, from mark: Int) -> LabTraceEvent? {
        lab.trace.waitFor(from: mark, timeout: 15) { $0.type == "settled" && $0.string("side") == side }
    }

    private func assertOneDragDecidesTwice(from start: LabXPoint, file: StaticString = #filePath, line: UInt = #line)
        throws
    {
        let lab = try launchRatios()
        let mark = lab.trace.mark
        // 10 pt every 20 ms: 500 pt/s, far below the 1500 pt/s flick rule on both sides.
        lab.drag(from: start, by: (0, 200), steps: 20, every: 20)
        let a = rest(of: "a", lab, from: mark), b = rest(of: "b", lab, from: mark)
        XCTAssertEqual(a?.string("top"), "presenting", "A closes: \(lab.summary(from: mark))", file: file, line: line)
        XCTAssertEqual(b?.string("top"), "modal", "B springs back: \(lab.summary(from: mark))", file: file, line: line)
        let ended = lab.trace.events(from: mark, type: "gesture").filter { $0.string("state") == "ended" }
        XCTAssertEqual(
            Set(ended.compactMap { $0.string("side") }), ["a", "b"], "both sides saw the release", file: file,
            line: line)
        let sideless = lab.trace.events(from: 0).filter { $0.string("side") == nil }
        XCTAssertEqual(sideless.map(\.type), [], "every line names its side", file: file, line: line)
    }

    func testASlowDragOnAClosesAAndSpringsBBack() throws {
        try assertOneDragDecidesTwice(from: (187, Self.band + 250))
    }

    func testTheSameDragOnBDecidesTheSame() throws {
        try assertOneDragDecidesTwice(from: (Self.stageBX + 187, Self.band + 250))
    }
}
