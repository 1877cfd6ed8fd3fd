import Glibc
import ModalKitPixels
import ModalKitTestSupport
import ModalKitXTestSupport
import ModalLabDriver
import Foundation
import Testing
@testable import ModalLab
@testable import ModalLabCore

/// `--plot FILE` in a window under Xvfb: a drag made through the server leaves a plot of itself once it rests,
/// and the next drag replaces it.
@Suite final class LivePlotXTests {
    @Test func testEachDragRewritesThePlot() throws {
        let xvfb = try Xvfb.startOrSkip()
        defer { xvfb.stop() }
        let plot = "/tmp/live-plot-x-\(getpid())-\(uniqueNumber()).png"
        unlink(plot)
        defer { unlink(plot) }
        let lab = try LabProcess.launchPinned(
            ["--scene", "interactor", "--scale", "1", "--no-hud", "--plot", plot],
            display: xvfb.display)
        defer { lab.kill(SIGTERM); _ = lab.wait(timeout: 5) }
        let client = try XvfbClient(display: xvfb.display)
        let window = try #require(client.waitForWindow(class: "ModalLab"), Comment(rawValue: lab.standardError))
        let origin = try #require(client.rootOrigin(of: window))
        func drag(by dy: Int) {
            client.movePointer(x: origin.x + 187, y: origin.y + 200)
            client.setButton(down: true, delayMilliseconds: 50)
            for step in 1 ... 10 {
                client.movePointer(x: origin.x + 187, y: origin.y + 200 + dy * step / 10, delayMilliseconds: 16)
            }
            client.setButton(down: false, delayMilliseconds: 16)
        }
        drag(by: 60)
        let first = try #require(waitForPlot(plot, differentFrom: nil), "no plot after a drag: \(lab.standardError)")
        #expect(first.width == Int(MotionPlot.size.width), "at --scale 1")
        #expect(first.height == Int(MotionPlot.size.height))
        drag(by: 120)
        #expect(waitForPlot(plot, differentFrom: first) != nil, "the second drag replaced the plot")
        #expect(lab.standardError == "")
    }

    /// Polls for a readable PNG at `path` that differs from `previous`, for up to 15 seconds.
    private func waitForPlot(_ path: String, differentFrom previous: Bitmap?) -> Bitmap? {
        let deadline = ChildProcess.now() + 15
        while ChildProcess.now() < deadline {
            if let bitmap = try? PNG.read(from: path), bitmap != previous { return bitmap }
            var pause = timespec(tv_sec: 0, tv_nsec: 50_000_000)
            nanosleep(&pause, nil)
        }
        return nil
    }
}
