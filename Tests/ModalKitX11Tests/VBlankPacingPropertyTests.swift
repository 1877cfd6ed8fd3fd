import ModalKitTestSupport
@testable import ModalKitX11
import XCTest

/// The Present pacing run as the host runs it, on a manual clock against a simulated server, with what a loaded
/// machine and a real server do to it: wake-ups up to two periods late, blanks the server lets pass, reports with
/// no time or a jittered one, a counter that jumps, scene switches and stalls, a lead from 0 to more than a
/// period. Whatever happens, a wanted frame is drawn within a few wake-ups (a deadline that recedes at every late
/// wake-up never draws: that hung the soak test), and on a quiet machine every blank shows one frame.
final class VBlankPacingPropertyTests: XCTestCase {
    /// Wake-ups from wanting a frame to drawing it: one for the completion of the frame before, one for its draw
    /// time, one for half a period after the last frame, with room for a completion that came early.
    private static let wakesBound = 6

    func testEveryWantedFrameIsDrawnWithinAFewWakeUpsWhateverTheMachineAndServerDo() {
        for seed in UInt64(1) ... 40 {
            var run = PacingRun(seed: seed, chaos: true)
            run.simulate(seconds: 20)
            XCTAssertLessThanOrEqual(
                run.mostWakesBeforeADraw, Self.wakesBound, "seed \(seed): a frame kept being put off")
            XCTAssertGreaterThan(run.shown.count, 200, "seed \(seed): frames were drawn and shown")
            XCTAssertLessThanOrEqual(
                run.longestWaitForADrawTime, Double(run.pacing.blanksPerFrame + 1) * run.period,
                "seed \(seed): a frame waited longer than the blanks it takes")
            XCTAssertEqual(
                run.framesSentForAPassedBlank, 0,
                "seed \(seed): a tick read late (a stall) is no reason to aim at a blank that has gone by")
            XCTAssertFalse(run.fellBack, "seed \(seed): the server never went silent")
            XCTAssertTrue(run.leadStayedInBounds, "seed \(seed): lead \(run.leadRange)")
        }
    }

    func testOnAQuietMachineEveryBlankShowsOneFrameAtItsOwnTime() {
        for seed in UInt64(100) ... 110 {
            var run = PacingRun(seed: seed, chaos: false)
            run.simulate(seconds: 60)
            let blanks = run.pacing.blanksPerFrame
            let steady = run.shown.suffix(800)
            XCTAssertEqual(steady.count, 800, "seed \(seed)")
            var misses = 0
            for (before, after) in zip(steady, steady.dropFirst()) where after.msc != before.msc + blanks {
                misses += 1
            }
            XCTAssertLessThanOrEqual(misses, 1, "seed \(seed): at most a probe of the learned lead")
            let onTime = steady.filter { $0.missed == 0 }
            XCTAssertGreaterThan(onTime.count, 795, "seed \(seed)")
            XCTAssertTrue(
                onTime.allSatisfy { abs($0.frameTime - $0.time) < 1e-6 },
                "seed \(seed): a frame's time is the blank it is shown at")
            XCTAssertTrue(run.leadStayedInBounds, "seed \(seed): lead \(run.leadRange)")
            XCTAssertLessThan(
                run.pacing.lead.lead, run.serverNeeds + 0.004,
                "seed \(seed): the lead settles near what the server needs, so frames show the newest input")
        }
    }
}

/// One run of the pacing against a simulated server on a manual clock, stepped as `X11Host.paceByVBlank` does.
private struct PacingRun {
    struct Shown {
        var msc: UInt64
        var time: Double
        var missed: Int
        var frameTime: Double
    }

    var rng: SplitMix64
    let chaos: Bool
    let period: Double
    /// How long before a blank the server needs a request.
    let serverNeeds: Double
    var pacing: VBlankPacing
    var now = 1000.0
    let phase: Double
    var mscOffset: UInt64
    var lastFrameAt: Double?
    var pending: (serial: UInt32, msc: UInt64, ust: UInt64, arrival: Double)?
    /// The counter's offset in the last report the pacing took.
    var reportedOffset: UInt64 = 0
    var pendingOffset: UInt64 = 0
    var reportHadATime = true
    var frameTimes: [Int: Double] = [:]
    var frameIndex = 0
    var shown: [Shown] = []
    var wakesBeforeDraw = 0
    var mostWakesBeforeADraw = 0
    var fellBack = false
    /// Frames aimed, when they began drawing, at a blank that had already gone by.
    var framesSentForAPassedBlank = 0
    /// The longest the loop slept towards a frame's draw time (nothing pending), seconds.
    var longestWaitForADrawTime = 0.0
    var leadRange = (low: Double.infinity, high: -Double.infinity)
    /// Set when the lead passed the period the pacing's clock measures (a frame drawn before its tick).
    var leadPassedThePeriod = false

    init(seed: UInt64, chaos: Bool) {
        rng = SplitMix64(seed: seed)
        self.chaos = chaos
        period = 1 / 60
        serverNeeds = period * (0.02 + 0.53 * rng.nextUnit())
        let startLead = chaos ? 1.2 * period * rng.nextUnit() : period
        pacing = VBlankPacing(expectedPeriod: period, lead: DrawLead(period: period, serverLead: startLead))
        if rng.nextUnit() < 0.25 { pacing.fixedRate = 30 }
        phase = rng.nextUnit() * period
        mscOffset = 10_000 + rng.next() % 1000
    }

    var leadStayedInBounds: Bool {
        leadRange.low >= DrawLead.minimumServerLead && !leadPassedThePeriod
    }

    mutating func simulate(seconds: Double) {
        let end = now + seconds
        while now < end {
            // A scene: frames wanted for a while, then a switch (nothing wanted, or the host busy: a stall).
            let scene = now + (chaos ? 0.2 + 1.8 * rng.nextUnit() : seconds)
            runFrames(until: scene, wanting: true)
            guard chaos else { continue }
            if rng.nextUnit() < 0.5 {
                runFrames(until: now + 0.5 * rng.nextUnit(), wanting: false)
            } else {
                now += 0.05 + 0.35 * rng.nextUnit()
            }
        }
    }

    private mutating func runFrames(until end: Double, wanting: Bool) {
        while now < end {
            takeCompletion()
            switch pacing.step(now: now, wantsFrame: wanting, lastFrameAt: lastFrameAt) {
            case .draw:
                draw()
            case .wait(let until):
                if !wanting { pacing.dropTick() }
                if wanting, pending == nil, let until {
                    longestWaitForADrawTime = max(longestWaitForADrawTime, until - now)
                }
                if wanting {
                    wakesBeforeDraw += 1
                    mostWakesBeforeADraw = max(mostWakesBeforeADraw, wakesBeforeDraw)
                }
                let wake = min(until ?? .infinity, pending?.arrival ?? .infinity, end)
                now = max(now, wake) + lateness()
            case .fallBack:
                fellBack = true
                return
            }
        }
    }

    /// How late the loop wakes: up to two periods on a loaded machine.
    private mutating func lateness() -> Double {
        guard chaos else { return 0 }
        return rng.nextUnit() < 0.6 ? 2 * period * rng.nextUnit() : 0.0005 * rng.nextUnit()
    }

    private mutating func draw() {
        wakesBeforeDraw = 0
        let target = pacing.target(now: now)
        // Counted only in the numbering the pacing last heard (after a jump its tick is in the old one), and when
        // that report had a time: one with none, after a jump the line never saw, leaves nothing to go by.
        if target >= mscOffset, mscOffset == reportedOffset, reportHadATime,
            phase + Double(target - mscOffset) * period < now
        {
            framesSentForAPassedBlank += 1
        }
        frameTimes[frameIndex] = pacing.frameTime(now: now)
        lastFrameAt = now
        let cost = chaos ? 0.0002 + 0.006 * rng.nextUnit() : 0.0005
        now += cost
        let serial = pacing.send(
            target: target, presentsPixels: true, frame: frameIndex, at: now, drawnAt: lastFrameAt)
        frameIndex += 1
        serve(serial: serial, target: target)
    }

    /// The server shows the request at the first blank it can (far enough ahead, not before its target), or,
    /// now and then, one blank later; its report may come with no time, a jittered one, or a counter that jumped.
    private mutating func serve(serial: UInt32, target: UInt64) {
        var index = ((now + serverNeeds - phase) / period).rounded(.up)
        if target != 0, target >= mscOffset { index = max(index, Double(target - mscOffset)) }
        if chaos, rng.nextUnit() < 0.05 { index += 1 }
        let blank = phase + index * period
        let jitter = chaos ? 0.001 * (rng.nextUnit() - 0.5) : 0
        var ust = UInt64(((blank + jitter) * 1_000_000).rounded())
        if chaos, rng.nextUnit() < 0.02 { ust = 0 }
        pending = (serial, UInt64(index) + mscOffset, ust, blank + 0.0002)
        pendingOffset = mscOffset
        if chaos, rng.nextUnit() < 0.01 { mscOffset += 1 + rng.next() % 100_000 }
    }

    private mutating func takeCompletion() {
        guard let completion = pending, completion.arrival <= now else { return }
        pending = nil
        reportedOffset = pendingOffset
        reportHadATime = completion.ust != 0
        let result = pacing.complete(
            serial: completion.serial, msc: completion.msc, ust: completion.ust, now: now)
        let lead = pacing.lead.lead
        leadRange = (min(leadRange.low, lead), max(leadRange.high, lead))
        if lead > pacing.clock.period + 1e-12 { leadPassedThePeriod = true }
        guard let result else { return }
        shown.append(
            Shown(
                msc: result.msc, time: result.time, missed: result.missed,
                frameTime: frameTimes.removeValue(forKey: result.frame) ?? .nan))
    }
}
