import ModalLabDriver
import XCTest

/// The pure parts of `modal-bench workload`: reading /proc/PID/stat, the script, counting frames, medians.
final class ProcessStatTests: XCTestCase {
    func testUserAndSystemTicksAreFields14And15() {
        let line = "1234 (modal-lab) S 1 1234 1234 0 -1 4194560 900 0 0 0 71 12 0 0 20 0 1 0 5000 100000 2000"
        XCTAssertEqual(ProcessStat(line: line), ProcessStat(line: line))
        XCTAssertEqual(ProcessStat(line: line)?.userTicks, 71)
        XCTAssertEqual(ProcessStat(line: line)?.systemTicks, 12)
        XCTAssertEqual(ProcessStat(line: line)?.cpuSeconds(ticksPerSecond: 100) ?? .nan, 0.83, accuracy: 1e-12)
    }

    /// A command name may hold spaces and parentheses; fields count from the last ")".
    func testACommandNameWithSpacesAndParenthesesDoesNotShiftTheFields() {
        let line = "77 (a) b (c) R 1 77 77 0 -1 0 0 0 0 0 5 6 0 0 20 0 1 0 1 1 1"
        XCTAssertEqual(ProcessStat(line: line)?.userTicks, 5)
        XCTAssertEqual(ProcessStat(line: line)?.systemTicks, 6)
    }

    func testATruncatedOrMalformedLineIsNil() {
        XCTAssertNil(ProcessStat(line: ""))
        XCTAssertNil(ProcessStat(line: "12 (x) S 1 2 3"))
        XCTAssertNil(ProcessStat(line: "12 (x) S 1 1 1 0 -1 0 0 0 0 0 many 6 0"))
    }

    func testThisProcessReadsBack() {
        XCTAssertNotNil(ProcessStat.of(getpid()))
        XCTAssertNil(ProcessStat.of(-1))
    }
}

final class WorkloadScriptTests: XCTestCase {
    func testCardDragsAlternate150And400PointsDownFromOnePoint() {
        let script = WorkloadScript(shape: .card, count: 4)
        XCTAssertEqual(script.drags.map(\.distance), [150, 400, 150, 400])
        XCTAssertEqual(script.drags.map(\.steps), [8, 20, 8, 20])
        XCTAssertTrue(script.drags.allSatisfy { $0.start == (187, 200) })
        XCTAssertEqual(script.stepMilliseconds, 16)
    }

    func testSheetDragsGoUpFromMediumThenDownFromLarge() {
        let script = WorkloadScript(shape: .sheet, count: 2)
        XCTAssertEqual(script.drags[0], WorkloadScript.Drag(start: (187, 450), distance: -150, steps: 8))
        XCTAssertEqual(script.drags[1], WorkloadScript.Drag(start: (187, 150), distance: 400, steps: 20))
    }

    func testPositionsRunFromTheStartToTheEndInWholePixels() {
        let drag = WorkloadScript.Drag(start: (187, 450), distance: -150, steps: 8)
        XCTAssertTrue(drag.position(afterStep: 0) == (187, 450))
        XCTAssertTrue(drag.position(afterStep: 1) == (187, 431))
        XCTAssertTrue(drag.position(afterStep: 8) == (187, 300))
        XCTAssertTrue(drag.position(afterStep: 99) == (187, 300), "clamped to the last step")
    }

    func testNoDragsForACountOfZeroOrLess() {
        XCTAssertTrue(WorkloadScript(shape: .card, count: 0).drags.isEmpty)
        XCTAssertTrue(WorkloadScript(shape: .sheet, count: -3).drags.isEmpty)
    }
}

final class WorkloadStatisticsTests: XCTestCase {
    func testMedianOfOddAndEvenCountsIgnoringNaN() {
        XCTAssertEqual(WorkloadStatistics.median([3, 1, 2]), 2)
        XCTAssertEqual(WorkloadStatistics.median([4, 1, 3, 2]), 2.5)
        XCTAssertEqual(WorkloadStatistics.median([.nan, 5]), 5)
        XCTAssertTrue(WorkloadStatistics.median([]).isNaN)
    }

    /// Puts within a few milliseconds are one frame; 60 Hz frames are 16–17 ms apart.
    func testDamageWithinAGapIsOneFrame() {
        XCTAssertEqual(WorkloadStatistics.frameCount(timestamps: []), 0)
        XCTAssertEqual(WorkloadStatistics.frameCount(timestamps: [100, 100, 101, 117, 117, 133, 150]), 4)
        XCTAssertEqual(WorkloadStatistics.frameCount(timestamps: [100, 104, 108]), 1, "a gap of exactly 4 joins")
    }

    func testTheServerClockWrapsAt32Bits() {
        XCTAssertEqual(WorkloadStatistics.frameCount(timestamps: [UInt32.max - 1, UInt32.max, 0, 1]), 1)
        XCTAssertEqual(WorkloadStatistics.frameCount(timestamps: [UInt32.max - 1, 15]), 2)
        XCTAssertEqual(DamageWatcher.serverMilliseconds(4_294_967.297), 1)
    }

    func testRatioIsNaNWithoutAPositiveDenominator() {
        XCTAssertEqual(WorkloadStatistics.ratio(1, 4), 0.25)
        XCTAssertTrue(WorkloadStatistics.ratio(1, 0).isNaN)
    }
}
