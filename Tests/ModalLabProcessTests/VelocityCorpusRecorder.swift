import Foundation
import Glibc
import ModalKitTestSupport
import ModalKitXTestSupport
import ModalLabDriver
import Testing

/// Records the velocity corpus in `Assets/Corpus/velocity/` (run on purpose with `MODALKIT_RECORD_CORPUS=1`):
/// drags with known true velocities injected through XTest into a `modal-lab --record` under Xvfb, so the
/// recording holds what a user's drag gives the estimators: whole-pixel positions and the server's millisecond
/// timestamps, with whatever jitter the machine adds.
///
/// Each move is sent at its planned time (gaps drawn from 8–12 ms, a mouse's report interval) by sleeping until
/// that absolute moment, so late wake-ups jitter the timestamps without bending the path; the position is where
/// the planned path is at the planned time. `truth.jsonl` holds, per drag, the path's speed at the last move.
///
/// With `MODALKIT_CORPUS_LOAD=N` it records `drags-loaded.jsonl` and `truth-loaded.jsonl` instead, with N busy
/// processes competing for the CPU, for the jitter of a machine under load.
@Suite final class VelocityCorpusRecorder {
    @Test func testRecordCorpus() throws {
        let environment = ProcessInfo.processInfo.environment
        guard environment["MODALKIT_RECORD_CORPUS"] == "1" else {
            try TestIssue.skip("records Assets/Corpus/velocity only with MODALKIT_RECORD_CORPUS=1")
        }
        let load = Int(environment["MODALKIT_CORPUS_LOAD"] ?? "") ?? 0
        let suffix = load > 0 ? "-loaded" : ""
        let hogs = try (0 ..< load).map { _ in try ChildProcess("/bin/sh", arguments: ["-c", "while :; do :; done"]) }
        defer {
            hogs.forEach {
                $0.kill(SIGKILL); _ = $0.wait(timeout: 2)
            }
        }
        let xvfb = try Xvfb.startOrSkip()
        defer { xvfb.stop() }
        let recording = "/tmp/velocity-corpus-\(getpid())-\(uniqueNumber()).jsonl"
        let lab = try LabProcess.launchPinned(
            ["--scene", "pannable", "--scale", "1", "--no-hud", "--record", recording],
            display: xvfb.display)
        let client = try XvfbClient(display: xvfb.display)
        let window = try #require(client.waitForWindow(class: "ModalLab"), Comment(rawValue: lab.standardError))
        let origin = try #require(client.rootOrigin(of: window))
        var truth: [String] = []
        var random = SplitMix64(seed: 13)
        for repetition in 0 ..< 4 {
            for profile in CorpusProfile.all {
                let plan = profile.plan(random: &random)
                inject(plan, client: client, origin: origin)
                truth.append(plan.truthLine(profile: profile.name, repetition: repetition))
                Self.sleep(seconds: 0.5)
            }
        }
        #expect(client.tapKey(0x71), "q quits")
        #expect(lab.wait(timeout: 10) != nil, Comment(rawValue: lab.standardError))
        let folder = LabProcess.packageRoot + "/Assets/Corpus/velocity"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try? FileManager.default.removeItem(atPath: folder + "/drags\(suffix).jsonl")
        try FileManager.default.copyItem(atPath: recording, toPath: folder + "/drags\(suffix).jsonl")
        try (truth.joined(separator: "\n") + "\n").write(
            toFile: folder + "/truth\(suffix).jsonl", atomically: true,
            encoding: .utf8)
        unlink(recording)
    }

    /// Presses at the plan's start, moves at each planned moment, releases 2 ms after the last move.
    private func inject(_ plan: CorpusPlan, client: XvfbClient, origin: (x: Int, y: Int)) {
        let x = origin.x + 187
        client.movePointer(x: x, y: origin.y + Int(plan.positions[0].rounded()))
        Self.sleep(seconds: 0.05)
        let start = ChildProcess.now()
        client.setButton(down: true)
        for (t, y) in zip(plan.times, plan.positions).dropFirst() {
            Self.sleep(until: start + t)
            client.movePointer(x: x, y: origin.y + Int(y.rounded()))
        }
        Self.sleep(until: start + (plan.times.last ?? 0) + 0.002)
        client.setButton(down: false)
    }

    /// Sleeps until `moment` on CLOCK_MONOTONIC (ChildProcess.now's clock), absolute so lateness never adds up.
    private static func sleep(until moment: Double) {
        var target = timespec(tv_sec: Int(moment), tv_nsec: Int((moment - Double(Int(moment))) * 1e9))
        while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &target, nil) == EINTR {}
    }

    private static func sleep(seconds: Double) { sleep(until: ChildProcess.now() + seconds) }
}

/// A planned drag: the moments (seconds from the press) and the vertical positions (window points) of the press
/// and each move, and the path's true speed at the last move.
struct CorpusPlan {
    var times: [Double]
    var positions: [Double]
    var trueVelocity: Double

    func truthLine(profile: String, repetition: Int) -> String {
        let planned = times.map { "\(Int(($0 * 1e6).rounded()))" }.joined(separator: ",")
        return "{\"profile\": \"\(profile)\", \"repetition\": \(repetition), \"velocity\": \(trueVelocity), "
            + "\"planned_us\": [\(planned)]}"
    }
}

/// A vertical path from y = 120: its position and speed at time t (seconds) and how long it lasts.
struct CorpusProfile {
    let name: String
    let duration: Double
    let position: (Double) -> Double
    let speed: (Double) -> Double

    static func constant(_ v: Double, for duration: Double) -> CorpusProfile {
        CorpusProfile(name: "constant-\(Int(v))", duration: duration, position: { v * $0 }, speed: { _ in v })
    }

    /// From rest to `v` at a steady acceleration: a flick.
    static func accelerating(to v: Double, over duration: Double) -> CorpusProfile {
        CorpusProfile(
            name: "accelerate-\(Int(v))", duration: duration,
            position: { v * $0 * $0 / (2 * duration) }, speed: { v * $0 / duration })
    }

    /// `from` for `cruise` seconds, then slowing steadily to `to` over `brake` seconds: easing off before release.
    static func braking(from: Double, to: Double, cruise: Double, brake: Double) -> CorpusProfile {
        let a = (to - from) / brake
        return CorpusProfile(
            name: "brake-\(Int(from))-\(Int(to))", duration: cruise + brake,
            position: { t in
                t <= cruise ? from * t : from * cruise + from * (t - cruise) + a * (t - cruise) * (t - cruise) / 2
            },
            speed: { t in t <= cruise ? from : from + a * (t - cruise) })
    }

    static let all: [CorpusProfile] = [
        .constant(500, for: 0.3), .constant(1300, for: 0.2), .constant(1700, for: 0.18), .constant(3000, for: 0.12),
        .accelerating(to: 1700, over: 0.2), .accelerating(to: 3000, over: 0.2),
        .braking(from: 2500, to: 1300, cruise: 0.08, brake: 0.06),
        .braking(from: 2000, to: 500, cruise: 0.08, brake: 0.06)
    ]

    /// Moments 8–12 ms apart (uniform) up to the duration, and the positions there.
    func plan(random: inout SplitMix64) -> CorpusPlan {
        var times = [0.0]
        while true {
            let next = (times.last ?? 0) + 0.008 + 0.004 * random.nextUnit()
            if next > duration { break }
            times.append(next)
        }
        let last = times.last ?? 0
        return CorpusPlan(times: times, positions: times.map { 120 + position($0) }, trueVelocity: speed(last))
    }
}
