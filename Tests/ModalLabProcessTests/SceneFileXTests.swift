import Foundation
import ModalKit
import ModalKitTestSupport
import ModalLabDriver
import Testing

/// The example scene files under Xvfb, dragged with XTest: the window read back from the server at rest and held
/// mid-drag against goldens, the release decided by the style's rule; and a saved image seen in the next frames.
@Suite final class SceneFileXTests: LabXTestCase {
    /// Examples/SceneFiles/, the scene files ExampleSceneFilesTests checks headless.
    private static let examples = LabProcess.packageRoot + "/Examples/SceneFiles/"

    private var session: LabSession?

    deinit {
        session = nil
    }

    private func launch(file: String) throws -> LabSession {
        let lab = try LabSession(
            display: try display(), pinnedArguments: ["--scene-file", file, "--no-hud"], windowTimeout: 10)
        session = lab
        let firstFrame = lab.trace.waitFor(from: 0, timeout: 10) { $0.type == "frame" }
        _ = try #require(firstFrame, "no frame in the trace: \(lab.process.standardError)")
        lab.move(to: (Self.width / 2, Self.height - 40))
        return lab
    }

    /// At rest and held `dy` points down from `start` (captured once a frame shows the pointer there), against
    /// `lab-scenefile-<name>-rest.png` and `-drag.png`; then released, the rest is `top`.
    private func assertDrag(
        _ name: String, from start: LabXPoint, dy: Double, rests top: String, atY restY: Double,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let lab = try launch(file: Self.examples + name)
        let stem =
            "lab-scenefile-" + (name.split(separator: "/").last ?? "").replacingOccurrences(of: ".json", with: "")
        if let rest = lab.expectStableCapture(sourceLocation: sourceLocation) {
            expectMatchesGolden(rest, named: stem + "-rest", sourceLocation: sourceLocation)
        }
        let mark = lab.trace.mark
        let end = lab.drag(from: start, by: (0, dy), steps: Int(dy / 10), every: 16, release: false)
        let held = lab.trace.waitFor(from: mark) { $0.type == "frame" && $0.pointer == [end.x, end.y] }
        #expect(
            held != nil, "no frame with the pointer at +\(dy) pt: \(lab.summary(from: mark))",
            sourceLocation: sourceLocation)
        if let shot = lab.expectStableCapture(sourceLocation: sourceLocation) {
            expectMatchesGolden(shot, named: stem + "-drag", sourceLocation: sourceLocation)
        }
        lab.release()
        let rest = lab.expectRest(from: mark, sourceLocation: sourceLocation)
        #expect(rest.top == top, Comment(rawValue: lab.summary(from: mark)), sourceLocation: sourceLocation)
        expectClose(
            rest.lastFrame?.card?[1] ?? .nan, restY, within: 0.011, "card top at rest", sourceLocation: sourceLocation)
    }

    @Test func testTheTripsSheetDraggedHalfwayToItsDismissalGoesBackToMedium() throws {
        try assertDrag("Trips/trips.json", from: (187, 420), dy: 120, rests: "sheet", atY: 333.5)
    }

    @Test func testThePhotoCardDraggedShortOfItsRatioGoesBack() throws {
        try assertDrag("Photo/photo.json", from: LabXTestCase.dragStart, dy: 150, rests: "modal", atY: 0)
    }

    @Test func testThePhotoCardDraggedPastItsRatioCloses() throws {
        let lab = try launch(file: Self.examples + "Photo/photo.json")
        _ = lab.expectStableCapture()
        let mark = lab.trace.mark
        // 260 pt is past the file's 0.35 of 667 (233 pt), short of the built-in 0.5.
        assertRest(slowDrag(lab, dy: 260), top: "presenting", lab, from: mark)
    }

    @Test func testASavedImageIsShownInTheNextFrames() throws {
        let folder = NSTemporaryDirectory() + "modal-lab-scene-x-\(getpid())/"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for name in ["photo.json", "Gallery.png", "PhotoCard.png"] {
            try FileManager.default.copyItem(
                atPath: Self.examples + "Photo/" + name, toPath: folder + name)
        }
        let lab = try launch(file: folder + "photo.json")
        let before = try #require(lab.expectStableCapture())
        let teal: UInt32 = 0xFF10_C0C0
        var card = Bitmap(width: 375, height: 667)
        card.pixels = Array(repeating: teal, count: card.pixels.count)
        let mark = lab.trace.mark
        let saved = Date()
        try PNG.write(card, to: folder + "PhotoCard.png")
        let shown = lab.trace.waitFor(from: mark, timeout: 5) { $0.type == "scene" }
        #expect(shown != nil, "the scene was rebuilt: \(lab.summary(from: mark)) \(lab.process.standardError)")
        var after = try #require(lab.expectStableCapture())
        // The frame with the new picture may still be on its way to the server.
        for _ in 0 ..< 20 where after[187, 300] != teal {
            usleep(20_000)
            after = try #require(lab.expectStableCapture())
        }
        let seconds = Date().timeIntervalSince(saved)
        print("scene file live reload: the saved image on screen \(Int(seconds * 1000)) ms after the save")
        #expect(before[187, 300] != teal)
        #expect(after[187, 300] == teal, "the new picture is on screen")
        #expect(seconds < 2)
    }
}
