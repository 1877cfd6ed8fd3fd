import Foundation
import Glibc
import XCTest
@testable import ModalLab
@testable import ModalLabCore

/// A recording travels, and its session line is read as options: it may set up the stage, never name a file to
/// write or change what the run does. A replay or render of a session line naming outputs writes none of them,
/// and says once which options it ignored.
final class SessionLineOutputTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = "/tmp/modal-lab-session-outputs-\(getpid())-\(Int.random(in: 0 ..< 1_000_000))"
        XCTAssertEqual(mkdir(folder, 0o755), 0)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: folder)
        super.tearDown()
    }

    /// The user's files a hostile session line names, each holding "precious".
    private var victims: [String] {
        ["trace.jsonl", "export.json", "export.swift", "record.jsonl", "plot.png", "shot.png", "video.gif"]
            .map { folder + "/" + $0 }
    }

    /// A recording of a drag in pannable whose session line names every output option the lab has (two of them
    /// with the value attached), and asks for the help and a headless run; its path.
    private func hostileRecording() throws -> String {
        for victim in victims { try "precious".write(toFile: victim, atomically: false, encoding: .utf8) }
        let args = [
            "--scene", "pannable", "--trace", victims[0], "--export=" + victims[1], "--record", victims[3],
            "--plot", victims[4], "--screenshot=" + victims[5], "--video", victims[6], "--help", "--headless",
            "--no-hud"
        ]
        let quoted = args.map { "\"\($0)\"" }.joined(separator: ",")
        let lines = [
            #"{"t":0,"type":"session","args":[\#(quoted)]}"#,
            #"{"t":0.3,"type":"down","x":187,"y":300,"time":0.3}"#,
            #"{"t":0.4,"type":"move","x":187,"y":400,"time":0.4}"#,
            #"{"t":0.5,"type":"up","x":187,"y":400,"time":0.5}"#
        ]
        let path = folder + "/hostile.jsonl"
        try lines.joined(separator: "\n").write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    private func checkVictimsUntouched(file: StaticString = #filePath, line: UInt = #line) throws {
        for victim in victims {
            XCTAssertEqual(
                try String(contentsOfFile: victim, encoding: .utf8), "precious", victim, file: file, line: line)
        }
    }

    func testARenderWritesNoOutputTheSessionLineNames() throws {
        let recording = try hostileRecording()
        XCTAssertEqual(RenderCommand.run([recording, folder + "/out.gif"]), 0)
        XCTAssertEqual(access(folder + "/out.gif", F_OK), 0, "the render's own output is written")
        try checkVictimsUntouched()
    }

    func testAReplayWritesNoOutputTheSessionLineNamesAndRunsAsAsked() throws {
        let recording = try hostileRecording()
        let shot = folder + "/replayed.png"
        XCTAssertEqual(LabMain.run(["--headless", "--replay", recording, "--screenshot", shot]), 0)
        XCTAssertEqual(access(shot, F_OK), 0, "the command line's screenshot, not the session's help")
        try checkVictimsUntouched()
    }

    /// The stage setup is kept whole, every other option dropped with its value, and one notice names them.
    func testTheNoticeNamesEachIgnoredOptionOnce() throws {
        let recording = try hostileRecording()
        var notices: [String] = []
        let session = try RecordedSession.replayArguments(
            try Recording.read(from: recording), path: recording, asked: []
        ) { notices.append($0) }
        // It names no system or screen: it was made on the old ones, which come first (`legacySetup`).
        XCTAssertEqual(session, ["--ios", "18", "--size", "375x667", "--scene", "pannable", "--no-hud"])
        XCTAssertEqual(
            notices,
            [
                "recording \(recording): ignoring --trace, --export, --record, --plot, --screenshot, --video, --help, "
                    + "--headless in its session line (a recording sets up the stage; outputs come from the command line)"
            ])
    }

    /// What the lab writes into a session line (`RecordedSession.arguments`) is all stage setup: its own
    /// recordings replay without a notice.
    func testTheLabsOwnSessionLineIsAllStageSetup() throws {
        let configuration = try LabConfiguration(pinnedArguments: [
            "--scene", "sheet", "--size", "390x844", "--scale", "2", "--fps", "120", "--set", "detents=medium",
            "--no-hud", "--inspector", "--slow", "--reduced-motion", "--compare", "detents=large"
        ])
        let written = RecordedSession.arguments(configuration)
        XCTAssertEqual(RecordedSession.stageSetup(of: written).dropped, [])
        XCTAssertEqual(RecordedSession.stageSetup(of: written).kept, written)
        XCTAssertEqual(
            RecordedSession.stageSetup(of: ["--scene-file=a.json", "--no-hud", "--size=375x667"]).kept,
            ["--scene-file", "a.json", "--no-hud", "--size", "375x667"], "attached values become words of their own")
    }
}
