import ModalLabDriver
import XCTest

/// The workload's table (issue 23 item 3): both peer configurations, the baseline beside the build, per-frame and
/// whole-session ratios, and budgets only where the issue sets them. Built from made-up samples; nothing runs.
final class WorkloadTableTests: XCTestCase {
    private typealias Program = WorkloadTable.Program

    /// 100 frames, `app` and `x` milliseconds a frame, 18 MB, first pixels at 30 ms.
    private func sample(_ app: Double, _ x: Double, frames: Double = 100, megabytes: Double = 18) -> WorkloadSample {
        WorkloadSample(
            frames: frames, appSeconds: app * frames / 1000, serverSeconds: x * frames / 1000,
            peakMegabytes: megabytes, firstFrameMilliseconds: 30, pixelsPerFrame: 20_000)
    }

    private var programs: [Program] {
        [
            Program(
                name: "lab card", kind: .lab(scene: "card", sheet: false, baseline: false), sample: sample(0.15, 0.1)),
            Program(
                name: "lab card (b)", kind: .lab(scene: "card", sheet: false, baseline: true), sample: sample(0.3, 0.2)),
            Program(
                name: "lab sheet", kind: .lab(scene: "sheet", sheet: true, baseline: false), sample: sample(0.4, 0.2)),
            Program(name: "qt", kind: .peer(fair: false), sample: sample(0.8, 0.4, frames: 50, megabytes: 100)),
            Program(name: "qt fair", kind: .peer(fair: true), sample: sample(0.6, 0.4, frames: 80, megabytes: 100))
        ]
    }

    private func line(_ lines: [WorkloadTable.Line], _ label: String) throws -> WorkloadTable.Line {
        try XCTUnwrap(lines.first { $0.label == label }, "no row \(label) in \(lines.map(\.label))")
    }

    private func figure(_ line: WorkloadTable.Line, _ name: String) throws -> Double {
        try XCTUnwrap(line.figures.first { $0.name == name }?.value, "no \(name) in \(line.label)")
    }

    func testEveryProgramGetsItsPerFrameAndTotalsRowsInOrderThenTheComparisons() {
        let labels = WorkloadTable.lines(programs, drags: 30, runs: 3).map(\.label)
        XCTAssertEqual(
            labels,
            [
                "lab card (30 drags, 3 runs)", "lab card totals", "lab card (b) (30 drags, 3 runs)",
                "lab card (b) totals",
                "lab sheet (30 drags, 3 runs)", "lab sheet totals", "qt (30 drags, 3 runs)", "qt totals",
                "qt fair (30 drags, 3 runs)", "qt fair totals",
                "lab card ÷ qt", "lab card ÷ qt fair", "lab card ÷ lab card (b)",
                "lab card (b) ÷ qt", "lab card (b) ÷ qt fair",
                "lab sheet ÷ qt", "lab sheet ÷ qt fair"
            ])
    }

    func testPerFrameFiguresAreCPUOverFrames() throws {
        let row = try line(WorkloadTable.lines(programs, drags: 30, runs: 3), "qt fair (30 drags, 3 runs)")
        XCTAssertEqual(try figure(row, "frames"), 80)
        XCTAssertEqual(try figure(row, "app/frame"), 0.6, accuracy: 1e-9)
        XCTAssertEqual(try figure(row, "X/frame"), 0.4, accuracy: 1e-9)
        XCTAssertEqual(try figure(row, "app+X/frame"), 1.0, accuracy: 1e-9)
        XCTAssertNil(row.met, "a peer has no budget")
    }

    /// Per frame the card costs 0.25 of 1.0 ms (0.25×, within 0.35×); over the session 100 frames against 80.
    func testRatiosAgainstThePeerArePerFrameAndWholeSession() throws {
        let row = try line(WorkloadTable.lines(programs, drags: 30, runs: 3), "lab card ÷ qt fair")
        XCTAssertEqual(try figure(row, "app+X/frame"), 0.25, accuracy: 1e-9)
        XCTAssertEqual(try figure(row, "frames"), 1.25, accuracy: 1e-9)
        XCTAssertEqual(try figure(row, "total"), 25.0 / 80.0, accuracy: 1e-9)
        XCTAssertEqual(try figure(row, "RSS"), 0.18, accuracy: 1e-9)
        XCTAssertEqual(row.budget, "app+X/frame ≤ 0.35×")
        XCTAssertEqual(row.met, true)
    }

    /// Budgets: app ≤ 0.2 ms a frame in a card scene and ≤ 0.35 ms in the sheet, app+X per frame ≤ 0.35× / 0.5×
    /// the fair peer's; the baseline and the comparison with Qt's own durations are shown, not judged.
    func testBudgetsFollowTheSceneAndOnlyJudgeTheCurrentBuildAgainstTheFairPeer() throws {
        let lines = WorkloadTable.lines(programs, drags: 30, runs: 3)
        let card = try line(lines, "lab card (30 drags, 3 runs)")
        XCTAssertEqual(card.budget, "app ≤ 0.2 ms/frame")
        XCTAssertEqual(card.met, true)
        let sheet = try line(lines, "lab sheet (30 drags, 3 runs)")
        XCTAssertEqual(sheet.budget, "app ≤ 0.35 ms/frame")
        XCTAssertEqual(sheet.met, false, "0.4 ms is over 0.35")
        let sheetRatio = try line(lines, "lab sheet ÷ qt fair")
        XCTAssertEqual(sheetRatio.budget, "app+X/frame ≤ 0.5×")
        XCTAssertEqual(try figure(sheetRatio, "app+X/frame"), 0.6, accuracy: 1e-9)
        XCTAssertEqual(sheetRatio.met, false)
        XCTAssertNil(try line(lines, "lab card (b) (30 drags, 3 runs)").met)
        XCTAssertNil(try line(lines, "lab card (b) ÷ qt fair").met)
        XCTAssertNil(try line(lines, "lab card ÷ qt").met)
        XCTAssertNil(try line(lines, "lab card ÷ lab card (b)").met)
    }

    func testTheChangeAgainstTheBaselineIsARatio() throws {
        let row = try line(WorkloadTable.lines(programs, drags: 30, runs: 3), "lab card ÷ lab card (b)")
        XCTAssertEqual(try figure(row, "app/frame"), 0.5, accuracy: 1e-9)
        XCTAssertEqual(try figure(row, "app+X/frame"), 0.5, accuracy: 1e-9)
    }

    /// Without the peer (not installed, or --no-peer) and without a baseline there is nothing to compare.
    func testNoPeerNoBaselineGivesOnlyTheProgramsRows() {
        let lab = programs.filter { $0.kind == .lab(scene: "card", sheet: false, baseline: false) }
        XCTAssertEqual(
            WorkloadTable.lines(lab, drags: 2, runs: 1).map(\.label),
            ["lab card (2 drags, 1 runs)", "lab card totals"])
    }

    func testAProgramWithNoFramesHasNaNPerFrameNotInfinity() throws {
        let idle = Program(name: "idle", kind: .peer(fair: true), sample: WorkloadSample(frames: 0, appSeconds: 1))
        let row = try line(WorkloadTable.lines([idle], drags: 1, runs: 1), "idle (1 drags, 1 runs)")
        XCTAssertTrue(try figure(row, "app/frame").isNaN)
    }

    func testMedianSampleTakesEachFigureSeparately() {
        let m = WorkloadSample.median([sample(1, 3), sample(2, 1), sample(3, 2)])
        XCTAssertEqual(m.appSeconds, 0.2, accuracy: 1e-9)
        XCTAssertEqual(m.serverSeconds, 0.2, accuracy: 1e-9)
    }
}
