import XCTest
import ModalKit
@testable import ModalLab
@testable import ModalLabCore

/// Reading a trace back for a plot: what is an error, which drag is the last, and what was decided.
final class ReleaseStoryTests: XCTestCase {
    private func story(_ lines: [String]) throws -> ReleaseStory {
        try ReleaseStory(MotionTrace.parse(lines.joined(separator: "\n")))
    }

    private func assertUsageError(_ text: String, mentions: String, file: StaticString = #filePath, line: UInt = #line)
    {
        XCTAssertThrowsError(try ReleaseStory(MotionTrace.parse(text)), file: file, line: line) { error in
            guard case LabError.usage(let message) = error else { return XCTFail("\(error)", file: file, line: line) }
            XCTAssertTrue(message.contains(mentions), message, file: file, line: line)
            XCTAssertFalse(message.contains("\n"), "one line", file: file, line: line)
        }
    }

    private let drag = [
        #"{"t":0,"type":"scene","name":"pannable","threshold_y":333.5,"velocity_threshold":1500}"#,
        #"{"t":0.9,"type":"frame","phase":"idle","progress":0,"card":[0,0,375,667],"render_ms":1,"present_ms":0,"pointer":[187,100]}"#,
        #"{"t":1,"type":"gesture","state":"began","translation":[0,11],"velocity":[0,0]}"#,
        #"{"t":1.016,"type":"frame","phase":"interactive","progress":0.1,"card":[0,40,375,667],"render_ms":1,"present_ms":0,"pointer":[187,140]}"#,
        #"{"t":1.02,"type":"gesture","state":"changed","translation":[0,40],"velocity":[0,900]}"#,
        #"{"t":1.03,"type":"gesture","state":"ended","translation":[0,50],"velocity":[0,1200],"estimates":{"quadratic":[0,1200],"linear":[0,900],"kalman":[1,2]},"estimator":"quadratic"}"#
    ]

    func testBadTracesAreOneLineErrors() {
        assertUsageError("", mentions: "empty")
        assertUsageError("\n  \n", mentions: "empty")
        assertUsageError(#"{"t":0,"type":"scene","name":"x"}"# + "\nnot json", mentions: "line 2 is not a JSON object")
        assertUsageError(#"[1, 2]"#, mentions: "line 1 is not a JSON object")
        assertUsageError(#"{"type":"frame"}"#, mentions: "line 1 has no")
        assertUsageError(#"{"t":0,"type":"scene","name":"x"}"#, mentions: "no gesture")
        assertUsageError(
            #"{"t":1,"type":"gesture","state":"changed","translation":[0,1],"velocity":[0,1]}"#, mentions: "no gesture")
    }

    func testATraceTooLargeIsRefusedBeforeReading() throws {
        let path = "/tmp/release-story-\(getpid()).jsonl"
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: nil))
        defer { unlink(path) }
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: UInt64(MotionTrace.maximumBytes + 1))
        try handle.close()
        XCTAssertThrowsError(try MotionTrace.read(from: path)) { error in
            XCTAssertTrue("\(error)".contains("the limit is 67108864 bytes (64 MiB)"), "\(error)")
        }
        XCTAssertThrowsError(try MotionTrace.read(from: "/nonexistent/trace.jsonl")) { error in
            XCTAssertEqual((error as? LabError)?.exitCode, 1)
        }
    }

    func testTheLastDragWithItsReleaseAndRule() throws {
        let s = try story(
            drag + [
                #"{"t":1.03,"type":"transition","event":"began","kind":"dismiss","interactive":false}"#,
                #"{"t":1.3,"type":"settled","top":"presenting"}"#
            ])
        XCTAssertEqual(s.began, 1)
        XCTAssertEqual(s.release, 1.03)
        XCTAssertEqual(s.releaseVelocity?.y, 1200)
        XCTAssertEqual(s.readings.map(\.vy), [0, 900, 1200])
        XCTAssertEqual(s.decision, .finish, "a dismissal began after the release")
        XCTAssertEqual(s.end, 1.3 + ReleaseStory.tail, accuracy: 1e-9)
        XCTAssertEqual(s.frames.map(\.t), [0.9, 1.016], "frames from 0.1 s before the drag began")
        XCTAssertEqual(s.scene?.thresholdY, 333.5)
        XCTAssertEqual(s.scene?.velocityThreshold, 1500)
        XCTAssertEqual(
            s.estimates.map(\.name), ["quadratic", "linear", "kalman"], "known estimators in order, then others")
        XCTAssertEqual(s.estimates.map(\.velocity.y), [1200, 900, 2])
        XCTAssertEqual(s.estimator, "quadratic")
    }

    func testDecisions() throws {
        XCTAssertEqual(
            try story(
                drag + [
                    #"{"t":1.04,"type":"transition","event":"cancel","kind":"dismiss","interactive":true}"#,
                    #"{"t":1.3,"type":"settled","top":"modal"}"#
                ]
            ).decision, .cancel)
        XCTAssertEqual(
            try story(drag + [#"{"t":1.04,"type":"transition","event":"finish","kind":"dismiss","interactive":true}"#])
                .decision,
            .finish)
        XCTAssertEqual(
            try story(drag + [#"{"t":1.3,"type":"settled","top":"modal"}"#]).decision, .cancel,
            "a card that sprang back with no transition")
        XCTAssertEqual(try story(drag).decision, .undecided, "the trace stops at the release")
        let held = try story(Array(drag.prefix(5)))
        XCTAssertNil(held.release)
        XCTAssertEqual(held.decision, .undecided)
    }

    func testOnlyTheLastDragCounts() throws {
        let second = drag.dropFirst().map {
            $0.replacingOccurrences(of: #""t":1"#, with: #""t":5"#)
                .replacingOccurrences(of: #""t":0.9,"#, with: #""t":4.9,"#)
        }
        let s = try story(drag + [#"{"t":1.3,"type":"settled","top":"modal"}"#] + second)
        XCTAssertEqual(s.began, 5)
        XCTAssertEqual(s.frames.first?.t, 4.9)
    }
}

extension ReleaseStoryTests {
    func testDetentsAreDrawnAcrossThePlot() throws {
        var lines = drag
        lines[0] = #"{"t":0,"type":"scene","name":"sheet","detents":[237,413]}"#
        let s = try story(lines + [#"{"t":1.3,"type":"settled","top":"modal"}"#])
        XCTAssertEqual(s.scene?.detents, [237, 413])
        let bitmap = MotionPlot.render(s)
        let axis = PlotAxis(
            covering: PlotSeries(s).positionValues, from: PlotLayout.full.positionPanel.top,
            to: PlotLayout.full.positionPanel.bottom)
        for detent in [237.0, 413] {
            let row = Int(axis.position(detent))
            // Off the grid's round numbers; the first dash starts at the panel's left edge: a few pixels in, the
            // row is not white.
            XCTAssertNotEqual(bitmap[Int(PlotLayout.full.left) + 3, row], 0xFFFF_FFFF, "detent \(detent)")
        }
    }
}
