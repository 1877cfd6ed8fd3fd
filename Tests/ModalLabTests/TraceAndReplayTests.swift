import Foundation
import XCTest
import ModalKit
import ModalKitTestSupport
@testable import ModalLab
@testable import ModalLabCore

/// The trace's format, and a recording replayed headless making the same decisions as the run that made it.
final class TraceAndReplayTests: XCTestCase {
    private let files = TemporaryFiles()

    override func tearDown() {
        files.removeAll()
        super.tearDown()
    }

    private func temporary(_ name: String) -> String { files.path(name) }

    private func objects(_ path: String) throws -> [[String: Any]] { try jsonLines(path) }

    /// The decisions in a trace: transition events and rests, in order.
    private func decisions(_ objects: [[String: Any]]) -> [String] {
        objects.compactMap { o in
            switch o["type"] as? String {
            case "transition":
                return "\(o["kind"]!) \(o["event"]!)" + ((o["cancelled"] as? Bool).map { " cancelled=\($0)" } ?? "")
            case "settled": return "settled \(o["top"]!)"
            default: return nil
            }
        }
    }

    func testTraceHasEveryRequiredField() throws {
        let trace = temporary("trace.jsonl")
        let d = try HeadlessLab(pinnedScene: SceneKind(InteractorScene.self), tracePath: trace)
        d.drag(from: Point(x: 187, y: 300), by: Point(x: 0, y: 250), over: 0.5)
        var bitmap = Bitmap(width: 375, height: 667)
        for _ in 0 ..< 60 {
            d.step()
            d.lab.render(into: &bitmap, scale: 1)
            d.lab.didPresent(
                FrameReport(
                    frameTime: d.clock.now, renderSeconds: 0.001, presentSeconds: 0.0002, presentedAt: d.clock.now))
        }
        d.lab.finish()
        let all = try objects(trace)
        XCTAssertTrue(all.allSatisfy { $0["t"] is Double && $0["type"] is String })
        let frame = try XCTUnwrap(all.first { $0["type"] as? String == "frame" })
        for key in ["phase", "progress", "card", "render_ms", "present_ms"] { XCTAssertNotNil(frame[key], key) }
        let gesture = try XCTUnwrap(all.first { $0["type"] as? String == "gesture" })
        XCTAssertEqual(gesture["state"] as? String, "began")
        XCTAssertEqual((gesture["translation"] as? [Double])?.count, 2)
        XCTAssertEqual((gesture["velocity"] as? [Double])?.count, 2)
        // The drag went 250 points straight down in 0.5 s at an even pace: the release says so, axis by axis.
        let ended = try XCTUnwrap(all.last { $0["type"] as? String == "gesture" && $0["state"] as? String == "ended" })
        XCTAssertEqual(ended["translation"] as? [Double], [0, 250])
        let velocity = try XCTUnwrap(ended["velocity"] as? [Double])
        XCTAssertEqual(velocity.first, 0, "straight down: no sideways speed")
        XCTAssertEqual(velocity.last ?? 0, 500, accuracy: 25, "250 points in 0.5 s")
        XCTAssertEqual(
            decisions(all),
            [
                "present began", "present completed cancelled=false", "settled modal", "dismiss began",
                "dismiss finish",
                "dismiss completed cancelled=false", "settled presenting"
            ])
        let began = try XCTUnwrap(
            all.first { $0["type"] as? String == "transition" && $0["kind"] as? String == "dismiss" })
        XCTAssertEqual(began["interactive"] as? Bool, true)
        let phases = Set(all.compactMap { $0["type"] as? String == "frame" ? $0["phase"] as? String : nil })
        XCTAssertTrue(phases.isSuperset(of: ["finishing", "idle"]), "\(phases)")
        let lastFrame = try XCTUnwrap(all.last { $0["type"] as? String == "frame" })
        XCTAssertTrue(lastFrame["card"] is NSNull, "no modal after the dismissal")
        // [x, y, w, h]: the full-screen card slides straight down, so only y moves.
        let cards = all.compactMap { $0["type"] as? String == "frame" ? $0["card"] as? [Double] : nil }
        let moving = cards.filter { $0[1] > 0 }
        XCTAssertFalse(moving.isEmpty, "frames show the card on its way down")
        XCTAssertTrue(moving.allSatisfy { $0[0] == 0 && $0[2] == 375 && $0[3] == 667 }, "\(moving)")
    }

    func testReplayMakesTheSameDecisionsAsTheRecordedRun() throws {
        for scene in [SceneKind(InteractorScene.self), SceneKind(PannableScene.self), SceneKind(FreeDragScene.self)]
            as [SceneKind]
        {
            let record = temporary("\(scene.info.name).rec"), liveTrace = temporary("\(scene.info.name).live")
            let d = try HeadlessLab(pinnedScene: scene, tracePath: liveTrace, recordPath: record)
            // 260 points at 1560 pt/s: past every scene's rule (distance for interactor, velocity for the others).
            d.drag(from: Point(x: 187, y: 300), by: Point(x: 0, y: 260), over: 10 / 60.0)
            d.settle()
            d.key(.space)
            d.settle()
            d.drag(from: Point(x: 187, y: 300), by: Point(x: 0, y: 100), over: 1) // a slow short drag
            d.settle()
            d.lab.finish()

            var configuration = LabConfiguration.pinned
            configuration.sceneKind = scene
            configuration.headless = true
            let replayTrace = temporary("\(scene.info.name).replay")
            configuration.tracePath = replayTrace
            XCTAssertEqual(try HeadlessRun.run(configuration, replay: try Recording.read(from: record)), 0)
            let live = decisions(try objects(liveTrace)), replayed = decisions(try objects(replayTrace))
            XCTAssertEqual(replayed, live, scene.info.name)
            XCTAssertTrue(live.contains("settled presenting"), "\(scene.info.name): the first drag dismissed: \(live)")
        }
    }

    func testRecordingLinesRoundTrip() throws {
        let events: [InputEvent] = [
            .pointerDown(Point(x: 1.5, y: 2), time: 10.25), .pointerMove(Point(x: 3, y: 4), time: 10.5),
            .pointerUp(Point(x: 3, y: 4), time: 10.75), .keyDown(.escape, time: 11),
            .keyDown(.character("h"), time: 11.5), .resize(Size(width: 400, height: 700)),
            .pointerLost(.focusLost), .close
        ]
        let path = temporary("round.rec")
        let text = events.enumerated().map { Recording.line(t: Double($0.offset), event: $0.element) }.joined(
            separator: "\n")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertEqual(try Recording.read(from: path).entries.map(\.event), events)
    }

    func testMalformedRecordingNamesTheLine() throws {
        let path = temporary("bad.rec")
        try "{\"t\":0,\"type\":\"down\",\"x\":1,\"y\":2,\"time\":0}\n{\"t\":1,\"type\":\"warp\"}\n".write(
            toFile: path, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try Recording.read(from: path)) { error in
            XCTAssertEqual((error as? LabError)?.description, "recording \(path): line 2 is not a recorded event")
        }
    }
}
