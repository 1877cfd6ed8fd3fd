import Foundation
import Glibc
import ModalKitPixels
import ModalKitTestSupport
import ModalKitXTestSupport
import ModalLabDriver
import Testing
@testable import ModalLab
@testable import ModalLabCore

/// The inspector and live config in a real window under Xvfb: the window is the stage plus the panel; a config
/// saved by rename while the lab runs changes the threshold without a restart, and the next drag is decided by
/// it and shown in the panel.
@Suite final class InspectorLiveXTests {
    @Test func testASavedConfigChangesTheThresholdWhileTheLabRuns() throws {
        let xvfb = try Xvfb.startOrSkip()
        defer { xvfb.stop() }
        let folder = NSTemporaryDirectory() + "inspector-live-\(getpid())/"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let config = folder + "tuning.json", tracePath = folder + "trace.jsonl"
        try #"{"minimumScreenRatioToHide": 0.9}"#.write(toFile: config, atomically: true, encoding: .utf8)
        let lab = try LabProcess.launchPinned(
            [
                "--scene", "pannable", "--scale", "1", "--inspector", "--config", config,
                "--trace", tracePath
            ], display: xvfb.display)
        defer { lab.kill(SIGTERM); _ = lab.wait(timeout: 5) }
        let client = try XvfbClient(display: xvfb.display)
        let window = try #require(client.waitForWindow(class: "ModalLab"), Comment(rawValue: lab.standardError))
        let size = try #require(client.size(of: window))
        #expect(size.width == 375 + Int(InspectorView.width), "the window is the stage and the panel")
        let trace = LabTrace(path: tracePath)
        #expect(trace.waitFor(from: 0) { $0.type == "settled" } != nil, Comment(rawValue: lab.standardError))

        // An editor's save: a new file renamed over the old one.
        let mark = trace.mark
        try #"{"minimumScreenRatioToHide": 0.2}"#.write(
            toFile: folder + "tuning.json.tmp", atomically: false, encoding: .utf8)
        #expect(rename(folder + "tuning.json.tmp", config) == 0)
        let scene = try #require(trace.waitFor(from: mark) { $0.type == "scene" }, "no reload: \(lab.standardError)")
        #expect(scene.number("minimumScreenRatioToHide", in: "parameters") == 0.2)

        // A slow 200-point drag: past 0.2 of the height, short of 0.9.
        let origin = try #require(client.rootOrigin(of: window))
        let dragMark = trace.mark
        client.movePointer(x: origin.x + 187, y: origin.y + 200)
        client.setButton(down: true, delayMilliseconds: 50)
        for step in 1 ... 20 {
            client.movePointer(x: origin.x + 187, y: origin.y + 200 + step * 10, delayMilliseconds: 30)
        }
        client.setButton(down: false, delayMilliseconds: 300)
        let ended = try #require(
            trace.waitFor(from: dragMark) { $0.type == "gesture" && $0.string("state") == "ended" },
            Comment(rawValue: lab.standardError))
        let settled = trace.waitFor(from: ended.index) { $0.type == "settled" }
        #expect(settled?.string("top") == "presenting", "dismissed under the reloaded ratio: \(lab.standardError)")
        // The frame before the `settled` line shows the release in the panel; a picture of it for the reviewer.
        if let shot = client.captureWindow(window),
            let path = ProcessInfo.processInfo.environment["MODALKIT_INSPECTOR_SHOT"]
        {
            try? PNG.write(shot, to: path)
        }
        #expect(lab.standardError == "")
    }

    /// Key I asks the server for the wider window, and again for the stage alone; the stage never changes size.
    @Test func testKeyIWidensTheWindowAndNarrowsItAgain() throws {
        let xvfb = try Xvfb.startOrSkip()
        defer { xvfb.stop() }
        let tracePath = NSTemporaryDirectory() + "inspector-key-\(getpid()).jsonl"
        defer { unlink(tracePath) }
        let lab = try LabProcess.launchPinned(
            ["--scene", "interactor", "--scale", "1", "--trace", tracePath],
            display: xvfb.display)
        defer { lab.kill(SIGTERM); _ = lab.wait(timeout: 5) }
        let client = try XvfbClient(display: xvfb.display)
        let window = try #require(client.waitForWindow(class: "ModalLab"), Comment(rawValue: lab.standardError))
        #expect(client.size(of: window)?.width == 375)
        #expect(
            LabTrace(path: tracePath).waitFor(from: 0) { $0.type == "settled" } != nil,
            Comment(rawValue: lab.standardError))
        // With no window manager, keys go to the window under the pointer.
        let origin = try #require(client.rootOrigin(of: window))
        client.movePointer(x: origin.x + 100, y: origin.y + 100, delayMilliseconds: 20)
        #expect(client.tapKey(0x69), "i")
        #expect(waitForWidth(375 + Int(InspectorView.width), of: window, client), Comment(rawValue: lab.standardError))
        #expect(client.tapKey(0x69), "i")
        #expect(waitForWidth(375, of: window, client), Comment(rawValue: lab.standardError))
        #expect(lab.standardError == "")
    }

    /// 300 presses of I, 1 ms apart through XTest: the server answers the lab's size requests only after the lab
    /// has read several presses, and those late answers used to resize the stage (it grew to thousands of points,
    /// the window to 6535 pixels). The window is only ever the stage or the stage and the panel, the card never
    /// wider than the stage, and after an even number of presses the window is the stage again.
    @Test func testFastKeyIPressesKeepTheWindowAndTheStageAtTheirTwoSizes() throws {
        let xvfb = try Xvfb.startOrSkip()
        defer { xvfb.stop() }
        let session = try LabSession(display: xvfb.display, pinnedArguments: ["--scene", "interactor"])
        #expect(
            session.trace.waitFor(from: 0) { $0.type == "settled" } != nil,
            Comment(rawValue: session.process.standardError))
        let legal: Set<Int> = [375, 375 + Int(InspectorView.width)]
        session.move(x: 100, y: 100)
        var widths: Set<Int> = []
        for press in 1 ... 300 {
            #expect(session.client.tapKey(0x69, delayMilliseconds: 1), "i")
            if press % 10 == 0, let width = session.client.size(of: session.window)?.width { widths.insert(width) }
        }
        #expect(waitForWidth(375, of: session.window, session.client), Comment(rawValue: session.process.standardError))
        // A moment for late resizes to land, then the size must still be the stage's.
        var pause = timespec(tv_sec: 0, tv_nsec: 500_000_000)
        nanosleep(&pause, nil)
        widths.insert(session.client.size(of: session.window)?.width ?? -1)
        #expect(widths.isSubset(of: legal), "window widths seen: \(widths.sorted())")
        #expect(session.client.size(of: session.window)?.width == 375, "an even number of presses: closed")
        session.trace.refresh()
        let cards = session.trace.events(from: 0, type: "frame").compactMap { $0.numbers("card") }
        #expect(!cards.isEmpty, "frames with the card")
        #expect(cards.map { $0[2] }.max() ?? 0 <= 375, "the card is never wider than the stage")
        #expect(session.peakResidentMegabytes() ?? 0 < 60, "memory stays near the lab's own")
        #expect(session.process.standardError == "")
    }

    private func waitForWidth(_ width: Int, of window: XWindowID, _ client: XvfbClient) -> Bool {
        let deadline = ChildProcess.now() + 10
        while ChildProcess.now() < deadline {
            if client.size(of: window)?.width == width { return true }
            var pause = timespec(tv_sec: 0, tv_nsec: 20_000_000)
            nanosleep(&pause, nil)
        }
        return false
    }
}
