import Foundation
import Glibc
import ModalLabDriver
import ModalKitTestSupport
import Testing

/// `modal-lab render` as a process, over a recording with a long pause: the pause costs nothing in a WebP or a
/// GIF and is shortened in an MP4 or a PNG folder, a stop signal ends the render at once wherever it is, and an
/// encoder that stops reading fails the render (or gives way to the signal) instead of holding it for good.
@Suite final class RenderProcessTests {
    private var folder = ""

    init() throws {
        folder = "/tmp/modal-lab-render-process-\(getpid())-\(Int.random(in: 0 ..< 1_000_000))"
        #expect(mkdir(folder, 0o755) == 0)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// A pannable card dragged 40 pt and let go by 0.5 s, then nothing until `pause` s, when the pointer moves.
    private func pausedRecording(_ pause: Double) throws -> String {
        let path = folder + "/pause-\(Int(pause)).jsonl"
        let lines = [
            #"{"type":"session","args":["--scene","pannable","--size","375x667","--no-hud"]}"#,
            #"{"t":0.3,"type":"down","x":187,"y":300,"time":0.3}"#,
            #"{"t":0.4,"type":"move","x":187,"y":340,"time":0.4}"#,
            #"{"t":0.5,"type":"up","x":187,"y":340,"time":0.5}"#,
            #"{"t":\#(pause),"type":"move","x":100,"y":100,"time":\#(pause)}"#
        ]
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    /// `modal-lab render` with `arguments`, ffmpeg looked for in `path` first when given.
    private func render(_ arguments: [String], ffmpegIn path: String? = nil) throws -> ChildProcess {
        guard let path else { return try LabProcess.launchPinned(["render"] + arguments, display: nil) }
        var environment = ChildProcess.currentEnvironment()
        environment["PATH"] = path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["DISPLAY"] = nil
        return try ChildProcess(
            LabProcess.executablePath, arguments: ["render"] + arguments, environment: environment,
            ownProcessGroup: true)
    }

    /// Waits (at most `timeout` s) until `condition` holds, looking every `interval` s.
    private func eventually(_ timeout: Double, every interval: Double = 0.005, _ condition: () -> Bool) -> Bool {
        let deadline = ChildProcess.now() + timeout
        while ChildProcess.now() < deadline {
            if condition() { return true }
            var pause = timespec(tv_sec: 0, tv_nsec: Int((interval * 1e9).rounded()))
            nanosleep(&pause, nil)
        }
        return condition()
    }

    private func names() -> [String] { (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] }

    /// How many bytes the encoder `pid` started has read (`rchar` in its /proc io), nil before it runs.
    private func encoderBytesRead(by pid: pid_t) -> Int? {
        guard let children = try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8),
            let child = children.split(separator: " ").first,
            let io = try? String(contentsOfFile: "/proc/\(child)/io", encoding: .utf8),
            let line = io.split(separator: "\n").first(where: { $0.hasPrefix("rchar:") })
        else { return nil }
        return Int(line.dropFirst("rchar:".count).trimmingCharacters(in: .whitespaces))
    }

    /// Ends `process` for good when a test leaves it running (it failed), so no render outlives the test.
    private func reap(_ process: ChildProcess) {
        if process.wait(timeout: 0) == nil {
            process.kill(SIGKILL)
            _ = process.wait(timeout: 10)
        }
    }

    /// ffprobe's answer for `entries` of `path`, one line; nil without ffprobe.
    private func probe(_ path: String, _ entries: String) throws -> String? {
        guard access("/usr/bin/ffprobe", X_OK) == 0 else { return nil }
        let probe = try ChildProcess(
            "/usr/bin/ffprobe", arguments: ["-v", "error", "-show_entries", entries, "-of", "csv=p=0", path])
        #expect(probe.wait(timeout: 60) == .exited(0), Comment(rawValue: probe.standardError))
        return probe.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A day's pause (5,184,000 display frames) is one frame with its delay in a GIF and a WebP: the render takes
    /// as long as the drag's frames, and the file plays for the whole recording. It used to render every frame
    /// of the pause (hours).
    @Test func testADaysPauseCostsNothingInAGIFOrAWebP() throws {
        let recording = try pausedRecording(86_400)
        for name in ["day.gif", "day.webp"] {
            let run = try render([recording, folder + "/" + name])
            defer { reap(run) }
            #expect(run.wait(timeout: 60) == .exited(0), "\(name): \(run.standardError)")
            #expect(run.standardError == "", Comment(rawValue: name))
        }
        if let duration = try probe(folder + "/day.gif", "format=duration").flatMap(Double.init) {
            expectClose(duration, 86_400, within: 1, "the GIF plays the whole day")
        }
        if !(access("/usr/bin/webpmux", X_OK) == 0) {
            try TestIssue.skip("no webpmux: bash .ci/deps --test installs webp")
        }
        let info = try ChildProcess("/usr/bin/webpmux", arguments: ["-info", folder + "/day.webp"])
        #expect(info.wait(timeout: 60) == .exited(0), Comment(rawValue: info.standardError))
        // Frame rows: "No.: width height alpha x_offset y_offset duration ...".
        let durations = info.standardOutput.split(separator: "\n").filter { $0.first == " " && $0.contains(":") }
            .compactMap { $0.split(separator: " ").dropFirst(6).first.flatMap { Int($0) } }
        expectClose(Double(durations.reduce(0, +)) / 1000, 86_400, within: 1, "the WebP plays the whole day")
        #expect(durations.allSatisfy { $0 < 1 << 24 }, "no frame longer than the format's 24 bits: \(durations)")
        #expect(durations.count < 40, "the pause is a few frames, not thousands")
    }

    /// A PNG folder (and an MP4) stores every display frame: a 600-s pause is shortened to `LabLimits.longestStill`
    /// (10 s, 600 frames at 60 fps), with one line saying so.
    @Test func testALongPauseIsShortenedInAPNGFolder() throws {
        let recording = try pausedRecording(600)
        let run = try render([recording, folder + "/frames/"])
        defer { reap(run) }
        #expect(run.wait(timeout: 120) == .exited(0), Comment(rawValue: run.standardError))
        #expect(
            run.standardError
                == "modal-lab render: a still of 599 s was shortened to 10 s in \(folder)/frames/: an MP4 or a PNG folder "
                + "holds a still at most 10 s (a .webp or .gif keeps any pause whole)\n")
        let frames = try FileManager.default.contentsOfDirectory(atPath: folder + "/frames")
        // Before the pause: the drag and the card's return, under a second. After it: the move's frame and rest.
        #expect(frames.count > 600)
        #expect(frames.count < 600 + 120)
    }

    /// SIGTERM (or Ctrl-C) while the render writes a long pause's frames: exit 128 + N at once, and nothing left
    /// of the output, neither frames nor temporary files. It used to go on writing, deaf to every signal but
    /// SIGKILL (which left a partial folder and a temporary file).
    @Test func testAStopSignalInALongPauseEndsTheRender() throws {
        let recording = try pausedRecording(86_400)
        let run = try render([recording, folder + "/frames/"])
        defer { reap(run) }
        // The drag and the card's return are about 60 frames, the shortened pause 600 more: at frame 101 the pause
        // is being written. The render is stopped there (SIGSTOP) so that the signal lands in the pause however
        // fast a build writes it, and goes on with the signal pending.
        let writing = eventually(60, every: 0.001) { access(folder + "/frames/frame-00101.png", F_OK) == 0 }
        run.kill(SIGSTOP)
        #expect(writing, "the pause was never reached: \(run.standardError)")
        #expect(access(folder + "/frames/frame-00600.png", F_OK) != 0, "stopped in the pause")
        run.kill(SIGINT)
        run.kill(SIGCONT)
        #expect(run.wait(timeout: 5) == .exited(128 + SIGINT), Comment(rawValue: run.standardError))
        #expect(run.standardError == "")
        #expect(names().filter { $0 != "pause-86400.jsonl" } == [], "the stopped render left files")
    }

    /// The same for an MP4: SIGTERM while ffmpeg is being fed the pause ends the render and ffmpeg, and leaves no
    /// temporary file.
    @Test func testAStopSignalInALongPauseEndsAnMP4Render() throws {
        if !(access("/usr/bin/ffmpeg", X_OK) == 0) { try TestIssue.skip("no ffmpeg: bash .ci/deps --test installs it") }
        let recording = try pausedRecording(86_400)
        let run = try render([recording, folder + "/day.mp4"])
        defer { reap(run) }
        // The drag and the card's return are about 60 frames: once ffmpeg has read 100, the pause is being fed.
        let frameBytes = 375 * 667 * 4
        let feeding = eventually(60) { (encoderBytesRead(by: run.pid) ?? 0) > 100 * frameBytes }
        #expect(feeding, "the pause was never reached: \(run.standardError)")
        run.kill(SIGTERM)
        #expect(run.wait(timeout: 5) == .exited(128 + SIGTERM), Comment(rawValue: run.standardError))
        #expect(run.standardError == "")
        #expect(names().filter { $0 != "pause-86400.jsonl" } == [], "the stopped render left files")
    }
}

extension RenderProcessTests {
    /// A stand-in for ffmpeg in a folder of its own: it writes its pid to `pid`, closes its input when `closes`,
    /// and then sleeps without reading a byte, as a hung or stopped ffmpeg does.
    private func stalledEncoder(closes: Bool) throws -> (folder: String, pid: String) {
        let bin = folder + "/bin-\(closes)"
        #expect(mkdir(bin, 0o755) == 0)
        let pid = bin + "/pid"
        let script = "#!/bin/sh\necho $$ > '\(pid)'\n" + (closes ? "exec 0<&-\n" : "") + "exec sleep 1000\n"
        try script.write(toFile: bin + "/ffmpeg", atomically: false, encoding: .utf8)
        #expect(chmod(bin + "/ffmpeg", 0o755) == 0)
        return (bin, pid)
    }

    /// Ends the stand-in whose pid is in the file at `path`, if it is still there (the render under test failed
    /// to end it), so no test leaves a process behind.
    private func endEncoder(_ path: String) {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8), let pid = pid_t(text.filter(\.isNumber))
        else { return }
        kill(pid, SIGKILL)
    }

    /// Whether the process whose pid is in the file at `path` is gone (or never wrote it).
    private func isGone(_ path: String) -> Bool {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8), let pid = pid_t(text.filter(\.isNumber))
        else { return true }
        return kill(pid, 0) != 0
    }

    /// An encoder that takes nothing (stopped, or its input closed while it lives on): the render fails with one
    /// line after `OutputFile.stallLimit` (2 s), the encoder is ended, and no temporary file is left. It used
    /// to wait in the pipe's write (or for the encoder's exit) for good.
    @Test func testAnEncoderThatStopsReadingFailsTheRender() throws {
        let recording = try pausedRecording(10)
        for closes in [false, true] {
            let encoder = try stalledEncoder(closes: closes)
            let start = ChildProcess.now()
            let run = try render([recording, folder + "/out.mp4"], ffmpegIn: encoder.folder)
            defer { reap(run); endEncoder(encoder.pid) }
            #expect(run.wait(timeout: 10) == .exited(1), "closes \(closes): \(run.standardError)")
            #expect(ChildProcess.now() - start < 8, "closes \(closes): the stall limit is 2 s")
            let reason = closes ? "Broken pipe" : "its reader took nothing for 2 s"
            #expect(run.standardError == "modal-lab render: cannot write frames to ffmpeg: \(reason)\n")
            #expect(eventually(5) { isGone(encoder.pid) }, "closes \(closes): the encoder was ended")
            #expect(names().filter { $0.hasPrefix(".modalkit") || $0 == "out.mp4" } == [], "closes \(closes)")
        }
    }

    /// SIGTERM while the render waits for an encoder that takes nothing: exit 143 at once, before the stall
    /// limit, with the encoder ended and nothing left.
    @Test func testAStopSignalEndsAWaitForAStalledEncoder() throws {
        let recording = try pausedRecording(10)
        let encoder = try stalledEncoder(closes: false)
        let run = try render([recording, folder + "/out.mp4"], ffmpegIn: encoder.folder)
        defer { reap(run); endEncoder(encoder.pid) }
        // The encoder has started (the pipe's 64 KB fill in the first frame's write): the render waits for it.
        #expect(eventually(20) { !isGone(encoder.pid) }, "the encoder never started: \(run.standardError)")
        run.kill(SIGTERM)
        #expect(run.wait(timeout: 1.5) == .exited(128 + SIGTERM), Comment(rawValue: run.standardError))
        #expect(run.standardError == "")
        #expect(eventually(5) { isGone(encoder.pid) }, "the encoder was ended")
        #expect(names().filter { $0.hasPrefix(".modalkit") || $0 == "out.mp4" } == [])
    }
}
