import XCTest
import ModalKit
@testable import ModalLab
@testable import ModalLabCore

/// The sheet scene's releases frame by frame on a manual clock at 60 Hz (issue 28, items 21–24): a fast flick
/// toward large turns round instead of pinning at the window's top, slow releases settle as fast as iOS 26's
/// critically damped sheet spring, slow dismissals leave without crawling, and a sweep of real drags keeps the
/// first frame after each release near the release speed.
final class SheetReleaseSweepTests: XCTestCase {
    private let medium = 667 / 2.0, large = 30.0, height = 667.0, frame = 1 / 60.0

    private func sheetLab() throws -> HeadlessLab {
        let d = try HeadlessLab(pinnedScene: SceneKind(SheetScene.self))
        d.settle()
        return d
    }

    private func sheet(_ d: HeadlessLab) -> SheetPresentationController? { (d.lab.scene as? SheetScene)?.sheet }
    private func y(_ d: HeadlessLab) -> Double { d.card?.minY ?? height }

    /// The sheet's top edge at the release and after each frame until the lab settles (at most 3 s).
    private func frames(_ d: HeadlessLab) -> [Double] {
        var ys = [y(d)]
        for i in 1 ... 180 where !d.isSettled || i == 1 {
            d.step()
            ys.append(y(d))
        }
        return ys
    }

    /// Seconds from the first of `ys` until it stays within half a point of `target`.
    private func settlingTime(_ ys: [Double], to target: Double) -> Double {
        Double((ys.lastIndex { abs($0 - target) > 0.5 } ?? -1) + 1) * frame
    }

    /// Lets the sheet go at `velocity` (points per second, down positive) after a pull of `pull` points (shown
    /// through the rubber band) from where it rests, as the end of a drag or a touchpad gesture does.
    private func release(_ d: HeadlessLab, pull: Double = 0, at velocity: Double) throws -> [Double] {
        let sheet = try XCTUnwrap(sheet(d))
        sheet.beginInteractiveMove()
        sheet.moveInteractively(by: pull)
        sheet.endInteractiveMove(velocity: velocity)
        return frames(d)
    }

    /// A drag on the sheet's title: pressed at `from`, brought to `release + v·run` and then moved at `velocity`
    /// for `run` seconds (one move a frame), let go at `release`.
    private func flick(_ d: HeadlessLab, from: Double, to release: Double, at velocity: Double, run: Double) {
        let runFrames = max(2, Int((run / frame).rounded()))
        let before = release - velocity * Double(runFrames) * frame
        d.press(at: Point(x: 187, y: from))
        for i in 1 ... 6 {
            d.step()
            d.move(to: Point(x: 187, y: from + (before - from) * Double(i) / 6))
        }
        for i in 1 ... runFrames {
            d.step()
            d.move(to: Point(x: 187, y: before + velocity * Double(i) * frame))
        }
        d.release()
    }

    // MARK: 21. An overshoot turns round

    func testFastFlicksTowardLargeTurnRoundInsteadOfSittingAtTheWindowsTop() throws {
        var failures: [String] = []
        for speed in [2000.0, 3000, 4000, 5000] {
            for released in [130.0, 230] {
                let d = try sheetLab()
                let ys = try release(d, pull: released - medium, at: -speed)
                let peak = ys.min() ?? 0, at = ys.firstIndex(of: peak) ?? 0
                let flat = ys.filter { $0 - peak < 0.5 }.count
                let back = settlingTime(Array(ys[at...]), to: large)
                let name = "\(speed) pt/s from \(released)"
                print("item 21: \(name): peak \(peak), \(flat) frames within 0.5 pt of it, back in \(back) s")
                if peak < 3 { failures.append("\(name): peaks \(peak) pt below the window's top") }
                if peak < large - 1, flat > 3 {
                    failures.append("\(name): \(flat) frames within half a point of its peak")
                }
                if back > 0.35 { failures.append("\(name): \(back) s from its peak back to large") }
            }
        }
        XCTAssertEqual(failures, [])
    }

    // MARK: 22. Slow releases settle in about half a second

    func testSlowReleasesSettleWithinHalfASecond() throws {
        let d = try sheetLab()
        let up = try release(d, at: -500)
        let upTime = settlingTime(up, to: large)
        print("item 22: 500 pt/s up from medium: within 0.5 pt of large after \(upTime) s")
        XCTAssertLessThanOrEqual(upTime, 0.52, "500 pt/s from medium to large")

        let blocked = try sheetLab()
        sheet(blocked)?.presentedViewController?.isModalInPresentation = true
        let back = try release(blocked, pull: 40, at: 1500)
        let backTime = settlingTime(back, to: medium)
        print("item 22: blocked, pulled 40 pt at 1500 pt/s: back within 0.5 pt after \(backTime) s")
        XCTAssertLessThanOrEqual(backTime, 0.52, "a blocked sheet pulled at 1500 pt/s comes back")
        XCTAssertEqual(blocked.topName, "sheet")
    }

    // MARK: 23. Dismissals leave without crawling

    func testSlowDismissalsCrossTheBottomEdgeAtSpeed() throws {
        for speed in [350.0, 600] {
            let d = try sheetLab()
            let ys = try release(d, at: speed)
            XCTAssertEqual(d.topName, "presenting", "\(speed) pt/s from medium dismisses")
            let shown = ys.prefix { $0 < height } // once out of sight the sheet's view goes
            let bottom = shown.indices.filter { shown[$0] >= height - 30 }
            let speeds = bottom.map { (shown[$0] - shown[$0 - 1]) / frame } // the frames that reach into it
            print("item 23: \(speed) pt/s: \(bottom.count) frames in the bottom 30 pt, reached at \(speeds) pt/s")
            XCTAssertLessThanOrEqual(bottom.count, 1, "\(speed) pt/s: \(ys.map { Int($0) })")
            XCTAssertGreaterThanOrEqual(speeds.min() ?? .infinity, speed, "\(speed) pt/s: never slower than it left")
        }
    }

    // MARK: 24. The first frame after a release

    /// Real drags on the title at 300 to 5,000 pt/s, let go 30 to 600 points from where the rule sends them:
    /// the first frame's travel over a frame, against the release velocity the sheet was given.
    func testTheFirstFrameAfterAReleaseStaysWithinEightyFiveToOneHundredTwentyPercentOfTheReleaseSpeed() throws {
        var ratios: [(String, Double)] = []
        for speed in [300.0, 500, 800, 1200, 2000, 3000, 5000] {
            for released in [70.0, 130, 200, 260, 300, 380, 450, 520, 600, 630] {
                for down in [false, true] {
                    let velocity = down ? speed : -speed
                    let d = try sheetLab()
                    flick(d, from: medium + 30, to: released, at: velocity, run: min(0.1, 250 / speed))
                    guard let sheet = sheet(d), let release = sheet.lastRelease, sheet.phase != .idle else { continue }
                    let target: Double
                    switch release.decision.target {
                    case .dismiss: target = height
                    case .detent(let position): target = position
                    }
                    let start = y(d), toGo = abs(target - start)
                    // The window leaves 30 pt above large, and a leaving sheet is gone 30 pt below the bottom:
                    // a first frame at the release speed that reaches past those cannot be shown.
                    let room = target == large ? large / 2 : target == height ? 30 : toGo
                    guard (30 ... 600).contains(toGo), (300 ... 5000).contains(abs(release.velocity)),
                        abs(release.velocity) * frame <= toGo + room
                    else { continue }
                    d.step()
                    let ratio = (y(d) - start) / frame / release.velocity
                    ratios.append(("\(Int(release.velocity)) pt/s from \(Int(start)), \(Int(toGo)) pt to go", ratio))
                }
            }
        }
        let outside = ratios.filter { !(0.85 ... 1.2).contains($0.1) }
        let within5 = ratios.filter { abs($0.1 - 1) <= 0.05 }.count
        let lowest = ratios.map(\.1).min() ?? .nan, highest = ratios.map(\.1).max() ?? .nan
        print(
            "item 24: \(ratios.count) releases, \(within5) within 5%, first frame \(lowest)...\(highest)× the release")
        XCTAssertGreaterThanOrEqual(ratios.count, 60, "the sweep covers the range")
        XCTAssertEqual(outside.map { "\($0.0): \($0.1)" }, [])
    }
}
