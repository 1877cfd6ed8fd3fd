import Foundation
import Glibc
import ModalKit
import ModalLabDriver
import XCTest
@testable import ModalLab
@testable import ModalLabCore

/// `modal-lab render`: the frames of a recording are the frames `--headless --replay --screenshot` shows at the
/// same instants, one per display frame of its duration, and the MP4 and WebP decode back to them.
final class RenderCommandTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = "/tmp/modal-lab-render-\(getpid())-\(Int.random(in: 0 ..< 1_000_000))"
        XCTAssertEqual(mkdir(folder, 0o755), 0)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: folder)
        super.tearDown()
    }

    /// The session every recording here comes from, as `--record` writes it.
    private let session = ["--scene", "pannable", "--size", "375x667", "--no-hud"]

    /// A slow 200-pt drag down the pannable card: pressed at 0.3 s, one move every 20 ms until 0.8 s, then held;
    /// released at `release` unless nil.
    private func drag(release: Double?) -> [String] {
        var lines = [#"{"t":0.3,"type":"down","x":187,"y":300,"time":0.3}"#]
        for i in 1 ... 25 {
            let t = 0.3 + Double(i) * 0.02
            lines.append(#"{"t":\#(t),"type":"move","x":187,"y":\#(300 + 8 * i),"time":\#(t)}"#)
        }
        if let release { lines.append(#"{"t":\#(release),"type":"up","x":187,"y":500,"time":\#(release)}"#) }
        return lines
    }

    /// Writes a recording of `events` after the session line; its path.
    private func recording(_ name: String, _ events: [String]) throws -> String {
        let path = folder + "/" + name
        let sessionLine = RecordedSession.line(try LabConfiguration(pinnedArguments: session))
        try ([sessionLine] + events).joined(separator: "\n").write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    /// `modal-lab render` in this process; its exit code.
    private func render(_ arguments: [String]) -> Int32 { RenderCommand.run(arguments) }

    /// The PNG `--headless --replay RECORDING --screenshot` writes, as bytes.
    private func screenshot(of recording: String) throws -> [UInt8] {
        let path = folder + "/shot-\(Int.random(in: 0 ..< 1_000_000)).png"
        let configuration = try LabConfiguration(
            arguments: session + ["--headless", "--replay", recording, "--screenshot", path])
        XCTAssertEqual(try HeadlessRun.run(configuration, replay: try Recording.read(from: recording)), 0)
        return try bytes(path)
    }

    private func bytes(_ path: String) throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: path))) }

    private func frames(_ folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".png") }.sorted()
            .map { folder + "/" + $0 }
    }

    /// A held drag's last move is at 0.8 s: it is handled in the first frame after it (frame 49, at 0.8167 s),
    /// after which the lab rests with the finger down. So 50 frames, the last of them what a headless replay of
    /// the same recording shows; the frames before the press show what a replay of nothing shows once the
    /// presentation is over.
    func testFramesAreTheHeadlessReplaysFramesOnePerDisplayFrame() throws {
        let held = try recording("held.jsonl", drag(release: nil))
        XCTAssertEqual(render([held, folder + "/held/"]), 0)
        let shown = try frames(folder + "/held")
        XCTAssertEqual(shown.count, Int((0.8 * 60).rounded(.down)) + 2)
        XCTAssertTrue(try bytes(shown[shown.count - 1]) == screenshot(of: held), "the last frame is the replay's")
        let idle = try recording("idle.jsonl", [])
        // Frame 17 is at 0.283 s, before the press at 0.3 s.
        XCTAssertTrue(try bytes(shown[17]) == screenshot(of: idle), "a frame before the press is the resting stage")
        XCTAssertTrue(try bytes(shown[30]) != bytes(shown[17]), "the drag moved the card")
    }

    /// A released drag: the frames while the finger rests (0.8 s to 1.2 s) are the held drag's last, and the
    /// last is where the release came to rest. `--slow 2` holds each frame twice.
    func testReleasedDragAndSlowMotion() throws {
        let released = try recording("released.jsonl", drag(release: 1.2))
        let held = try recording("held.jsonl", drag(release: nil))
        XCTAssertEqual(render([released, folder + "/released/"]), 0)
        let shown = try frames(folder + "/released")
        XCTAssertTrue(try bytes(shown[65]) == screenshot(of: held), "frame 65 (1.083 s): the finger resting")
        XCTAssertTrue(try bytes(shown[shown.count - 1]) == screenshot(of: released), "the last frame is at rest")
        XCTAssertEqual(render([released, folder + "/slow/", "--slow", "2"]), 0)
        let slow = try frames(folder + "/slow")
        XCTAssertEqual(slow.count, 2 * shown.count)
        for i in [0, 40, 65, shown.count - 1] {
            XCTAssertTrue(try bytes(slow[2 * i]) == bytes(shown[i]), "slow frame \(2 * i)")
            XCTAssertTrue(try bytes(slow[2 * i + 1]) == bytes(shown[i]), "slow frame \(2 * i + 1)")
        }
    }

    /// `--pointer` draws a dot where the finger is, bigger while pressed, and nothing else changes.
    func testPointerDot() throws {
        let held = try recording("held.jsonl", drag(release: nil))
        XCTAssertEqual(render([held, folder + "/plain/"]), 0)
        XCTAssertEqual(render([held, folder + "/dot/", "--pointer"]), 0)
        let plain = try PNG.read(from: try frames(folder + "/plain").last ?? ""),
            dot = try PNG.read(from: try frames(folder + "/dot").last ?? "")
        // The finger is at (187, 500): 20 pt away the pressed dot (radius 22) covers, 30 pt away it does not.
        XCTAssertNotEqual(dot[187, 480], plain[187, 480])
        XCTAssertEqual(dot[187, 470], plain[187, 470])
        XCTAssertEqual(dot[20, 20], plain[20, 20])
    }

    /// The MP4 decodes to one H.264 frame per display frame at 60 fps, twice as many with `--slow 2`.
    func testMP4FrameCountAndRate() throws {
        try XCTSkipUnless(access("/usr/bin/ffprobe", X_OK) == 0, "no ffprobe: bash .ci/deps --test installs ffmpeg")
        let held = try recording("held.jsonl", drag(release: nil))
        for slow in [1, 2] {
            let out = folder + "/held-\(slow).mp4"
            XCTAssertEqual(render([held, out, "--slow", "\(slow)"]), 0)
            let probe = try ChildProcess(
                "/usr/bin/ffprobe",
                arguments: [
                    "-v", "error", "-count_frames", "-select_streams", "v:0",
                    "-show_entries", "stream=codec_name,nb_read_frames,r_frame_rate", "-of", "csv=p=0", out
                ])
            XCTAssertEqual(probe.wait(timeout: 60), .exited(0), probe.standardError)
            XCTAssertEqual(probe.standardOutput, "h264,60/1,\(50 * slow)\n")
        }
    }

    /// The WebP has a frame for each frame that differs from the one before (libwebp lengthens a frame that
    /// repeats), and its durations add up to the clip's length at 60 fps.
    func testWebPFramesAndDurations() throws {
        try XCTSkipUnless(access("/usr/bin/webpmux", X_OK) == 0, "no webpmux: bash .ci/deps --test installs webp")
        let released = try recording("released.jsonl", drag(release: 1.2))
        XCTAssertEqual(render([released, folder + "/png/"]), 0)
        XCTAssertEqual(render([released, folder + "/clip.webp"]), 0)
        let pngs = try frames(folder + "/png").map(bytes)
        let changes = 1 + zip(pngs, pngs.dropFirst()).filter { $0 != $1 }.count
        let info = try ChildProcess("/usr/bin/webpmux", arguments: ["-info", folder + "/clip.webp"])
        XCTAssertEqual(info.wait(timeout: 60), .exited(0), info.standardError)
        let lines = info.standardOutput.split(separator: "\n")
        XCTAssertTrue(lines.contains("Number of frames: \(changes)"), info.standardOutput)
        // Frame rows: "No.: width height alpha x_offset y_offset duration ...".
        let durations = lines.filter { $0.first == " " && $0.contains(":") }.compactMap { line in
            line.split(separator: " ").dropFirst(6).first.flatMap { Int($0) }
        }
        XCTAssertEqual(durations.count, changes)
        XCTAssertEqual(durations.reduce(0, +), Int((Double(pngs.count) * 1000 / 60).rounded()))
    }

    /// At `--slow 2` (30 frames a second, 3.3/100 s each) the GIF keeps every frame that changed; a player reads
    /// them all back.
    func testGIFKeepsEveryChangeAtHalfSpeed() throws {
        try XCTSkipUnless(access("/usr/bin/ffprobe", X_OK) == 0, "no ffprobe: bash .ci/deps --test installs ffmpeg")
        let released = try recording("released.jsonl", drag(release: 1.2))
        XCTAssertEqual(render([released, folder + "/png/"]), 0)
        XCTAssertEqual(render([released, folder + "/clip.gif", "--slow", "2"]), 0)
        let pngs = try frames(folder + "/png").map(bytes)
        let changes = 1 + zip(pngs, pngs.dropFirst()).filter { $0 != $1 }.count
        let probe = try ChildProcess(
            "/usr/bin/ffprobe",
            arguments: [
                "-v", "error", "-count_frames", "-show_entries", "stream=codec_name,nb_read_frames", "-of", "csv=p=0",
                folder + "/clip.gif"
            ])
        XCTAssertEqual(probe.wait(timeout: 60), .exited(0), probe.standardError)
        XCTAssertEqual(probe.standardOutput, "gif,\(changes)\n")
    }

    /// `--record` starts the recording with the session's options, and `render` takes them back: the scene,
    /// size, parameters and HUD of the session, not the defaults.
    func testRecordingCarriesTheSession() throws {
        let path = folder + "/session.jsonl"
        var live = try LabConfiguration(pinnedArguments: [
            "--scene", "sheet", "--size", "320x480", "--set", "response=0.4", "--no-hud"
        ])
        live.recordPath = path
        try LabOutputs(live).close()
        let options = try XCTUnwrap(try RenderOptions([path, folder + "/out.webp"]))
        let rendered = try options.configuration(for: try Recording.read(from: path))
        XCTAssertEqual(rendered.sceneKind.name, "sheet")
        XCTAssertEqual(rendered.size, Size(width: 320, height: 480))
        XCTAssertEqual(rendered.parameterOverrides.map { "\($0.0)=\($0.1)" }, ["response=0.4"])
        XCTAssertFalse(rendered.showsHUD)
        let hud = try XCTUnwrap(try RenderOptions([path, folder + "/out.webp", "--hud", "--size", "375x667"]))
        let overridden = try hud.configuration(for: try Recording.read(from: path))
        XCTAssertTrue(overridden.showsHUD)
        XCTAssertEqual(overridden.size, Size(width: 375, height: 667))
    }
}
