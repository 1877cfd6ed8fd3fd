@testable import ModalKitX11
import ModalKitTestSupport
import XCTest

/// The vertical blank's clock from synthetic Present notifications: period and phase, missed blanks, jitter, and
/// a server whose word cannot be trusted. No server.
final class VBlankClockTests: XCTestCase {
    /// 60 Hz blanks numbered from 1000, the first at 100 s.
    private let period = 1.0 / 60
    private func ust(_ seconds: Double) -> UInt64 { UInt64((seconds * 1_000_000).rounded()) }
    private func time(of msc: UInt64) -> Double { 100 + Double(msc - 1000) * period }

    private func clock(
        noting mscs: [UInt64], jitter: Double = 0, expected: Double = 1.0 / 60,
        seed: UInt64 = 1
    ) -> VBlankClock {
        var clock = VBlankClock(expectedPeriod: expected)
        var random = SplitMix64(seed: seed)
        for msc in mscs {
            let noise = jitter * (2 * random.nextUnit() - 1)
            clock.note(msc: msc, ust: ust(time(of: msc) + noise))
        }
        return clock
    }

    func testEvenNotificationsGiveThePeriodAndTheNextBlank() throws {
        let clock = clock(noting: Array(1000 ... 1010))
        XCTAssertEqual(clock.period, period, accuracy: 1e-7)
        let next = try XCTUnwrap(clock.nextVBlank(after: time(of: 1010) + 0.004))
        XCTAssertEqual(next.msc, 1011)
        XCTAssertEqual(next.time, time(of: 1011), accuracy: 1e-6)
        // Further ahead, on the line: just before blank 1040 and just after it.
        XCTAssertEqual(clock.nextVBlank(after: time(of: 1040) - 1e-4)?.msc, 1040)
        XCTAssertEqual(clock.nextVBlank(after: time(of: 1040) + 1e-4)?.msc, 1041)
    }

    func testTheRateIsMeasuredNotTakenFromTheExpectedOne() {
        // RandR said 60 Hz; the server blanks at 144.
        var clock = VBlankClock(expectedPeriod: 1.0 / 60)
        for i in 0 ..< 10 { clock.note(msc: 500 + UInt64(i), ust: ust(50 + Double(i) / 144)) }
        XCTAssertEqual(clock.period, 1.0 / 144, accuracy: 1e-7)
        XCTAssertEqual(clock.restarts, 0)
    }

    func testSkippedBlanksKeepTheLineAndCountAsMissed() throws {
        // Frames at every blank but 1003-1004 and 1008: the notifications skip those counters.
        let clock = clock(noting: [1000, 1001, 1002, 1005, 1006, 1007, 1009, 1010])
        XCTAssertEqual(clock.period, period, accuracy: 1e-7)
        XCTAssertEqual(clock.restarts, 0)
        XCTAssertEqual(VBlankClock.missed(target: 1003, shown: 1005), 2)
        XCTAssertEqual(VBlankClock.missed(target: 1008, shown: 1009), 1)
        XCTAssertEqual(VBlankClock.missed(target: 1006, shown: 1006), 0)
        // "As soon as possible" (target 0) can miss nothing, and a blank before the target is not a miss.
        XCTAssertEqual(VBlankClock.missed(target: 0, shown: 1009), 0)
        XCTAssertEqual(VBlankClock.missed(target: 1009, shown: 1007), 0)
    }

    func testASoftwareBlanksMillisecondJitterAveragesOut() throws {
        // Xvfb's blank fires on a millisecond timer: ±1 ms around the true times.
        let clock = clock(noting: Array(1000 ..< 1064), jitter: 0.001)
        XCTAssertEqual(clock.period, period, accuracy: 20e-6)
        XCTAssertEqual(clock.restarts, 0)
        let next = try XCTUnwrap(clock.nextVBlank(after: time(of: 1063) + 0.001))
        XCTAssertEqual(next.msc, 1064)
        XCTAssertEqual(next.time, time(of: 1064), accuracy: 0.0005)
    }

    func testAQuietSpellDoesNotLoseTheLine() {
        // Idle for ten seconds (600 blanks), then animating again: the same line.
        let clock = clock(noting: Array(1000 ... 1010) + Array(1610 ... 1612))
        XCTAssertEqual(clock.restarts, 0)
        XCTAssertEqual(clock.nextVBlank(after: time(of: 1612) + 0.001)?.msc, 1613)
    }

    func testACounterGoingBackwardsStartsANewLine() throws {
        var clock = clock(noting: Array(1000 ... 1005))
        clock.note(msc: 10, ust: ust(time(of: 1006)))
        clock.note(msc: 11, ust: ust(time(of: 1007)))
        XCTAssertEqual(clock.restarts, 1)
        XCTAssertEqual(clock.nextVBlank(after: time(of: 1007) + 0.001)?.msc, 12)
        XCTAssertEqual(clock.period, period, accuracy: 1e-6)
    }

    func testAClockGoingBackwardsOrWrappingStartsANewLine() {
        var clock = clock(noting: Array(1000 ... 1005))
        // The 64-bit ust wrapped (or the server restarted its clock): small again, counter moving on.
        clock.note(msc: 1006, ust: 1_000)
        XCTAssertEqual(clock.restarts, 1)
        XCTAssertEqual(clock.samples, [VBlankClock.Sample(msc: 1006, time: 0.001)])
    }

    func testUSTZeroIsNotATime() {
        var clock = clock(noting: Array(1000 ... 1005))
        let before = clock.samples
        clock.note(msc: 1006, ust: 0)
        XCTAssertEqual(clock.samples, before)
        XCTAssertEqual(clock.restarts, 0)
    }

    func testAHugeCounterJumpStartsANewLineWithoutOverflowing() throws {
        var clock = clock(noting: Array(1000 ... 1005))
        clock.note(msc: UInt64.max - 1, ust: ust(time(of: 1006)))
        XCTAssertEqual(clock.restarts, 1)
        // The blank after the very last counter does not exist: no prediction rather than a wrapped one.
        XCTAssertNil(clock.nextVBlank(after: time(of: 1006) + 1))
        XCTAssertEqual(clock.nextVBlank(after: time(of: 1006) - 0.001)?.msc, UInt64.max)
    }

    func testAPeriodOutsideTheHostsRangeIsNotTaken() {
        // Two blanks a microsecond apart (a million Hz) and then a day apart: neither is a display.
        var clock = VBlankClock(expectedPeriod: period)
        clock.note(msc: 1, ust: 1_000_000)
        clock.note(msc: 2, ust: 1_000_001)
        XCTAssertEqual(clock.restarts, 1)
        clock.note(msc: 3, ust: 1_000_001 + 86_400_000_000)
        XCTAssertEqual(clock.restarts, 2)
        XCTAssertEqual(clock.period, period, "the expected period stands until a sane one is measured")
    }

    func testMovingToAMonitorWithAnotherRateRelearnsIt() throws {
        // 60 Hz, then the window moves to a 144 Hz monitor: the server keeps the window's counter going on.
        var clock = clock(noting: Array(1000 ... 1020))
        let moved = time(of: 1020) + 0.005
        for i in 1 ... 10 { clock.note(msc: 1020 + UInt64(i), ust: ust(moved + Double(i) / 144)) }
        XCTAssertEqual(clock.restarts, 1)
        XCTAssertEqual(clock.period, 1.0 / 144, accuracy: 1e-6)
        XCTAssertEqual(clock.nextVBlank(after: moved + 10.5 / 144)?.msc, 1031)
    }

    func testRandRSayingAnotherRateDropsAMeasuredLineFarFromIt() {
        var clock = clock(noting: Array(1000 ... 1010))
        clock.expect(period: 1.0 / 59.94)
        XCTAssertTrue(clock.isLocked, "59.94 Hz is the same display within tolerance")
        clock.expect(period: 1.0 / 144)
        XCTAssertFalse(clock.isLocked)
        XCTAssertEqual(clock.period, 1.0 / 144, accuracy: 1e-9)
    }

    func testNoPhaseBeforeTheFirstNotification() {
        let clock = VBlankClock(expectedPeriod: period)
        XCTAssertFalse(clock.isLocked)
        XCTAssertNil(clock.nextVBlank(after: 5))
        XCTAssertNil(clock.time(ofMSC: 5))
    }
}
