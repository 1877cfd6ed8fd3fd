import Foundation
import Glibc
import ModalKit
import XCTest
@testable import ModalLab
@testable import ModalLabCore

/// A recording or an export of a scene file names the scene file and its images relative to itself when they
/// share a folder tree, so the tree moves whole; and a recording keeps each file's digest, so a replay or a
/// render refuses pictures that changed since instead of showing them silently.
final class PortableRecordingTests: XCTestCase {
    private var root = ""
    /// The tree that moves: `scenes/` (the scene file and its PNGs) and `recordings/`.
    private var tree: String { root + "/project" }
    static let home: UInt32 = 0xFF20_4060, card: UInt32 = 0xFFE0_8020

    override func setUpWithError() throws {
        root = "/tmp/modal-lab-portable-\(getpid())-\(Int.random(in: 0 ..< 1_000_000))"
        for folder in [root, tree, tree + "/scenes", tree + "/recordings"] { XCTAssertEqual(mkdir(folder, 0o755), 0) }
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: root)
        super.tearDown()
    }

    private func writePNG(_ path: String, _ color: UInt32) throws {
        var bitmap = Bitmap(width: 375, height: 667)
        bitmap.pixels = Array(repeating: color, count: 375 * 667)
        try PNG.write(bitmap, to: path)
    }

    /// A pannable scene in `scenes/`, and a recording in `recordings/` of a released drag in it, as `--record`
    /// writes it (the session line from `LabOutputs`, then the events); the recording's path.
    private func recordedDrag() throws -> String {
        try writePNG(tree + "/scenes/home.png", Self.home)
        try writePNG(tree + "/scenes/card.png", Self.card)
        try #"{"version": 1, "name": "mine", "style": "pannable", "presenting": "home.png", "presented": "card.png"}"#
            .write(toFile: tree + "/scenes/scene.json", atomically: false, encoding: .utf8)
        let path = tree + "/recordings/drag.jsonl"
        var live = try LabConfiguration(pinnedArguments: [
            "--scene-file", tree + "/scenes/scene.json", "--size", "375x667", "--no-hud"
        ])
        live.recordPath = path
        try LabOutputs(live).close()
        var events = [#"{"t":0.3,"type":"down","x":187,"y":300,"time":0.3}"#]
        for i in 1 ... 10 {
            events.append(#"{"t":\#(0.3 + 0.02 * Double(i)),"type":"move","x":187,"y":\#(300 + 10 * i),"time":0}"#)
        }
        events.append(#"{"t":0.6,"type":"up","x":187,"y":400,"time":0.6}"#)
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
        handle.seekToEndOfFile()
        handle.write(Data((events.joined(separator: "\n") + "\n").utf8))
        handle.closeFile()
        return path
    }

    private func bytes(_ path: String) throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: path))) }

    /// Every frame `render` writes of `recording` into a new folder `name` under the root (outside the tree).
    private func renderedFrames(_ recording: String, _ name: String) throws -> [[UInt8]] {
        let out = root + "/" + name
        XCTAssertEqual(RenderCommand.run([recording, out + "/"]), 0)
        return try FileManager.default.contentsOfDirectory(atPath: out).sorted().map { try bytes(out + "/" + $0) }
    }

    /// The screenshot a headless `--replay` of `recording` ends on.
    private func replayed(_ recording: String, _ name: String) throws -> [UInt8] {
        let shot = root + "/" + name
        XCTAssertEqual(LabMain.run(["--headless", "--replay", recording, "--screenshot", shot]), 0)
        return try bytes(shot)
    }

    func testFNV1a64KnownVectors() {
        XCTAssertEqual(FileDigest.fnv1a64([]), "cbf29ce484222325")
        XCTAssertEqual(FileDigest.fnv1a64(Array("a".utf8)), "af63dc4c8601ec8c")
        XCTAssertEqual(FileDigest.fnv1a64(Array("foobar".utf8)), "85944171f73967e8")
    }

    func testPathsAreRelativeInsideOneTreeAndAbsoluteAcrossTheRoot() throws {
        try writePNG(tree + "/scenes/home.png", Self.home)
        let recording = tree + "/recordings/r.jsonl"
        XCTAssertEqual(PortablePath.written(tree + "/scenes/home.png", in: recording), "../scenes/home.png")
        XCTAssertEqual(PortablePath.written(tree + "/scenes/home.png", in: tree + "/scenes/x.json"), "home.png")
        XCTAssertEqual(
            PortablePath.resolved("../scenes/home.png", in: recording), tree + "/recordings/../scenes/home.png")
        XCTAssertEqual(PortablePath.resolved("/abs/home.png", in: recording), "/abs/home.png")
        // Sharing only `/` (here /dev): not one tree, so the name stays absolute.
        XCTAssertEqual(PortablePath.written("/dev/null", in: recording), "/dev/null")
        // No recording (a session's arguments asked for without --record): absolute, whatever the current folder.
        let old = FileManager.default.currentDirectoryPath
        XCTAssertEqual(chdir(tree), 0)
        defer { chdir(old) }
        XCTAssertEqual(PortablePath.written("scenes/home.png", in: ""), tree + "/scenes/home.png")
    }

    func testARecordingMovedWithItsTreeReplaysAndRendersTheSameFrames() throws {
        let recording = try recordedDrag()
        let session = try String(contentsOfFile: recording, encoding: .utf8).split(separator: "\n")[0]
        XCTAssertTrue(session.contains(#""--scene-file","../scenes/scene.json""#), "\(session)")
        let frames = try renderedFrames(recording, "before")
        let shot = try replayed(recording, "before.png")
        XCTAssertGreaterThan(frames.count, 30)
        XCTAssertEqual(rename(tree, root + "/moved"), 0, "the whole tree moves")
        let moved = root + "/moved/recordings/drag.jsonl"
        let after = try renderedFrames(moved, "after")
        XCTAssertEqual(after.count, frames.count)
        XCTAssertTrue(after == frames, "every rendered frame is the same from the new place")
        XCTAssertTrue(try replayed(moved, "after.png") == shot, "and the replay ends on the same screen")
    }

    /// A recording reached through a symbolic link in another folder (a shared "latest.jsonl") still finds the
    /// scene file beside the real recording.
    func testARecordingReadThroughALinkFindsItsSceneFile() throws {
        let recording = try recordedDrag()
        XCTAssertEqual(symlink(recording, root + "/latest.jsonl"), 0)
        XCTAssertEqual(
            LabMain.run(["--headless", "--replay", root + "/latest.jsonl", "--screenshot", root + "/l.png"]), 0)
        XCTAssertTrue(try bytes(root + "/l.png") == replayed(recording, "direct.png"))
    }

    func testAnExportMovedWithItsTreeLoadsBack() throws {
        try writePNG(tree + "/scenes/home.png", Self.home)
        try writePNG(tree + "/scenes/card.png", Self.card)
        try #"{"version": 1, "name": "mine", "style": "pannable", "presenting": "home.png", "presented": "card.png"}"#
            .write(toFile: tree + "/scenes/scene.json", atomically: false, encoding: .utf8)
        let lab = try HeadlessLab(
            configuration: try LabConfiguration(pinnedArguments: [
                "--scene-file", tree + "/scenes/scene.json", "--no-hud"
            ]))
        let export = tree + "/recordings/export.json"
        try ParameterExport.write(lab.lab.parameters, kind: lab.lab.kind, to: export)
        XCTAssertTrue(try String(contentsOfFile: export, encoding: .utf8).contains(#""image": "../scenes/card.png""#))
        XCTAssertEqual(rename(tree, root + "/moved"), 0)
        let again = try HeadlessLab(
            configuration: try LabConfiguration(pinnedArguments: [
                "--scene-file", root + "/moved/recordings/export.json"
            ]))
        again.settle()
        XCTAssertEqual(again.render()[187, 400], Self.card, "the card image, found beside the moved export")
    }

    func testAChangedGoneOrNewPictureIsRefusedByReplayAndRender() throws {
        let recording = try recordedDrag()
        let shown = tree + "/recordings/../scenes/"
        func refusal() throws -> String {
            do {
                _ = try RecordedSession.replayArguments(try Recording.read(from: recording), path: recording, asked: [])
                return "accepted"
            } catch let error as LabError { return error.description }
        }
        XCTAssertEqual(try refusal(), "accepted", "the pictures as recorded")
        XCTAssertEqual(RenderCommand.run([recording, root + "/ok/"]), 0)
        try writePNG(tree + "/scenes/card.png", 0xFF00_FF00)
        XCTAssertEqual(
            try refusal(),
            "recording \(recording): \(shown)card.png changed since the recording was made; record the session again")
        XCTAssertEqual(RenderCommand.run([recording, root + "/changed/"]), 2, "render refuses it too")
        XCTAssertEqual(LabMain.run(["--headless", "--replay", recording, "--screenshot", root + "/s.png"]), 2)
        try writePNG(tree + "/scenes/card.png", Self.card)
        XCTAssertEqual(try refusal(), "accepted", "the same bytes back")
        try writePNG(tree + "/scenes/card@2x.png", Self.card)
        XCTAssertEqual(
            try refusal(),
            "recording \(recording): \(shown)card@2x.png appeared since the recording was made; record the session again"
        )
        unlink(tree + "/scenes/card@2x.png")
        unlink(tree + "/scenes/home.png")
        XCTAssertEqual(
            try refusal(),
            "recording \(recording): \(shown)home.png is gone since the recording was made; record the session again")
        try #"{"version": 1, "name": "mine", "style": "spring", "presenting": "card.png", "presented": "card.png"}"#
            .write(toFile: tree + "/scenes/scene.json", atomically: false, encoding: .utf8)
        XCTAssertEqual(
            try refusal(),
            "recording \(recording): \(shown)scene.json changed since the recording was made; record the session again")
    }

    /// A recording of the pannable scene compared with the scene file in `scenes/` (`--compare scene-file=`),
    /// written in `recordings/` as `--record` writes it; its path.
    private func recordedCompare() throws -> String {
        try writePNG(tree + "/scenes/home.png", Self.home)
        try writePNG(tree + "/scenes/card.png", Self.card)
        try #"{"version": 1, "name": "mine", "style": "pannable", "presenting": "home.png", "presented": "card.png"}"#
            .write(toFile: tree + "/scenes/scene.json", atomically: false, encoding: .utf8)
        let path = tree + "/recordings/compare.jsonl"
        var live = try LabConfiguration(pinnedArguments: [
            "--scene", "pannable", "--compare", "scene-file=" + tree + "/scenes/scene.json", "--no-hud"
        ])
        live.recordPath = path
        try LabOutputs(live).close()
        return path
    }

    /// B's scene file is recorded as A's is: named relative to the recording, with the digests of the file and
    /// its pictures. A changed picture of B is refused; the tree moved elsewhere replays.
    func testACompareSceneFileIsRecordedAsTheScenesOwn() throws {
        let recording = try recordedCompare()
        let session = try String(contentsOfFile: recording, encoding: .utf8).split(separator: "\n")[0]
        XCTAssertTrue(session.contains(#""--compare","scene-file=../scenes/scene.json""#), "\(session)")
        for file in ["scene.json", "home.png", "card.png"] {
            XCTAssertTrue(session.contains(#"{"file":"../scenes/\#(file)","fnv1a64":""#), "\(file) in \(session)")
        }
        func refusal(_ path: String) throws -> String {
            do {
                let recorded = try Recording.read(from: path)
                let session = try RecordedSession.replayArguments(recorded, path: path, asked: [])
                try recorded.checkCompare(try LabConfiguration(pinnedArguments: session), path: path)
                return "accepted"
            } catch let error as LabError { return error.description }
        }
        XCTAssertEqual(try refusal(recording), "accepted")
        try writePNG(tree + "/scenes/card.png", 0xFF00_FF00)
        XCTAssertEqual(
            try refusal(recording),
            "recording \(recording): \(tree)/recordings/../scenes/card.png changed since the recording was made; record the session again"
        )
        XCTAssertEqual(RenderCommand.run([recording, root + "/changed/"]), 2, "render refuses it too")
        try writePNG(tree + "/scenes/card.png", Self.card)
        XCTAssertEqual(rename(tree, root + "/moved"), 0, "the whole tree moves")
        let moved = root + "/moved/recordings/compare.jsonl"
        XCTAssertEqual(try refusal(moved), "accepted", "B is found beside the moved recording")
        XCTAssertEqual(LabMain.run(["--headless", "--replay", moved, "--screenshot", root + "/moved.png"]), 0)
    }

    /// A compare recording made before B's digests were kept (B named absolutely, only A's files digested)
    /// replays: B is unchecked, as a session line without digests is.
    func testAnOlderCompareRecordingWithoutBsDigestsStillReplays() throws {
        _ = try recordedCompare()
        let path = root + "/older.jsonl"
        try
            (#"{"t":0,"type":"session","args":["--scene","pannable","--compare","scene-file="#
            + tree + #"/scenes/scene.json"]}"# + "\n").write(toFile: path, atomically: false, encoding: .utf8)
        XCTAssertNoThrow(try RecordedSession.replayArguments(try Recording.read(from: path), path: path, asked: []))
    }

    /// A scene file reached through a symbolic link finds its pictures beside the file the link leads to, where
    /// they were put (`--config` and a recording read through a link count from there too).
    func testASceneFileThroughALinkFindsItsImagesBesideItsTarget() throws {
        try writePNG(tree + "/scenes/home.png", Self.home)
        try writePNG(tree + "/scenes/card.png", Self.card)
        try #"{"version": 1, "name": "mine", "style": "pannable", "presenting": "home.png", "presented": "card.png"}"#
            .write(toFile: tree + "/scenes/scene.json", atomically: false, encoding: .utf8)
        XCTAssertEqual(symlink(tree + "/scenes/scene.json", root + "/linked.json"), 0)
        let lab = try HeadlessLab(
            configuration: try LabConfiguration(pinnedArguments: ["--scene-file", root + "/linked.json", "--no-hud"]))
        lab.settle()
        XCTAssertEqual(lab.render()[187, 400], Self.card, "the card beside the link's target")
    }

    /// A session line without digests (written before they were) replays whatever is on disk, unchecked.
    func testAnOlderRecordingWithoutDigestsStillReplays() throws {
        let recording = try recordedDrag()
        var lines = try String(contentsOfFile: recording, encoding: .utf8).split(separator: "\n").map(String.init)
        let digests = try XCTUnwrap(lines[0].range(of: #","digests":"#))
        lines[0] = String(lines[0][..<digests.lowerBound]) + "}"
        try lines.joined(separator: "\n").write(toFile: recording, atomically: false, encoding: .utf8)
        try writePNG(tree + "/scenes/card.png", 0xFF00_FF00)
        XCTAssertEqual(LabMain.run(["--headless", "--replay", recording, "--screenshot", root + "/s.png"]), 0)
    }
}
