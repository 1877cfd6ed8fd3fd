import Foundation
import Glibc
import ModalKitTestSupport
import ModalKitXTestSupport
import ModalLabDriver
import Testing
@testable import ModalLab
@testable import ModalLabCore

/// Real drags through the X server into every scene, with scene switches and resets landing mid-transition:
/// memory stays flat after warm-up, the one presentation segment stays one, every transition that began ends.
///
/// CI runs a short form (80 drags, about half a minute); `MODALKIT_SOAK=full` runs 1,000.
@Suite final class LabSoakXTests {
    @Test func testDragsSwitchesAndResetsKeepMemoryFlat() throws {
        let full = ProcessInfo.processInfo.environment["MODALKIT_SOAK"] == "full"
        let drags = full ? 1000 : 80
        let scenes = SceneCatalog.all.count
        let xvfb = try Xvfb.startOrSkip()
        defer { xvfb.stop() }
        let started = ChildProcess.now()
        var peak = 0
        let (baseline, final, segmentsBefore, segmentsAfter, transitions): (Int, Int, Int, Int, TransitionTally) = try {
            let lab = try LabSession(
                display: xvfb.display, pinnedArguments: ["--scene", SceneCatalog.all[0].info.name, "--no-hud"])
            #expect(
                lab.trace.waitFor(from: 0) { $0.type == "frame" } != nil, Comment(rawValue: lab.process.standardError))
            // Keys go to the window under the pointer (Xvfb's focus is PointerRoot with no window manager).
            lab.move(to: (187, 620))
            let pid = lab.process.pid
            let segmentsBefore = SharedMemorySegments.created(by: pid).count
            var baseline = 0
            for i in 0 ..< drags {
                if i == 2 * scenes { baseline = try #require(ResidentMemory.kilobytes(of: pid)) }
                soakStep(lab, i, scenes: scenes)
                if i >= 2 * scenes { peak = max(peak, ResidentMemory.kilobytes(of: pid) ?? 0) }
            }
            let final = try #require(ResidentMemory.kilobytes(of: pid))
            let segmentsAfter = SharedMemorySegments.created(by: pid).count
            return (baseline, final, segmentsBefore, segmentsAfter, TransitionTally(lab.trace.events(from: 0)))
        }()
        let elapsed = ChildProcess.now() - started
        print(
            "soak: \(drags) drags in \(Int(elapsed)) s; RSS \(baseline) kB after warm-up, \(final) kB at the end (peak \(peak) kB); \(transitions)"
        )
        #expect(final - baseline <= 2048, "RSS grew by more than 2 MB after warm-up")
        #expect(segmentsBefore == 1)
        #expect(segmentsAfter == 1)
        #expect(transitions.began == transitions.completed + transitions.abandoned, "\(transitions)")
        #expect(transitions.abandoned > 0, "some transitions were abandoned mid-flight")
        #expect(transitions.problems == [], "\(transitions)")
        #expect(unsettled == [], "steps that never came to rest")
    }

    /// One drag: switch to the next scene, drag down (long or short), and on every third drag reset (R) or switch
    /// right after the release, while the transition or animation it started is still running.
    private func soakStep(_ lab: LabSession, _ i: Int, scenes: Int) {
        var mark = lab.trace.mark
        lab.key(digit(i % scenes))
        if lab.waitForRest(from: mark).settled == nil { unsettled.append("switch to scene \(i % scenes + 1)") }
        mark = lab.trace.mark
        // From low on the window, where every scene has its card (a sheet at its medium detent too): past the
        // interactor rules on even drags, well inside them on odd ones.
        let dy = i % 2 == 0 ? 210.0 : 60.0
        lab.drag(from: (187, 450), by: (0, dy), steps: 12, every: 10)
        switch i % 6 {
        case 0: lab.key(.character("r")) // mid-transition
        case 3: lab.key(digit((i + 1) % scenes))
        default: break
        }
        if lab.waitForRest(from: mark).settled == nil { unsettled.append("drag \(i) in scene \(i % scenes + 1)") }
    }

    /// The zoom's other paths, which the catalog walk above runs with its defaults only: pushed under a
    /// navigation bar and with Reduce Motion, long and short pans, resets mid-landing, Escape's pop and Space's
    /// push again.
    @Test func testTheZoomPushedWithReduceMotionKeepsMemoryFlat() throws {
        let drags = ProcessInfo.processInfo.environment["MODALKIT_SOAK"] == "full" ? 400 : 16
        let xvfb = try Xvfb.startOrSkip()
        defer { xvfb.stop() }
        let lab = try LabSession(
            display: xvfb.display,
            pinnedArguments: ["--scene", "zoom", "--set", "presentation=push", "--set", "reduceMotion=on", "--no-hud"])
        #expect(lab.trace.waitFor(from: 0) { $0.type == "frame" } != nil, Comment(rawValue: lab.process.standardError))
        lab.move(to: (187, 620))
        let pid = lab.process.pid
        // The resident size after each drag: one sample swings by a megabyte or two as the allocator hands pages
        // back, so the warm level and the end are each the peak of five drags (a leak lifts the later peak).
        var samples: [Int] = []
        for i in 0 ..< drags {
            defer { samples.append(ResidentMemory.kilobytes(of: pid) ?? 0) }
            let mark = lab.trace.mark
            lab.drag(from: (187, 450), by: (0, i % 2 == 0 ? 210.0 : 60.0), steps: 12, every: 10)
            switch i % 5 {
            case 0: lab.key(.character("r"))
            case 1, 3: lab.key(.space)
            case 2: lab.key(.escape)
            default: break
            }
            let rest = lab.waitForRest(from: mark).settled
            if rest == nil { unsettled.append("zoom drag \(i)") }
            // Space during a landing is ignored (one page at a time): the next drag needs the page up again.
            guard rest?.string("top") == "presenting" else { continue }
            let again = lab.trace.mark
            lab.key(.space)
            if lab.waitForRest(from: again).settled == nil { unsettled.append("zoom push \(i)") }
        }
        let baseline = samples[6 ..< 11].max() ?? 0, final = samples.suffix(5).max() ?? 0
        #expect(!samples.contains(0), "the lab's resident size was readable after every drag")
        let transitions = TransitionTally(lab.trace.events(from: 0))
        print("zoom soak: \(drags) drags; RSS \(baseline) kB after warm-up, \(final) kB at the end; \(transitions)")
        #expect(final - baseline <= 2048, "RSS grew by more than 2 MB after warm-up")
        #expect(SharedMemorySegments.created(by: pid).count == 1)
        #expect(transitions.began == transitions.completed + transitions.abandoned, "\(transitions)")
        #expect(transitions.problems == [], "\(transitions)")
        #expect(unsettled == [], "steps that never came to rest")
    }

    /// Steps after which nothing settled within the wait (15 s each): they make the soak slow, so they are named.
    private var unsettled: [String] = []

    /// The key that switches to the scene at `index` of the catalog.
    private func digit(_ index: Int) -> LabKey { .character(String(index + 1).first ?? "1") }
}

/// The transitions in a trace: how many began, completed and were abandoned, and any that ended twice.
struct TransitionTally: CustomStringConvertible {
    private(set) var began = 0, completed = 0, abandoned = 0
    private(set) var problems: [String] = []

    init(_ events: [LabTraceEvent]) {
        var open = false
        for event in events where event.type == "transition" {
            switch event.string("event") {
            case "began":
                if open { problems.append("began at line \(event.index) while another was running") }
                began += 1; open = true
            case "completed":
                if !open { problems.append("completed at line \(event.index) without one running") }
                completed += 1; open = false
            case "abandoned":
                if !open { problems.append("abandoned at line \(event.index) without one running") }
                abandoned += 1; open = false
            default: break
            }
        }
    }

    var description: String { "\(began) transitions began, \(completed) completed, \(abandoned) abandoned" }
}

/// A process's resident memory from /proc/PID/status (VmRSS), in kilobytes.
enum ResidentMemory {
    static func kilobytes(of pid: pid_t) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
        else { return nil }
        return line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
    }
}
