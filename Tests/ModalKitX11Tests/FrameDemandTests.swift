@testable import ModalKitX11
import XCTest

/// `HostApplication.nextFrameTime` in the loop's decisions, on a manual clock: a frame asked for later sleeps
/// until then and is then paced as any other; input before it still draws at once.
final class FrameDemandTests: XCTestCase {
    private let period = 1.0 / 60
    private func ust(_ seconds: Double) -> UInt64 { UInt64((seconds * 1_000_000).rounded()) }

    func testAFrameAskedForLaterIsWantedFromItsTimeOnAndWakesTheLoopThen() {
        let demand = FrameDemand(now: false, at: 10.1)
        XCTAssertFalse(demand.wantsFrame(at: 10.0999))
        XCTAssertEqual(demand.wakeTime(at: 10.0), 10.1)
        XCTAssertTrue(demand.wantsFrame(at: 10.1))
        XCTAssertNil(demand.wakeTime(at: 10.1), "due: the pacing times it")
        XCTAssertNil(FrameDemand(now: true, at: 10.1).wakeTime(at: 10), "a frame wanted now is not put off")
        XCTAssertNil(FrameDemand(now: false, at: nil).wakeTime(at: 10), "nothing asked: sleep")
    }

    func testWithPresentTheLoopSleepsUntilTheTimeAskedForThenDrawsFromRest() {
        var pacing = VBlankPacing(expectedPeriod: period, lead: DrawLead(period: period, serverLead: period / 2))
        let demand = FrameDemand(now: false, at: 10.1)
        XCTAssertEqual(pacing.step(now: 10, demand: demand, lastFrameAt: nil), .wait(until: 10.1))
        XCTAssertEqual(pacing.step(now: 10.1, demand: demand, lastFrameAt: nil), .draw)
        // A frame in flight: its completion wakes the loop, which then sleeps until the time asked for.
        let serial = pacing.send(target: 0, presentsPixels: true, frame: 0, at: 10)
        XCTAssertEqual(
            pacing.step(now: 10.001, demand: demand, lastFrameAt: 10),
            .wait(until: 10 + VBlankPacing.silenceTimeout))
        _ = pacing.complete(serial: serial, msc: 600, ust: ust(10.005), now: 10.0051)
        pacing.dropTick()
        XCTAssertEqual(pacing.step(now: 10.0051, demand: demand, lastFrameAt: 10), .wait(until: 10.1))
    }

    func testATimeAskedForThatComesWithATickIsDrawnAtTheTicksDrawTime() throws {
        var pacing = VBlankPacing(expectedPeriod: period, lead: DrawLead(period: period, serverLead: period / 2))
        let first = pacing.send(target: 0, presentsPixels: true, frame: 0, at: 10)
        _ = pacing.complete(serial: first, msc: 600, ust: ust(10), now: 10.0002)
        let second = pacing.send(target: 601, presentsPixels: true, frame: 1, at: 10.001)
        _ = pacing.complete(serial: second, msc: 601, ust: ust(10 + period), now: 10 + period + 0.0002)
        let drawAt = try XCTUnwrap(pacing.drawTime(now: 10 + period + 0.0002))
        let demand = FrameDemand(now: false, at: 10 + period + 0.001)
        XCTAssertEqual(
            pacing.step(now: 10 + period + 0.0002, demand: demand, lastFrameAt: 10.001), .wait(until: demand.at))
        XCTAssertEqual(
            pacing.step(now: 10 + period + 0.001, demand: demand, lastFrameAt: 10.001), .wait(until: drawAt),
            "due with a tick there: drawn a lead before the tick's next blank")
        XCTAssertEqual(pacing.step(now: drawAt, demand: demand, lastFrameAt: 10.001), .draw)
    }

    /// Between a tick and its frame's draw time the loop sleeps on the timer alone (input is read once, at the
    /// draw); waiting for the server's answer, for input with no frame wanted, or for a time the app asked for,
    /// it reads the connection as data comes.
    func testOnlyAWaitForAFramesDrawTimeLeavesTheConnectionUnread() throws {
        var pacing = VBlankPacing(expectedPeriod: period, lead: DrawLead(period: period, serverLead: period / 2))
        let first = pacing.send(target: 0, presentsPixels: true, frame: 0, at: 10)
        let sent = pacing.step(now: 10.001, wantsFrame: true, lastFrameAt: 10)
        guard case .wait(let silence) = sent else { return XCTFail("\(sent)") }
        XCTAssertEqual(LoopWait(waitingUntil: silence, wantsFrame: true, pending: true), .forEvents)
        _ = pacing.complete(serial: first, msc: 600, ust: ust(10), now: 10.0002)
        let second = pacing.send(target: 601, presentsPixels: true, frame: 1, at: 10.001)
        _ = pacing.complete(serial: second, msc: 601, ust: ust(10 + period), now: 10 + period + 0.0002)
        let step = pacing.step(now: 10 + period + 0.0002, wantsFrame: true, lastFrameAt: 10.001)
        guard case .wait(let drawAt) = step else { return XCTFail("\(step)") }
        XCTAssertNotNil(drawAt)
        XCTAssertEqual(LoopWait(waitingUntil: drawAt, wantsFrame: true, pending: false), .forFrame)
        XCTAssertEqual(LoopWait(waitingUntil: nil, wantsFrame: false, pending: false), .forEvents, "at rest")
        XCTAssertEqual(
            LoopWait(waitingUntil: 10.1, wantsFrame: false, pending: false), .forEvents, "a time the app asked for")
    }
}
