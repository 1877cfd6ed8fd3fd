@testable import ModalKitX11
import XCTest

/// The lead's learning on synthetic blank reports: a server that wants requests early, one that wants them late,
/// one that jumps, and what a frame costs.
final class DrawLeadTests: XCTestCase {
    private let period = 1.0 / 60

    /// Runs `frames` frames against a server that shows a request on time when it was sent at least `needs` seconds
    /// before its blank, each frame costing `cost`; returns how many missed.
    @discardableResult
    private func run(_ lead: inout DrawLead, frames: Int, needs: Double, cost: Double = 0.0004) -> Int {
        var missed = 0
        for _ in 0 ..< frames {
            let sendLead = lead.lead - cost
            let late = sendLead < needs ? 1 : 0
            missed += late
            lead.note(sendLead: sendLead, cost: cost, missed: late)
        }
        return missed
    }

    func testItStartsAtAPeriodWhichNoServerMisses() {
        let lead = DrawLead(period: period)
        XCTAssertEqual(lead.lead, period, accuracy: 1e-12)
    }

    func testAgainstAServerThatWantsHalfAPeriodItSettlesJustAboveWithNoMoreMisses() {
        var lead = DrawLead(period: period)
        let needs = period / 2 + 0.0002
        let learning = run(&lead, frames: 600, needs: needs)
        // A miss right after an on-time frame with about as much time is taken for the machine's; the second
        // in a row is the server's: learning, and each probe, costs two misses.
        XCTAssertLessThanOrEqual(learning, 2, "learning costs two misses at most")
        let steady = run(&lead, frames: 3000, needs: needs)
        XCTAssertLessThanOrEqual(steady, 4, "a probe after 10 s, then after 20 s")
        XCTAssertEqual(run(&lead, frames: 3000, needs: needs), 2, "then after 40 s: ever more rarely")
        XCTAssertGreaterThan(lead.lead - 0.0004, needs)
        XCTAssertLessThan(lead.lead, needs + 0.003, "the lead stays within a few ms of what the server needs")
    }

    func testAgainstAFastServerTheLeadFallsToTheFramesCostWithoutAMiss() {
        var lead = DrawLead(period: period)
        XCTAssertEqual(run(&lead, frames: 1000, needs: 0.0003), 0)
        XCTAssertEqual(lead.serverLead, DrawLead.minimumServerLead, accuracy: 1e-9)
        XCTAssertLessThan(lead.lead, 0.003, "about half a period less latency than a lead of half a period")
    }

    func testAServerThatSlowsDownRaisesTheLeadAtOnce() {
        var lead = DrawLead(period: period)
        run(&lead, frames: 1000, needs: 0.0003)
        let missed = run(&lead, frames: 200, needs: 0.012)
        XCTAssertLessThanOrEqual(missed, 12, "each miss raises the lead a millisecond above the one that missed")
        XCTAssertLessThanOrEqual(run(&lead, frames: 1000, needs: 0.012), 1)
    }

    func testAServerThatSpeedsUpIsFoundAgainOnceTheMissIsForgotten() {
        var lead = DrawLead(period: period)
        run(&lead, frames: 600, needs: 0.009)
        let before = lead.lead
        run(&lead, frames: 4 * DrawLead.memory + 600, needs: 0.0003)
        XCTAssertLessThan(lead.lead, before - 0.005)
    }

    func testASlowFrameIsCoveredByTheCostAndTheCostFallsBackWithinAThirdOfASecond() {
        var lead = DrawLead(period: period, serverLead: period / 2)
        let base = lead.lead
        lead.note(sendLead: 0.01, cost: 0.006, missed: 0)
        XCTAssertEqual(lead.cost, 0.006)
        XCTAssertGreaterThan(lead.lead, base + 0.004)
        for _ in 0 ..< 20 { lead.note(sendLead: 0.01, cost: 0.0004, missed: 0) }
        XCTAssertEqual(lead.cost, 0.005, accuracy: 1e-9)
    }

    func testALoneMissRightAfterAShorterRequestWasOnTimeIsTheMachinesNotTheServers() {
        var lead = DrawLead(period: period)
        var missed = 0
        // Xvfb wants 8.5 ms; on a loaded machine one frame in 20 misses whatever its lead (the server or the host
        // ran late). Those misses must not hold the lead up near a period.
        for frame in 0 ..< 1200 {
            let sendLead = lead.lead - 0.0004
            let late = sendLead < 0.0085 || frame % 20 == 19 ? 1 : 0
            missed += late
            lead.note(sendLead: sendLead, cost: 0.0004, missed: late)
        }
        XCTAssertLessThan(lead.lead, 0.0085 + 0.003, "the lead found the server's need despite the noise")
        XCTAssertLessThan(missed, 1200 / 20 + 10, "and the server's own deadline cost few misses")
    }

    func testTheLeadNeverPassesAPeriodAndIgnoresNonsense() {
        var lead = DrawLead(period: period)
        for _ in 0 ..< 100 { lead.note(sendLead: .infinity, cost: .nan, missed: 5) }
        lead.note(sendLead: 1e308, cost: 1e308, missed: 1)
        XCTAssertLessThanOrEqual(lead.lead, period)
        XCTAssertTrue(lead.lead.isFinite)
        lead.expect(period: 1.0 / 120)
        XCTAssertLessThanOrEqual(lead.lead, 1.0 / 120)
    }
}
