import Glibc
import ModalLab
import ModalKit

/// Part of (a): what the inspector adds to a frame. A drag frame with the panel shown (the stage drawn into its
/// own frame and the changed rectangle copied beside the panel), and the frame after a release, which draws the
/// estimators' readings and the small motion plot.
struct InspectorBench {
    let samples: Int
    let size = Size(width: 375, height: 667)

    func run(into report: Report) throws {
        for scale in [1.0, 2.0] {
            for type in [SceneKind(PannableScene.self), SceneKind(SheetScene.self)] {
                let drag = Summary(try dragFrames(type, scale: scale))
                report.add(
                    Row(
                        section: "render", label: "\(type.name) drag @\(Int(scale))x inspector",
                        figures: [("p50", drag.p50 * 1000, " ms"), ("p99", drag.p99 * 1000, " ms")]))
                let release = Summary(try releaseFrames(type, scale: scale))
                report.add(
                    Row(
                        section: "render", label: "\(type.name) release @\(Int(scale))x inspector",
                        figures: [("p50", release.p50 * 1000, " ms"), ("p99", release.p99 * 1000, " ms")]))
            }
        }
    }

    private func lab(_ type: SceneKind) throws -> HeadlessLab {
        var configuration = LabConfiguration()
        configuration.sceneKind = type
        // The rows are the bare 375 × 667 screen on iOS 18 they have always measured, not the default phone.
        configuration.device = nil
        configuration.system = .ios18
        configuration.size = size
        configuration.showsInspector = true
        return try HeadlessLab(configuration: configuration)
    }

    private func frame(_ driver: HeadlessLab, _ bitmap: inout Bitmap, _ scale: Double) -> Double {
        let t0 = monotonicNow()
        driver.lab.render(into: &bitmap, scale: scale)
        let dt = monotonicNow() - t0
        driver.lab.didPresent(FrameReport(frameTime: driver.clock.now, renderSeconds: dt))
        return dt
    }

    private func bitmap(_ driver: HeadlessLab, _ scale: Double) -> Bitmap {
        Bitmap(
            width: Int((driver.lab.windowSize.width * scale).rounded()),
            height: Int((driver.lab.windowSize.height * scale).rounded()))
    }

    /// Render times of frames mid-drag, the card going down and back up between 10 and 130 points.
    private func dragFrames(_ type: SceneKind, scale: Double) throws -> [Double] {
        let driver = try lab(type)
        var pixels = bitmap(driver, scale)
        driver.settle { _ = frame(driver, &pixels, scale) }
        let start = Point(x: size.width / 2, y: size.height * 0.7)
        driver.press(at: start)
        var times: [Double] = []
        for k in 0 ..< samples {
            driver.step()
            let cycle = k % 48
            driver.move(to: start + Point(x: 0, y: 10 + 5 * Double(cycle < 24 ? cycle : 48 - cycle)))
            times.append(frame(driver, &pixels, scale))
        }
        driver.release()
        return times
    }

    /// The render time of the frame that shows each release in the panel: the slowest frame from the release
    /// to rest, over a few short drags that come back.
    private func releaseFrames(_ type: SceneKind, scale: Double) throws -> [Double] {
        let driver = try lab(type)
        var pixels = bitmap(driver, scale)
        driver.settle { _ = frame(driver, &pixels, scale) }
        var times: [Double] = []
        for _ in 0 ..< max(3, samples / 40) {
            driver.drag(
                from: Point(x: size.width / 2, y: size.height * 0.7), by: Point(x: 0, y: 40), over: 0.1,
                restBeforeRelease: 0.1
            ) { _ = frame(driver, &pixels, scale) }
            var slowest = 0.0
            driver.settle { slowest = max(slowest, frame(driver, &pixels, scale)) }
            for _ in 0 ..< 10 {
                driver.step()
                slowest = max(slowest, frame(driver, &pixels, scale))
            }
            times.append(slowest)
        }
        return times
    }
}
