@testable import ModalKitX11
import XCTest

/// The display link paced by Present completions, driven with synthetic completions: which blank a frame aims at,
/// when the loop draws, what it reports shown, and the fall back to the timer when the server goes silent.
final class VBlankPacingTests: XCTestCase {
    private let period = 1.0 / 60
    private func ust(_ seconds: Double) -> UInt64 { UInt64((seconds * 1_000_000).rounded()) }

    /// Sends a frame's present at `now` and completes it at blank `msc`, `at` seconds; returns what was shown.
    @discardableResult
    private func frame(
        _ pacing: inout VBlankPacing, index: Int, now: Double, shownAt msc: UInt64, at time: Double,
        pixels: Bool = true
    ) -> VBlankPacing.Shown? {
        let serial = pacing.send(target: pacing.target(now: now), presentsPixels: pixels, frame: index, at: now)
        return pacing.complete(serial: serial, msc: msc, ust: ust(time), now: time + 0.0002)
    }

    func testTheFirstFrameGoesAtOnceAndEachNextOneAimsAtTheBlankAfterItsTick() throws {
        var pacing = VBlankPacing(expectedPeriod: period, lead: DrawLead(period: period, serverLead: period / 2))
        XCTAssertEqual(pacing.target(now: 10), 0, "no phase yet: as soon as possible")
        let first = frame(&pacing, index: 0, now: 10, shownAt: 600, at: 10.001)
        XCTAssertEqual(first, VBlankPacing.Shown(frame: 0, msc: 600, time: 10.001, missed: 0))
        XCTAssertEqual(pacing.target(now: 10.0012), 601)
        XCTAssertEqual(
            pacing.frameTime(now: 10.0012), 10.001 + period, accuracy: 1e-9, "the time of the blank it aims at")
        let second = frame(&pacing, index: 1, now: 10.0012, shownAt: 601, at: 10.001 + period)
        XCTAssertEqual(second?.missed, 0)
        XCTAssertEqual(pacing.target(now: 10.02), 602)
    }

    func testAFrameShownAfterItsBlankReportsTheBlanksItMissed() {
        var pacing = VBlankPacing(expectedPeriod: period, lead: DrawLead(period: period, serverLead: period / 2))
        frame(&pacing, index: 0, now: 10, shownAt: 600, at: 10.001)
        // Aimed at 601, shown at 603: two blanks went by with the old frame on screen.
        let late = frame(&pacing, index: 1, now: 10.002, shownAt: 603, at: 10.001 + 3 * period)
        XCTAssertEqual(late?.missed, 2)
        XCTAssertEqual(late?.frame, 1)
    }

    func testFromRestAFrameAimsAtTheNextBlankThatIsFarEnoughAhead() {
        var pacing = VBlankPacing(expectedPeriod: period, lead: DrawLead(period: period, serverLead: period / 2))
        frame(&pacing, index: 0, now: 10, shownAt: 600, at: 10)
        frame(&pacing, index: 1, now: 10.001, shownAt: 601, at: 10 + period)
        pacing.dropTick()
        // Half a second later, mid-interval: the next blank is 631 (at 10.5167).
        XCTAssertEqual(pacing.target(now: 10.505), 631)
        XCTAssertEqual(pacing.frameTime(now: 10.505), 10 + 31 * period, accuracy: 3e-5)
        // A millisecond before blank 631 there is no time to make it: aim at 632.
        XCTAssertEqual(pacing.target(now: 10 + 31 * period - 0.001), 632)
    }

    func testAFrameIsDrawnALeadBeforeItsBlankNotAtItsTick() throws {
        var pacing = VBlankPacing(expectedPeriod: period, lead: DrawLead(period: period, serverLead: period / 2))
        frame(&pacing, index: 0, now: 10, shownAt: 600, at: 10)
        frame(&pacing, index: 1, now: 10.001, shownAt: 601, at: 10 + period)
        let drawAt = try XCTUnwrap(pacing.drawTime(now: 10 + period + 0.0002))
        XCTAssertEqual(drawAt, 10 + 2 * period - pacing.lead.lead, accuracy: 1e-5)
        XCTAssertGreaterThan(drawAt, 10 + period + 0.005, "drawing waits past the tick for newer input")
        XCTAssertEqual(
            pacing.step(now: 10 + period + 0.0002, wantsFrame: true, lastFrameAt: 10.001),
            .wait(until: drawAt))
        XCTAssertEqual(pacing.step(now: drawAt, wantsFrame: true, lastFrameAt: 10.001), .draw)
        XCTAssertEqual(
            pacing.step(now: 10 + period + 0.0002, wantsFrame: true, lastFrameAt: 10.001, atOnce: true),
            .draw, "a whole frame is put at once, not at a blank")
    }

    func testMissedBlanksRaiseTheLeadAndOnTimeOnesLowerIt() {
        var pacing = VBlankPacing(expectedPeriod: period, lead: DrawLead(period: period, serverLead: period / 2))
        frame(&pacing, index: 0, now: 10, shownAt: 600, at: 10)
        let start = pacing.lead.serverLead
        // Meant for blank 601 but sent only 3 ms before it (the loop woke late), and shown at 602.
        let serial = pacing.send(target: 601, presentsPixels: true, frame: 1, at: 10 + period - 0.003)
        _ = pacing.complete(serial: serial, msc: 602, ust: ust(10 + 2 * period), now: 10 + 2 * period + 0.0002)
        XCTAssertEqual(pacing.lead.misses, 1)
        XCTAssertEqual(pacing.lead.serverLead, start, accuracy: 1e-6, "sent late: not the server's fault")
        XCTAssertEqual(pacing.lead.floor, 0)
        XCTAssertGreaterThan(pacing.lead.cost, 0.005, "the lateness counts as the frame's cost")
        let raised = pacing.lead.serverLead - 10 * DrawLead.decayPerFrame
        var msc: UInt64 = 602
        for _ in 0 ..< 10 {
            let blank = 10 + Double(msc + 1 - 600) * period
            frame(&pacing, index: 2, now: blank - pacing.lead.lead, shownAt: msc + 1, at: blank)
            msc += 1
        }
        XCTAssertEqual(pacing.lead.misses, 1)
        XCTAssertEqual(pacing.lead.serverLead, raised, accuracy: 1e-5, "each frame on time lowers it")
    }

    func testAFrameAfterATickReadLateAimsAtABlankItCanMakeAndCountsTheOnesItLetPass() {
        var pacing = VBlankPacing(expectedPeriod: period, lead: DrawLead(period: period, serverLead: period / 2))
        frame(&pacing, index: 0, now: 10, shownAt: 600, at: 10)
        frame(&pacing, index: 1, now: 10.001, shownAt: 601, at: 10 + period)
        let serverLead = pacing.lead.serverLead
        // The loop was busy: 1 ms before blank 602 there is no time left to draw a frame for it.
        let late = 10 + 2 * period - 0.001
        XCTAssertNil(pacing.drawTime(now: late), "drawn at once, not a lead before a blank already lost")
        XCTAssertEqual(pacing.target(now: late), 603)
        let shown = frame(&pacing, index: 2, now: late, shownAt: 603, at: 10 + 3 * period)
        XCTAssertEqual(shown?.missed, 1, "blank 602 kept the old frame")
        XCTAssertEqual(pacing.lead.misses, 0, "the server made the blank it was asked for")
        XCTAssertLessThanOrEqual(pacing.lead.serverLead, serverLead)
    }

    func testWaitingForALateTickIsNotAFramesCost() {
        var pacing = VBlankPacing(expectedPeriod: period, lead: DrawLead(period: period, serverLead: period / 2))
        frame(&pacing, index: 0, now: 10, shownAt: 600, at: 10)
        let serial = pacing.send(target: 601, presentsPixels: true, frame: 1, at: 10.001)
        // Blank 601's completion comes 12 ms late (a loaded server), after the next frame's draw time: drawing
        // earlier could not have helped, so the lead must not grow by the wait.
        let read = 10 + period + 0.012
        _ = pacing.complete(serial: serial, msc: 601, ust: ust(10 + period), now: read)
        XCTAssertEqual(pacing.step(now: read, wantsFrame: true, lastFrameAt: 10.001), .draw)
        let next = pacing.send(
            target: pacing.target(now: read), presentsPixels: true, frame: 2, at: read + 0.0002, drawnAt: read)
        _ = pacing.complete(serial: next, msc: 602, ust: ust(10 + 2 * period), now: 10 + 2 * period + 0.0002)
        XCTAssertLessThan(pacing.lead.cost, 0.001, "the frame took 0.2 ms")
    }

    func testAWaitForABlankIsATickButShowsNothing() {
        var pacing = VBlankPacing(expectedPeriod: period, lead: DrawLead(period: period, serverLead: period / 2))
        frame(&pacing, index: 0, now: 10, shownAt: 600, at: 10)
        XCTAssertNil(frame(&pacing, index: 1, now: 10.001, shownAt: 601, at: 10 + period, pixels: false))
        XCTAssertEqual(pacing.target(now: 10.02), 602, "the blank it waited for is the next frame's tick")
    }

    func testTheLoopDrawsOnlyWhenNothingIsPendingAndNeverTwiceInHalfAPeriod() {
        var pacing = VBlankPacing(expectedPeriod: period, lead: DrawLead(period: period, serverLead: period / 2))
        XCTAssertEqual(pacing.step(now: 10, wantsFrame: false, lastFrameAt: nil), .wait(until: nil))
        XCTAssertEqual(pacing.step(now: 10, wantsFrame: true, lastFrameAt: nil), .draw)
        let serial = pacing.send(target: 0, presentsPixels: true, frame: 0, at: 10)
        XCTAssertEqual(
            pacing.step(now: 10.001, wantsFrame: true, lastFrameAt: 10),
            .wait(until: 10 + VBlankPacing.silenceTimeout), "the segment is the server's until it completes")
        // A server whose counter does not move answers at once, again and again: the loop still waits.
        _ = pacing.complete(serial: serial, msc: 600, ust: ust(10.0005), now: 10.0006)
        XCTAssertEqual(pacing.step(now: 10.0006, wantsFrame: true, lastFrameAt: 10), .wait(until: 10 + period / 2))
        XCTAssertEqual(pacing.step(now: 10 + period / 2, wantsFrame: true, lastFrameAt: 10), .draw)
    }

    func testAServerThatStopsAnsweringSendsTheHostBackToItsTimer() {
        var pacing = VBlankPacing(expectedPeriod: period, lead: DrawLead(period: period, serverLead: period / 2))
        frame(&pacing, index: 0, now: 10, shownAt: 600, at: 10)
        _ = pacing.send(target: 601, presentsPixels: true, frame: 1, at: 10.001)
        XCTAssertEqual(
            pacing.step(now: 11.5, wantsFrame: true, lastFrameAt: 10.001),
            .wait(until: 10.001 + VBlankPacing.silenceTimeout), "a 1 Hz blank (window on no monitor) is not silence")
        XCTAssertEqual(
            pacing.step(now: 10.001 + VBlankPacing.silenceTimeout, wantsFrame: false, lastFrameAt: 10.001),
            .fallBack)
    }

    func testCompletionsOfOtherRequestsAreIgnored() {
        var pacing = VBlankPacing(expectedPeriod: period, lead: DrawLead(period: period, serverLead: period / 2))
        let serial = pacing.send(target: 0, presentsPixels: true, frame: 0, at: 10)
        XCTAssertNil(pacing.complete(serial: serial &+ 7, msc: 600, ust: ust(10.001), now: 10.001))
        XCTAssertNotNil(pacing.pending, "still waiting for its own")
        // A resize replaced the presenter: its request is forgotten and its late completion means nothing.
        pacing.forgetPending()
        XCTAssertNil(pacing.complete(serial: serial, msc: 600, ust: ust(10.001), now: 10.001))
        XCTAssertEqual(pacing.step(now: 10.002, wantsFrame: true, lastFrameAt: 10), .wait(until: 10 + period / 2))
    }

    func testAUSTThatIsNotOnThisMachinesClockIsTimedByArrival() {
        var pacing = VBlankPacing(expectedPeriod: period, lead: DrawLead(period: period, serverLead: period / 2))
        // ust 0, then a ust an hour away from now: the counter still paces, the clock learns nothing.
        let zero = frame(&pacing, index: 0, now: 0, shownAt: 600, at: 0)
        XCTAssertEqual(zero?.time, 0.0002, "the arrival time")
        XCTAssertEqual(pacing.target(now: 0.001), 601)
        let serial = pacing.send(target: 601, presentsPixels: true, frame: 1, at: 0.001)
        let foreign = pacing.complete(serial: serial, msc: 601, ust: ust(3610), now: 0.017)
        XCTAssertEqual(foreign?.time, 0.017)
        XCTAssertFalse(pacing.clock.isLocked)
    }

    func testAFixedRateBelowTheDisplaysSkipsBlanks() {
        var pacing = VBlankPacing(expectedPeriod: period, lead: DrawLead(period: period, serverLead: period / 2))
        pacing.fixedRate = 30
        frame(&pacing, index: 0, now: 10, shownAt: 600, at: 10)
        frame(&pacing, index: 1, now: 10.001, shownAt: 602, at: 10 + 2 * period)
        XCTAssertEqual(pacing.blanksPerFrame, 2)
        XCTAssertEqual(pacing.target(now: 10.04), 604)
        pacing.fixedRate = 144
        XCTAssertEqual(pacing.blanksPerFrame, 1, "never more than one frame a blank")
    }
}
