import Foundation
import ModalKit
import ModalKitPixels
import XCTest
@testable import ModalLab
@testable import ModalLabCore

/// The lab's defaults are today's iPhone: the iPhone 17 Pro on iOS 26. What was made on the old defaults (a bare
/// 375 × 667 screen on iOS 18) and does not name them keeps running there: a recording, a scene file.
final class DefaultPhoneTests: XCTestCase {
    private let folder = NSTemporaryDirectory() + "modal-lab-default-phone-\(getpid())/"

    override func setUpWithError() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: folder) }

    func testWithoutOptionsTheLabIsTheIPhone17ProOnIOS26() throws {
        for c in [try LabConfiguration(arguments: []), LabConfiguration()] {
            XCTAssertEqual(c.device?.name, "iphone-17-pro")
            XCTAssertEqual(c.size, Size(width: 402, height: 874))
            XCTAssertEqual(c.system, .ios26)
        }
        let bare = try LabConfiguration(arguments: ["--size", "375x667"])
        XCTAssertNil(bare.device, "--size is a bare screen")
        XCTAssertEqual(bare.system, .ios26)
        let usage = LabConfiguration.usage
        XCTAssertTrue(usage.contains("(default 26)") && usage.contains("(default iphone-17-pro;"), usage)
    }

    func testARecordingAlwaysNamesItsSystemAndScreen() throws {
        var modern = try LabConfiguration(arguments: ["--scene", "sheet"])
        modern.recordPath = folder + "r.jsonl"
        let written = RecordedSession.arguments(modern).joined(separator: " ")
        XCTAssertTrue(written.contains("--device iphone-17-pro --ios 26"), written)
        var old = try LabConfiguration(arguments: ["--scene", "sheet", "--ios", "18", "--size", "375x667"])
        old.recordPath = folder + "r.jsonl"
        XCTAssertTrue(
            RecordedSession.arguments(old).joined(separator: " ").contains("--size 375x667 --ios 18"),
            "iOS 18 is written too, though a recording without --ios reads as 18")
    }

    /// A drag on the sheet as 0.6.0 recorded it: its session line names the size but not the system (18 was the
    /// default and was left out); without `withSession`, a recording from before session lines.
    private func oldRecording(_ name: String, withSession: Bool) throws -> String {
        let events: [InputEvent] = [
            .pointerDown(Point(x: 187, y: 420), time: 0.5), .pointerMove(Point(x: 187, y: 470), time: 0.55),
            .pointerMove(Point(x: 187, y: 560), time: 0.6), .pointerUp(Point(x: 187, y: 560), time: 0.65)
        ]
        let session = #"{"t":0,"type":"session","args":["--scene","sheet","--size","375x667","--no-hud"]}"#
        let lines = (withSession ? [session] : []) + events.map { Recording.line(t: $0.time ?? 0, event: $0) }
        let path = folder + name
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func testAnOldRecordingReplaysOnTheScreenAndSystemItWasMadeOn() throws {
        for (name, withSession) in [("session.jsonl", true), ("bare.jsonl", false)] {
            let recording = try oldRecording(name, withSession: withSession)
            let asked = ["--headless", "--replay", recording] + (withSession ? [] : ["--scene", "sheet", "--no-hud"])
            let session = try RecordedSession.replayArguments(
                try Recording.read(from: recording), path: recording, asked: asked)
            let c = try LabConfiguration(arguments: session + asked)
            XCTAssertNil(c.device, name)
            XCTAssertEqual(c.size, Size(width: 375, height: 667), name)
            XCTAssertEqual(c.system, .ios18, name)
        }
        // Frame for frame as on the old defaults, named: every frame's card and the last frame as a replay told them.
        let recording = folder + "session.jsonl", asked = ["--headless", "--replay", recording]
        func replay(_ name: String, _ options: [String]) throws -> (cards: [String], shot: Bitmap) {
            let trace = folder + name + ".trace", shot = folder + name + ".png"
            XCTAssertEqual(LabMain.run(asked + options + ["--trace", trace, "--screenshot", shot]), 0, name)
            let frames = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n")
                .filter { $0.contains(#""type":"frame""#) }
            let cards = frames.map { line in
                line.range(of: #""card":["#).map { String(line[$0.upperBound...].prefix { $0 != "]" }) } ?? "none"
            }
            return (cards, try PNG.read(from: shot))
        }
        let old = try replay("old", []), pinned = try replay("pinned", ["--ios", "18", "--size", "375x667"])
        XCTAssertEqual([old.shot.width, old.shot.height], [375, 667])
        XCTAssertGreaterThan(old.cards.count, 10)
        XCTAssertEqual(old.cards, pinned.cards)
        XCTAssertTrue(old.shot == pinned.shot, "the last frame differs")
        let modern = try replay("modern", ["--ios", "26"])
        XCTAssertNotEqual(old.cards, modern.cards, "iOS 26 moves the sheet otherwise: the test tells them apart")
    }

    func testANewRecordingReplaysOnIOS26AndTheIPhone17Pro() throws {
        let recording = folder + "new.jsonl"
        let harness = try HeadlessLab(
            configuration: try LabConfiguration(arguments: ["--scene", "sheet", "--no-hud", "--record", recording]))
        harness.drag(from: Point(x: 200, y: 500), by: Point(x: 0, y: 150), over: 0.2)
        harness.settle()
        harness.stage.finish()
        let asked = ["--headless", "--replay", recording]
        let session = try RecordedSession.replayArguments(
            try Recording.read(from: recording), path: recording, asked: asked)
        let c = try LabConfiguration(arguments: session + asked)
        XCTAssertEqual(c.device?.name, "iphone-17-pro")
        XCTAssertEqual(c.system, .ios26)
    }

    /// A scene file is pictures drawn for a screen: one that names no device or system keeps the bare 375 × 667
    /// screen on iOS 18 it was drawn for (the defaults until 0.6.0); one that names them runs on them; the
    /// command line wins over either.
    func testASceneFileThatNamesNoScreenKeepsTheOneItWasDrawnFor() throws {
        try PNG.write(Bitmap(width: 4, height: 4), to: folder + "home.png")
        let plain = folder + "plain.json", named = folder + "named.json"
        let body = #""version": 1, "name": "mine", "style": "sheet", "presenting": "home.png", "presented": "home.png""#
        try "{\(body)}".write(toFile: plain, atomically: true, encoding: .utf8)
        try #"{\#(body), "device": "iphone-16", "ios": 26}"#.write(toFile: named, atomically: true, encoding: .utf8)
        let old = try LabConfiguration(arguments: ["--scene-file", plain])
        XCTAssertNil(old.device)
        XCTAssertEqual(old.size, Size(width: 375, height: 667))
        XCTAssertEqual(old.system, .ios18)
        let new = try LabConfiguration(arguments: ["--scene-file", named])
        XCTAssertEqual(new.device?.name, "iphone-16")
        XCTAssertEqual(new.system, .ios26)
        let asked = try LabConfiguration(arguments: ["--scene-file", plain, "--device", "iphone-17-pro", "--ios", "26"])
        XCTAssertEqual(asked.device?.name, "iphone-17-pro", "the command line wins")
        XCTAssertEqual(asked.system, .ios26)
        let sized = try LabConfiguration(arguments: ["--scene-file", plain, "--size", "500x800"])
        XCTAssertEqual(sized.size, Size(width: 500, height: 800))
        XCTAssertEqual(sized.system, .ios18)
    }

    /// The view identified `identifier` in `root`'s tree.
    private func view(_ identifier: String, in root: View) -> View? {
        if root.accessibilityIdentifier == identifier { return root }
        return root.subviews.lazy.compactMap { self.view(identifier, in: $0) }.first
    }

    /// The view identified `identifier` in `root`'s tree, and its frame in the window.
    private func frame(of identifier: String, in root: View) -> Rect? {
        guard let view = view(identifier, in: root) else { return nil }
        let origin = view.convertToWindow(Point(x: view.bounds.minX, y: view.bounds.minY))
        return Rect(x: origin.x, y: origin.y, width: view.bounds.width, height: view.bounds.height)
    }

    /// On the default phone the seeds' content clears its 62-point status bar: the interactor's Close button and
    /// the navigation controller's bar sit below it, as UIKit lays them out in the safe area, and so does the zoom's
    /// grid; on a bare screen they stay where the seeds put them under a 20-point one.
    func testTheSeedsContentClearsThePhonesStatusBar() throws {
        for (scene, identifier, bareY) in [("interactor", "close", 24.0), ("navigation", "navigation-bar", 0)] {
            let phone = try HeadlessLab(configuration: try LabConfiguration(arguments: ["--scene", scene, "--no-hud"]))
            _ = phone.settle()
            let top = try XCTUnwrap(frame(of: identifier, in: phone.lab.window), scene)
            let bare = try HeadlessLab(configuration: try LabConfiguration(pinnedArguments: ["--scene", scene]))
            _ = bare.settle()
            let old = try XCTUnwrap(frame(of: identifier, in: bare.lab.window), scene)
            XCTAssertEqual(old.minY, bareY, "\(scene) on the bare screen")
            if identifier == "close" {
                XCTAssertEqual(top.minY, 24 + 42, "\(scene): 42 points lower, under the 62-point status bar")
            } else {
                XCTAssertEqual(top.minY, 0, "the bar extends under the status bar")
                XCTAssertEqual(top.height, 62 + 44, "\(scene): the status bar area, then the bar's 44 points")
                XCTAssertEqual(old.height, 20 + 44)
            }
        }
        for (arguments, titleY) in [([String](), 52.0 + 42), (["--ios", "18", "--size", "375x667"], 52)] {
            let zoom = try HeadlessLab(
                configuration: try LabConfiguration(arguments: ["--scene", "zoom", "--no-hud"] + arguments))
            _ = zoom.settle()
            let grid = try XCTUnwrap(view("presenting", in: zoom.lab.window))
            XCTAssertEqual(grid.subviews.first?.frame.minY, titleY, "the grid's title, \(arguments)")
        }
    }
}
