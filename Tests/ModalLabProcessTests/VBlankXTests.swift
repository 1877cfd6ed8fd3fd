import ModalKitTestSupport
import ModalLabDriver
import Foundation
import Testing

/// Frames at the vertical blank under Xvfb, whose Present extension fakes a 60 Hz blank: an animation lands one
/// frame per blank by the lab's own trace, and with `--no-present` (this Xvfb cannot disable Present) the timer
/// still animates.
@Suite final class VBlankXTests: LabXTestCase {
    /// About a second of animation: the interactor's 0.6 s dismissal (Esc), then its presentation (Space).
    private func animate(_ session: LabSession) -> Int {
        let start = session.trace.mark
        #expect(session.key(.escape))
        _ = session.expectRest(from: start)
        let presented = session.trace.mark
        #expect(session.key(.space))
        _ = session.expectRest(from: presented)
        return start
    }

    @Test func testAnAnimationLandsOneFramePerBlank() throws {
        let session = try launch("interactor")
        let start = animate(session)
        let events = session.trace.events(from: start)
        let moving: Set<String> = ["finishing", "cancelling", "dismissing", "presenting", "settling"]
        var phases: [Int: String] = [:]
        for frame in events where frame.type == "frame" {
            if let index = frame.number("index"), let phase = frame.string("phase"), moving.contains(phase) {
                phases[Int(index)] = phase
            }
        }
        let animated = Set(phases.keys)
        let shown = events.filter { $0.type == "shown" && animated.contains(Int($0.number("frame") ?? -1)) }
        #expect(animated.count > 40, "about a second of animation at 60 Hz")
        // A frame that changed no pixel (the card not yet moving, or already off screen) only waits for the blank.
        #expect(shown.count > animated.count * 3 / 4, "animation frames put pixels and were shown")
        let mscs = shown.compactMap { $0.number("msc") }
        #expect(mscs == mscs.sorted(), "blanks in order")
        #expect(Set(mscs).count == mscs.count, "no two frames at one blank")
        var consecutive = 0, missed = 0
        // Frames of one animation, one after the other: between the dismissal's last frame and the presentation's
        // first the lab rested, and a frame drawn from rest aims at whichever blank is far enough ahead.
        for (a, b) in zip(shown, shown.dropFirst()) {
            let (i, j) = (Int(a.number("frame") ?? -1), Int(b.number("frame") ?? -1))
            guard j == i + 1, phases[i] == phases[j] else { continue }
            let late = b.number("missed") ?? -1
            #expect(
                b.number("msc") == (a.number("msc") ?? 0) + 1 + late,
                "the next frame is at the next blank, or says how many it missed")
            consecutive += 1
            missed += Int(late)
        }
        #expect(consecutive > 40)
        // Xvfb's blank and this lab share two loaded cores: a few late frames are the machine's, many are ours.
        #expect(missed <= consecutive / 10, "blanks missed in \(consecutive) frames")
        print("frames at consecutive blanks: \(consecutive - missed) of \(consecutive), \(missed) blanks missed")
    }

    @Test func testWithoutPresentATimerStillAnimates() throws {
        let session = try launch("interactor", extraArguments: ["--no-present"])
        let start = animate(session)
        let events = session.trace.events(from: start)
        #expect(events.allSatisfy { $0.type != "shown" }, "no blank reports without Present")
        let frames = events.filter { $0.type == "frame" && $0.string("phase") == "dismissing" }
        #expect(frames.count > 20, "the 0.6 s dismissal animated frame by frame")
    }
}
