import Foundation
import Glibc
import ModalKitTestSupport
import ModalKitXTestSupport
import ModalLabDriver
import ModalKitPixels
import Testing
@testable import ModalLab
@testable import ModalLabCore

/// The real `modal-lab` executable under a private Xvfb: what a user, a window manager and the OS see.
@Suite final class LabProcessTests {
    private var server: Xvfb?

    deinit {
        server?.stop()
        server = nil
    }

    private func startServer(_ extra: [String] = []) throws -> Xvfb {
        let xvfb = try Xvfb.startOrSkip(extraArguments: extra)
        server = xvfb
        return xvfb
    }

    @Test func testWindowHasTitleClassAndPid() throws {
        let xvfb = try startServer()
        let lab = try LabProcess.launchPinned(["--scene", "pannable", "--size", "240x400"], display: xvfb.display)
        let client = try XvfbClient(display: xvfb.display)
        let window = try #require(client.waitForWindow(class: "ModalLab"), Comment(rawValue: lab.standardError))
        #expect(client.title(window) == "ModalLab — pannable", "WM_NAME, as a window manager decodes it")
        #expect(client.utf8Property(window, "_NET_WM_NAME") == "ModalLab — pannable")
        #expect(client.windowClass(window)?.instance == "modal-lab")
        #expect(client.cardinal(window, property: "_NET_WM_PID") == UInt(lab.pid))
    }

    /// `--record FILE --video OUT`: when the window closes, the recording is rendered, with a line saying so, into
    /// the same file `modal-lab render FILE OUT` makes.
    @Test func testLiveSessionRecordedStraightToAVideo() throws {
        let xvfb = try startServer()
        let base = "/tmp/modal-lab-video-\(getpid())-\(uniqueNumber())"
        defer { ["", "-2"].forEach { unlink(base + $0 + ".webp") }; unlink(base + ".jsonl") }
        let lab = try LabProcess.launchPinned(
            [
                "--scene", "pannable", "--size", "240x400", "--record", base + ".jsonl",
                "--video", base + ".webp"
            ], display: xvfb.display)
        let client = try XvfbClient(display: xvfb.display)
        let window = try #require(client.waitForWindow(class: "ModalLab"), Comment(rawValue: lab.standardError))
        client.sendDeleteWindow(window)
        #expect(lab.wait(timeout: 60) == .exited(0), Comment(rawValue: lab.standardError))
        #expect(lab.standardError.hasPrefix("modal-lab: rendered \(base).webp: "), Comment(rawValue: lab.standardError))
        #expect(lab.standardError.split(separator: "\n").count == 1, Comment(rawValue: lab.standardError))
        let render = try LabProcess.launchPinned(["render", base + ".jsonl", base + "-2.webp"], display: nil)
        #expect(render.wait(timeout: 60) == .exited(0), Comment(rawValue: render.standardError))
        let live = try Data(contentsOf: URL(fileURLWithPath: base + ".webp"))
        #expect(!live.isEmpty)
        #expect(try live == Data(contentsOf: URL(fileURLWithPath: base + "-2.webp")))
    }

    @Test func testDeleteWindowExitsZero() throws {
        let xvfb = try startServer()
        let lab = try LabProcess.launchPinned(["--size", "240x400"], display: xvfb.display)
        let client = try XvfbClient(display: xvfb.display)
        let window = try #require(client.waitForWindow(class: "ModalLab"), Comment(rawValue: lab.standardError))
        client.sendDeleteWindow(window)
        #expect(lab.wait(timeout: 5) == .exited(0), Comment(rawValue: lab.standardError))
    }

    @Test func testWithoutDisplayPrintsOneLineAndExitsOne() throws {
        let lab = try LabProcess.launchPinned([], display: nil)
        #expect(lab.wait(timeout: 5) == .exited(1))
        let lines = lab.standardError.split(separator: "\n")
        #expect(lines.count == 1, Comment(rawValue: lab.standardError))
        #expect(lab.standardError.contains("DISPLAY"), Comment(rawValue: lab.standardError))
    }

    /// The answers that need no window are printed once, also into a file or a pipe (`--man > modal-lab.1`): the
    /// preparation that prints them once ran a second time when it returned no run.
    @Test func testHelpVersionAndSceneListArePrintedOnce() throws {
        for (option, lines) in [
            ("--version", 1), ("--list-scenes", SceneCatalog.all.count),
            ("--help", LabConfiguration.usage.split(separator: "\n").count)
        ] {
            let lab = try LabProcess.launchPinned([option], display: nil)
            #expect(lab.wait(timeout: 5) == .exited(0), Comment(rawValue: lab.standardError))
            #expect(lab.standardOutput.split(separator: "\n").count == lines, "\(option):\n\(lab.standardOutput)")
        }
    }

    @Test func testUnknownOptionPrintsUsageAndOpensNoWindow() throws {
        let xvfb = try startServer()
        let client = try XvfbClient(display: xvfb.display)
        let lab = try LabProcess.launchPinned(["--size", "240x400", "--frobnicate"], display: xvfb.display)
        #expect(lab.wait(timeout: 5) == .exited(2))
        #expect(lab.standardError == "modal-lab: unknown option '--frobnicate' (see modal-lab --help)\n")
        #expect(client.drainCreatedWindows() == [])
    }

    /// What the X server shows equals the off-screen render byte for byte, through every presentation path.
    private func assertScreenshotEqualsHeadless(
        server extra: [String] = [], lab options: [String] = [],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let xvfb = try startServer(extra)
        let shotPath = "/tmp/modal-lab-shot-\(getpid())-\(uniqueNumber()).png",
            headlessPath = "/tmp/modal-lab-headless-\(getpid())-\(uniqueNumber()).png"
        defer { unlink(shotPath); unlink(headlessPath) }
        let common = ["--scene", "navigation", "--size", "320x480", "--scale", "1.5"]
        let lab = try LabProcess.launchPinned(common + options + ["--screenshot", shotPath], display: xvfb.display)
        #expect(
            lab.wait(timeout: 20) == .exited(0), Comment(rawValue: lab.standardError), sourceLocation: sourceLocation)
        let offscreen = try LabProcess.launchPinned(common + ["--headless", "--screenshot", headlessPath], display: nil)
        #expect(
            offscreen.wait(timeout: 20) == .exited(0), Comment(rawValue: offscreen.standardError),
            sourceLocation: sourceLocation)
        let shot = try PNG.read(from: shotPath), expected = try PNG.read(from: headlessPath)
        #expect(shot.width == 480, sourceLocation: sourceLocation)
        #expect(shot.height == 720, sourceLocation: sourceLocation)
        #expect(shot == expected, "the screenshot differs from the off-screen render", sourceLocation: sourceLocation)
    }

    /// A recording replayed in a window on the X server ends on the same picture as replayed headless.
    @Test func testReplayInAWindowEndsLikeTheHeadlessReplay() throws {
        let xvfb = try startServer()
        let recording = LabProcess.packageRoot + "/Assets/Screenshots/drag-220.jsonl"
        let shotPath = "/tmp/modal-lab-replay-x-\(getpid())-\(uniqueNumber()).png",
            headlessPath = "/tmp/modal-lab-replay-h-\(getpid())-\(uniqueNumber()).png"
        defer { unlink(shotPath); unlink(headlessPath) }
        let common = ["--scene", "pannable", "--no-hud", "--fps", "60", "--replay", recording]
        let lab = try LabProcess.launchPinned(common + ["--screenshot", shotPath], display: xvfb.display)
        #expect(lab.wait(timeout: 20) == .exited(0), Comment(rawValue: lab.standardError))
        let offscreen = try LabProcess.launchPinned(common + ["--headless", "--screenshot", headlessPath], display: nil)
        #expect(offscreen.wait(timeout: 20) == .exited(0), Comment(rawValue: offscreen.standardError))
        let shot = try PNG.read(from: shotPath), expected = try PNG.read(from: headlessPath)
        #expect(shot == expected, "the windowed replay ends on a different picture")
        #expect(
            try shot != PNG.read(from: LabProcess.packageRoot + "/Assets/Goldens/lab-pannable-rest.png"),
            "the replayed drag moved the card")
    }

    /// A recording's session line (scene, parameters, size) is the setup of its replay, headless and in a window
    /// alike: replayed with no options it ends on the picture the same replay ends on with those options given.
    @Test func testAReplayRunsInTheSetupItsSessionLineNames() throws {
        let base = "/tmp/modal-lab-replay-session-\(getpid())-\(uniqueNumber())"
        defer { for suffix in [".jsonl", "-given.png", "-h.png", "-x.png", "-trace.jsonl"] { unlink(base + suffix) } }
        let session = ["--scene", "pannable", "--size", "320x480", "--set", "minimumScreenRatioToHide=0.9"]
        let drag = try String(
            contentsOfFile: LabProcess.packageRoot + "/Assets/Screenshots/drag-220.jsonl", encoding: .utf8)
        let line = #"{"t":0,"type":"session","args":["# + session.map { "\"\($0)\"" }.joined(separator: ",") + "]}\n"
        #expect(FileManager.default.createFile(atPath: base + ".jsonl", contents: Data((line + drag).utf8)))
        let common = ["--no-hud", "--fps", "60", "--replay", base + ".jsonl", "--headless"]
        let given = try LabProcess.launchPinned(session + common + ["--screenshot", base + "-given.png"], display: nil)
        #expect(given.wait(timeout: 20) == .exited(0), Comment(rawValue: given.standardError))
        let headless = try LabProcess.launchPinned(
            common + ["--screenshot", base + "-h.png", "--trace", base + "-trace.jsonl"], display: nil)
        #expect(headless.wait(timeout: 20) == .exited(0), Comment(rawValue: headless.standardError))
        let scene = try #require(jsonLines(base + "-trace.jsonl").first { $0["type"] as? String == "scene" })
        #expect((scene["name"] as? String) == "pannable")
        #expect(((scene["parameters"] as? [String: Any])?["minimumScreenRatioToHide"] as? Double) == 0.9)
        let expected = try PNG.read(from: base + "-given.png"), shot = try PNG.read(from: base + "-h.png")
        #expect(shot.width == 320)
        #expect(shot == expected, "the headless replay ends as with the session's options given")
        let xvfb = try startServer()
        let window = try LabProcess.launchPinned(
            Array(common.dropLast()) + ["--scale", "1", "--screenshot", base + "-x.png"], display: xvfb.display)
        #expect(window.wait(timeout: 20) == .exited(0), Comment(rawValue: window.standardError))
        #expect(try PNG.read(from: base + "-x.png") == expected, "the windowed replay ends the same")
    }

    /// A scene file in a window (its images decoded again at the server's scale) shows what it shows headless; a
    /// session with it is recorded by the file's path, so `modal-lab render` rebuilds the scene from the recording.
    @Test func testASceneFileInAWindowAndRecordedRendersAsHeadless() throws {
        let xvfb = try startServer()
        let file = LabProcess.packageRoot + "/Examples/SceneFiles/Photo/photo.json"
        let base = "/tmp/modal-lab-scene-file-\(getpid())-\(uniqueNumber())"
        defer { _ = try? FileManager.default.removeItem(atPath: base + "-frames") }
        defer { for suffix in ["-x.png", "-h0.png", "-h.png", "-rec.jsonl"] { unlink(base + suffix) } }
        let common = ["--scene-file", file, "--no-hud"]
        let lab = try LabProcess.launchPinned(common + ["--screenshot", base + "-x.png"], display: xvfb.display)
        #expect(lab.wait(timeout: 20) == .exited(0), Comment(rawValue: lab.standardError))
        let replay = LabProcess.packageRoot + "/Assets/Screenshots/drag-220.jsonl"
        let headless = try LabProcess.launchPinned(
            common + [
                "--headless", "--screenshot", base + "-h.png", "--replay", replay, "--record", base + "-rec.jsonl"
            ],
            display: nil)
        #expect(headless.wait(timeout: 20) == .exited(0), Comment(rawValue: headless.standardError))
        let still = try LabProcess.launchPinned(common + ["--headless", "--screenshot", base + "-h0.png"], display: nil)
        #expect(still.wait(timeout: 20) == .exited(0), Comment(rawValue: still.standardError))
        #expect(try PNG.read(from: base + "-x.png") == PNG.read(from: base + "-h0.png"), "window and headless agree")
        let recording = try String(contentsOfFile: base + "-rec.jsonl", encoding: .utf8)
        // The session line names the scene file relative to the recording when both are under one folder tree
        // below the root (a checkout under /tmp), else absolutely; either way it leads to the same file.
        let prefix = #"{"t":0,"type":"session","args":["--scene-file",""#
        #expect(recording.hasPrefix(prefix), Comment(rawValue: recording))
        let named = String(recording.dropFirst(prefix.count).prefix { $0 != "\"" })
        let resolved = named.hasPrefix("/") ? named : "/tmp/" + named
        #expect(
            realpath(resolved, nil).map { String(cString: $0) } == realpath(file, nil).map { String(cString: $0) },
            Comment(rawValue: named))
        let render = try LabProcess.launchPinned(["render", base + "-rec.jsonl", base + "-frames/"], display: nil)
        #expect(render.wait(timeout: 60) == .exited(0), Comment(rawValue: render.standardError))
        let frames = try FileManager.default.contentsOfDirectory(atPath: base + "-frames").sorted()
        #expect(frames.count > 10)
        let last = try PNG.read(from: base + "-frames/" + (frames.last ?? ""))
        let ended = try PNG.read(from: base + "-h.png")
        #expect(last[30, 120] == ended[30, 120], "the render ends where the replay ended")
        #expect(last[30, 500] == ended[30, 500])
    }

    /// In a window without `--scale`, a scene file's images are picked again for the server's scale (`Xft.dpi` 192:
    /// 2x) once the host has read it: the window shows the `@2x` pictures, as headless `--scale 2` does.
    @Test func testASceneFileInAHiDPIWindowShowsItsAt2xPictures() throws {
        let xvfb = try startServer()
        try XvfbClient(display: xvfb.display).setResources("Xft.dpi:\t192\n")
        let file = LabProcess.packageRoot + "/Examples/SceneFiles/Photo/photo.json"
        let base = "/tmp/modal-lab-scene-file-2x-\(getpid())-\(uniqueNumber())"
        defer { for suffix in ["-x.png", "-h.png"] { unlink(base + suffix) } }
        let common = ["--scene-file", file, "--no-hud"]
        let lab = try LabProcess.launchPinned(common + ["--screenshot", base + "-x.png"], display: xvfb.display)
        #expect(lab.wait(timeout: 20) == .exited(0), Comment(rawValue: lab.standardError))
        let headless = try LabProcess.launchPinned(
            common + ["--headless", "--scale", "2", "--screenshot", base + "-h.png"], display: nil)
        #expect(headless.wait(timeout: 20) == .exited(0), Comment(rawValue: headless.standardError))
        let window = try PNG.read(from: base + "-x.png"), expected = try PNG.read(from: base + "-h.png")
        #expect(window.width == 750, "the window is at 2x")
        #expect(window == expected, "the window shows what headless --scale 2 shows (the @2x pictures)")
    }

    /// Writes a recording made the README's way: a drag down on the card, released, then Q at 2 s.
    private func writeDragThenQ(to path: String) throws {
        let recording = [
            #"{"t": 0.5, "type": "down", "x": 187, "y": 300, "time": 1000}"#,
            #"{"t": 0.6, "type": "move", "x": 187, "y": 400, "time": 1000.1}"#,
            #"{"t": 0.7, "type": "up", "x": 187, "y": 400, "time": 1000.2}"#,
            #"{"t": 2.0, "type": "key", "key": "q", "time": 1001.5}"#
        ]
        try Data((recording.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path))
    }

    /// A recording made the README's way (a drag, then Q) replayed in a window quits at the recorded Q, with
    /// nobody touching the mouse (it used to wait for the first live event to notice).
    @Test func testAWindowedReplayQuitsAtTheRecordedQ() throws {
        let xvfb = try startServer()
        let path = "/tmp/modal-lab-replay-q-\(getpid())-\(uniqueNumber()).jsonl"
        defer { unlink(path) }
        try writeDragThenQ(to: path)
        let tracePath = "/tmp/modal-lab-replay-q-\(getpid())-\(uniqueNumber())-trace.jsonl"
        defer { unlink(tracePath) }
        let lab = try LabProcess.launchPinned(
            ["--scene", "pannable", "--fps", "60", "--replay", path, "--trace", tracePath],
            display: xvfb.display)
        defer { if lab.termination == nil { lab.kill(SIGKILL); _ = lab.wait(timeout: 5) } }
        #expect(lab.wait(timeout: 15) == .exited(0), "still running at the recorded Q: \(lab.standardError)")
        // The pause before Q is skipped on the replay's clock, so the trace, not the wall clock, says it got there.
        let lines = try jsonLines(tracePath)
        #expect(
            lines.contains { $0["type"] as? String == "gesture" && $0["state"] as? String == "ended" },
            "the recorded drag was replayed")
        #expect(lines.compactMap { $0["t"] as? Double }.max() ?? 0 >= 1.9, "the replay reached the Q")
        #expect(lab.standardError == "")
    }

    /// A windowed replay ending in Q writes the `--screenshot` asked for, of the last frame before the quit (the
    /// drag came to rest before the Q, so it is what the headless replay ends on); it used to quit without one.
    @Test func testAWindowedReplayEndingInQWritesItsScreenshot() throws {
        let xvfb = try startServer()
        let base = "/tmp/modal-lab-replay-q-shot-\(getpid())-\(uniqueNumber())"
        defer { for suffix in [".jsonl", "-x.png", "-h.png"] { unlink(base + suffix) } }
        try writeDragThenQ(to: base + ".jsonl")
        let common = ["--scene", "pannable", "--no-hud", "--fps", "60", "--replay", base + ".jsonl"]
        let lab = try LabProcess.launchPinned(common + ["--screenshot", base + "-x.png"], display: xvfb.display)
        defer { if lab.termination == nil { lab.kill(SIGKILL); _ = lab.wait(timeout: 5) } }
        #expect(lab.wait(timeout: 15) == .exited(0), Comment(rawValue: lab.standardError))
        #expect(lab.standardError == "")
        let headless = try LabProcess.launchPinned(
            common + ["--headless", "--screenshot", base + "-h.png"], display: nil)
        #expect(headless.wait(timeout: 20) == .exited(0), Comment(rawValue: headless.standardError))
        let shot = try #require(try? PNG.read(from: base + "-x.png"), "no screenshot was written")
        #expect(shot == (try PNG.read(from: base + "-h.png")), "the screenshot is the replay's last frame")
    }

    /// A window closed in the middle of a replay asked for a `--screenshot` writes it, of the last frame presented
    /// (the card mid-drag), and exits 0; it used to end with no file and not a word.
    @Test func testAWindowClosedMidReplayWritesTheLastFrameAsItsScreenshot() throws {
        let xvfb = try startServer()
        let base = "/tmp/modal-lab-replay-close-\(getpid())-\(uniqueNumber())"
        defer { for suffix in [".jsonl", "-x.png", "-rest.png"] { unlink(base + suffix) } }
        // A slow 30-second drag: the close comes while it plays.
        var lines = [#"{"t": 0.1, "type": "down", "x": 187, "y": 200, "time": 1000}"#]
        for i in 1 ... 1800 {
            let t = 0.1 + Double(i) / 60
            lines.append(#"{"t": \#(t), "type": "move", "x": 187, "y": \#(200 + Double(i) / 2), "time": \#(1000 + t)}"#)
        }
        #expect(
            FileManager.default.createFile(
                atPath: base + ".jsonl", contents: Data((lines.joined(separator: "\n") + "\n").utf8)))
        let common = ["--scene", "pannable", "--no-hud"]
        let lab = try LabProcess.launchPinned(
            common + ["--fps", "60", "--replay", base + ".jsonl", "--screenshot", base + "-x.png"],
            display: xvfb.display)
        defer { if lab.termination == nil { lab.kill(SIGKILL); _ = lab.wait(timeout: 5) } }
        let client = try XvfbClient(display: xvfb.display)
        let window = try #require(client.waitForWindow(class: "ModalLab"), Comment(rawValue: lab.standardError))
        wait(seconds: 1)
        #expect(lab.termination == nil, "the replay was still playing")
        client.sendDeleteWindow(window)
        #expect(lab.wait(timeout: 10) == .exited(0), Comment(rawValue: lab.standardError))
        #expect(lab.standardError == "")
        let shot = try #require(try? PNG.read(from: base + "-x.png"), "no screenshot was written")
        let rest = try LabProcess.launchPinned(
            common + ["--headless", "--screenshot", base + "-rest.png"], display: nil)
        #expect(rest.wait(timeout: 20) == .exited(0), Comment(rawValue: rest.standardError))
        #expect(shot.width == 375)
        #expect(try shot != PNG.read(from: base + "-rest.png"), "the picture is of the card mid-drag")
    }

    @Test func testScreenshotEqualsTheOffScreenRenderWithSharedMemory() throws {
        try assertScreenshotEqualsHeadless()
    }

    @Test func testScreenshotEqualsTheOffScreenRenderWithXPutImage() throws {
        try assertScreenshotEqualsHeadless(lab: ["--no-shm"])
    }

    @Test func testScreenshotEqualsTheOffScreenRenderWithoutTheExtension() throws {
        try assertScreenshotEqualsHeadless(server: ["-extension", "MIT-SHM"])
    }

    @Test func testKill9LeavesNoSharedMemorySegment() throws {
        let xvfb = try startServer()
        let lab = try LabProcess.launchPinned(["--size", "240x400"], display: xvfb.display)
        let client = try XvfbClient(display: xvfb.display)
        #expect(client.waitForWindow(class: "ModalLab") != nil, Comment(rawValue: lab.standardError))
        let segments = SharedMemorySegments.created(by: lab.pid)
        #expect(segments.count == 1, "one presentation buffer (it holds what the server shows) while running")
        for segment in segments {
            #expect(segment.mode & 0o777 == 0o600, "segments are private to the user")
            #expect(segment.mode & SharedMemorySegments.markedForDestruction != 0, "IPC_RMID after attach")
        }
        lab.kill(SIGKILL)
        #expect(lab.wait(timeout: 5) == .signaled(SIGKILL))
        let ids = Set(segments.map(\.id))
        let deadline = ChildProcess.now() + 5
        var left = ids
        while !left.isEmpty && ChildProcess.now() < deadline {
            _ = client.drainCreatedWindows() // a round trip: the server has handled the disconnect by now
            left = ids.intersection(SharedMemorySegments.all().map(\.id))
        }
        #expect(left == [], "segments outlived the killed process")
    }

    @Test func testServerDeathEndsTheLabWithinASecond() throws {
        let xvfb = try startServer()
        let lab = try LabProcess.launchPinned(["--size", "240x400"], display: xvfb.display)
        do {
            let client = try XvfbClient(display: xvfb.display)
            #expect(client.waitForWindow(class: "ModalLab") != nil, Comment(rawValue: lab.standardError))
        } // the client disconnects before the server dies, or this test process would lose its connection too
        let killedAt = ChildProcess.now()
        xvfb.kill9()
        let ended = lab.wait(timeout: 1)
        let elapsed = ChildProcess.now() - killedAt
        guard case .exited(let code)? = ended else {
            Issue.record("lab did not exit within 1 s (\(String(describing: ended))): \(lab.standardError)"); return
        }
        #expect(code != 0)
        #expect(elapsed < 1)
        let lines = lab.standardError.split(separator: "\n")
        #expect(lines.count == 1, Comment(rawValue: lab.standardError))
        #expect(lab.standardError.contains("X server"), Comment(rawValue: lab.standardError))
        print("lab exited \(code) \(Int(elapsed * 1000)) ms after the X server was killed")
    }

    @Test func testIdleWindowUsesAlmostNoCPU() throws {
        let xvfb = try startServer()
        let lab = try LabProcess.launchPinned(["--size", "240x400"], display: xvfb.display)
        let client = try XvfbClient(display: xvfb.display)
        #expect(client.waitForWindow(class: "ModalLab") != nil, Comment(rawValue: lab.standardError))
        wait(seconds: 0.3) // let the first frame go out
        let before = try #require(ProcessCost.cpuSeconds(of: lab.pid))
        wait(seconds: 1)
        let after = try #require(ProcessCost.cpuSeconds(of: lab.pid))
        let used = after - before
        print("idle modal-lab used \(Int((used * 1000).rounded())) ms of CPU in 1 s")
        #expect(used < 0.05)
        #expect(lab.termination == nil, "still running")
    }

    /// A config replaced by a FIFO while the lab runs: the reload is refused with its whole line on stderr (even
    /// with the HUD hidden), and the lab still ends on SIGTERM. It used to wait in `open` for a writer, deaf to Q,
    /// SIGTERM and SIGINT.
    @Test func testAConfigReplacedByAFIFOIsRefusedAndTheLabStillStops() throws {
        let xvfb = try startServer()
        let config = "/tmp/modal-lab-fifo-config-\(getpid())-\(uniqueNumber()).json"
        defer { unlink(config) }
        #expect(FileManager.default.createFile(atPath: config, contents: Data(#"{"threshold": 0.4}"#.utf8)))
        let lab = try LabProcess.launchPinned(
            ["--size", "240x400", "--no-hud", "--config", config], display: xvfb.display)
        let client = try XvfbClient(display: xvfb.display)
        #expect(client.waitForWindow(class: "ModalLab") != nil, Comment(rawValue: lab.standardError))
        #expect(unlink(config) == 0)
        #expect(mkfifo(config, 0o600) == 0)
        let expected = "modal-lab: reload: cannot read config file \(config): it is a FIFO, not a regular file\n"
        let deadline = ChildProcess.now() + 5
        while lab.standardError.isEmpty && ChildProcess.now() < deadline { wait(seconds: 0.02) }
        #expect(lab.standardError == expected)
        lab.kill(SIGTERM)
        #expect(lab.wait(timeout: 5) == .exited(128 + SIGTERM), Comment(rawValue: lab.standardError))
    }

    /// Lets real time pass: the idle test is about what the process does while nothing happens.
    private func wait(seconds: Double) {
        var pause = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - Double(Int(seconds))) * 1e9))
        nanosleep(&pause, nil)
    }

    /// `--font` naming the file fontconfig picks for sans-serif draws exactly what no `--font` draws, bold
    /// included: the inspector's title, the selected segments and "quadratic" come from the family's bold face.
    /// Before, the one file drew bold text too, so those came out regular.
    @Test func testFontFileOfTheDefaultFamilyDrawsTheSamePicture() throws {
        guard let regular = Font.findPath(family: "Inter", weight: 80) else {
            try TestIssue.skip("Inter, the default family, is not installed")
        }
        let withFont = "/tmp/modal-lab-font-\(getpid())-\(uniqueNumber()).png",
            without = "/tmp/modal-lab-nofont-\(getpid())-\(uniqueNumber()).png"
        defer { unlink(withFont); unlink(without) }
        let common = ["--scene", "interactor", "--inspector", "--headless"]
        let named = try LabProcess.launchPinned(common + ["--font", regular, "--screenshot", withFont], display: nil)
        #expect(named.wait(timeout: 20) == .exited(0), Comment(rawValue: named.standardError))
        let plain = try LabProcess.launchPinned(common + ["--screenshot", without], display: nil)
        #expect(plain.wait(timeout: 20) == .exited(0), Comment(rawValue: plain.standardError))
        #expect(
            try PNG.read(from: withFont) == PNG.read(from: without),
            "--font \(regular) drew semibold or bold text differently")
    }
}

/// Bad output paths fail before anything opens, with one line and no file left behind.
@Suite final class LabOutputPathTests {
    @Test func testUnwritableTracePathFailsBeforeAWindowOpens() throws {
        let lab = try LabProcess.launchPinned(["--trace", "/nonexistent-dir/trace.jsonl"], display: ":999")
        #expect(lab.wait(timeout: 10) == .exited(1))
        #expect(
            lab.standardError
                == "modal-lab: cannot write trace /nonexistent-dir/trace.jsonl: No such file or directory\n",
            "checked before connecting to the (absent) display :999")
    }

    @Test func testFailedHeadlessScreenshotLeavesNoFile() throws {
        let path = "/proc/modal-lab-shot.png"
        let lab = try LabProcess.launchPinned(["--headless", "--screenshot", path], display: nil)
        #expect(lab.wait(timeout: 20) == .exited(1))
        #expect(lab.standardError.split(separator: "\n").count == 1, Comment(rawValue: lab.standardError))
        #expect(lab.standardError.contains(path), Comment(rawValue: lab.standardError))
        #expect(access(path, F_OK) != 0)
    }
}

/// Commands the lab answers without running (help, a scene's help, the version, the list of scenes) print their
/// answer once and exit 0.
@Suite final class LabAnswerTests {
    @Test func testEachAnswerIsPrintedOnce() throws {
        let answers: [([String], String)] = [
            (["--help"], "usage: modal-lab"), (["-h"], "usage: modal-lab"), (["--scene", "sheet", "--help"], "sheet: "),
            (["--scene=sheet", "--help"], "sheet: "), (["--version"], "modal-lab "), (["--list-scenes"], "interactor\t")
        ]
        for (arguments, opening) in answers {
            let lab = try LabProcess.launchPinned(arguments, display: nil)
            #expect(lab.wait(timeout: 10) == .exited(0), "\(arguments): \(lab.standardError)")
            let output = lab.standardOutput
            #expect(output.hasPrefix(opening), "\(arguments): \(output.prefix(200))")
            #expect(
                output.split(separator: "\n").filter { $0.hasPrefix(opening) }.count == 1,
                "\(arguments) printed once: \(output)")
            #expect(lab.standardError == "", "\(arguments)")
        }
    }
}
