import Foundation
import ModalKit
import XCTest

@testable import ModalLab
@testable import ModalLabCore

/// `--compare scene-file=PATH`: B runs its own scene file beside A's, each side with its own pictures, style and
/// values (the file is a value each lab's scene owns, not one per process), each frame what the file's solo run
/// draws.
final class CompareSceneFilesTests: XCTestCase {
    private let folder = NSTemporaryDirectory() + "modal-lab-compare-files-\(getpid())/"

    override func setUpWithError() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try writePNG("home-1.png", 0xFF20_4060)
        try writePNG("card-1.png", 0xFFE0_8020)
        try writePNG("home-2.png", 0xFF60_2040)
        try writePNG("card-2.png", 0xFF20_C080)
        // Two designers' cards: a pannable card that closes past 0.25 of the screen, an interactor one at 0.6.
        try scene("one.json", "one", "pannable", 1, #"{"minimumScreenRatioToHide": 0.25}"#)
        try scene("two.json", "two", "interactor", 2, #"{"threshold": 0.6}"#)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: folder) }

    private func writePNG(_ name: String, _ color: UInt32) throws {
        var bitmap = Bitmap(width: 375, height: 667)
        bitmap.pixels = Array(repeating: color, count: 375 * 667)
        try PNG.write(bitmap, to: folder + name)
    }

    private func scene(_ name: String, _ title: String, _ style: String, _ n: Int, _ parameters: String) throws {
        let json =
            #"{"version": 1, "name": "\#(title)", "style": "\#(style)", "presenting": "home-\#(n).png", "#
            + #""presented": "card-\#(n).png", "parameters": \#(parameters)}"#
        try json.write(toFile: folder + name, atomically: true, encoding: .utf8)
    }

    private func harness(_ arguments: [String]) throws -> HeadlessLab {
        try HeadlessLab(configuration: try LabConfiguration(pinnedArguments: arguments))
    }

    /// The stage at `x` of a compare frame, cut out at the stage's size.
    private func stage(of frame: Bitmap, x: Int, like solo: Bitmap) -> Bitmap {
        var cut = Bitmap(width: solo.width, height: solo.height)
        let top = Int(CompareLayout.labelHeight)
        cut.copy(PixelRect(x: x, y: top, width: solo.width, height: solo.height), of: frame, toX: 0, y: 0)
        return cut
    }

    func testTwoSceneFilesSideBySideDrawWhatEachFilesSoloRunDraws() throws {
        let compare = try harness(["--scene-file", folder + "one.json", "--compare", "scene-file=\(folder)two.json"])
        let lab = try XCTUnwrap(compare.stage as? CompareLab)
        let soloA = try harness(["--scene-file", folder + "one.json"])
        let soloB = try harness(["--scene-file", folder + "two.json"])
        XCTAssertEqual(lab.a.kind.info.name, "one")
        XCTAssertEqual(lab.b.kind.info.name, "two")
        XCTAssertEqual(lab.a.parameters.value("minimumScreenRatioToHide"), .number(0.25))
        XCTAssertEqual(lab.b.parameters.value("threshold"), .number(0.6))
        XCTAssertEqual(lab.title, "ModalLab — one vs two")
        // One slow 200-pt drag, on A's half in the window and at the same stage point alone: frames at rest,
        // mid-drag and settled after the release (A's card closes, B's springs back).
        // Frames after the first draw only what changed: each keeps its bitmap, as the window does.
        var screens = (compare.render(), soloA.render(), soloB.render())
        var frames: [(Bitmap, Bitmap, Bitmap)] = []
        func snap() {
            compare.stage.render(into: &screens.0, scale: 1)
            soloA.stage.render(into: &screens.1, scale: 1)
            soloB.stage.render(into: &screens.2, scale: 1)
            frames.append(screens)
        }
        for harness in [compare, soloA, soloB] { harness.settle() }
        snap()
        compare.drag(from: Point(x: 187, y: 324), by: Point(x: 0, y: 200), over: 0.6, release: false)
        for solo in [soloA, soloB] {
            solo.drag(from: Point(x: 187, y: 300), by: Point(x: 0, y: 200), over: 0.6, release: false)
        }
        snap()
        for harness in [compare, soloA, soloB] {
            harness.release()
            harness.settle()
        }
        snap()
        for (i, (both, a, b)) in frames.enumerated() {
            XCTAssertTrue(stage(of: both, x: 0, like: a) == a, "frame \(i): side A is one.json's solo frame")
            XCTAssertTrue(stage(of: both, x: Int(lab.layout.stageBX), like: b) == b, "frame \(i): side B is two.json's")
        }
        XCTAssertNotEqual(frames[0].1, frames[1].1, "the drag moved A's card")
        XCTAssertNotEqual(frames[2].1, frames[2].2, "the two files' frames differ: the comparison shows something")
    }

    /// B's own file is watched and reloaded by B alone: a new card picture shows on B, A keeps its own.
    func testBReloadsItsOwnSceneFileAndALeavesItsAlone() throws {
        let compare = try harness(["--scene-file", folder + "one.json", "--compare", "scene-file=\(folder)two.json"])
        let lab = try XCTUnwrap(compare.stage as? CompareLab)
        compare.settle()
        XCTAssertTrue(lab.sceneFileWatchPaths.contains(folder + "two.json"))
        XCTAssertTrue(lab.sceneFileWatchPaths.contains(folder + "card-1.png"))
        var screen = compare.render()
        func shown() -> [UInt32] {
            lab.render(into: &screen, scale: 1)
            return [screen[187, 424], screen[Int(lab.layout.stageBX) + 187, 424]]
        }
        XCTAssertEqual(shown(), [0xFFE0_8020, 0xFF20_C080])
        try writePNG("card-2.png", 0xFF10_10F0)
        compare.stage.sceneFileChanged()
        compare.steps(4)
        XCTAssertEqual(shown(), [0xFFE0_8020, 0xFF10_10F0])
        XCTAssertEqual(lab.b.kind.info.name, "two")
        XCTAssertEqual(lab.a.kind.info.name, "one", "A still runs its own file")
        XCTAssertEqual(lab.sceneFileReloads, 1, "B alone reloaded")
    }

    /// The recording's session line names B's file by its absolute path, so a render or replay from elsewhere
    /// builds the same two stages.
    func testTheSessionLineNamesBsFileAndRebuildsBothStages() throws {
        let configuration = try LabConfiguration(
            arguments: ["--scene", "sheet", "--compare", "scene-file=\(folder)two.json,threshold=0.4"])
        let arguments = RecordedSession.arguments(configuration)
        let spec = "scene-file=\(PortablePath.absolute(folder + "two.json")),threshold=0.4"
        XCTAssertEqual(Array(arguments.suffix(2)), ["--compare", spec])
        let again = try harness(arguments)
        let lab = try XCTUnwrap(again.stage as? CompareLab)
        XCTAssertEqual(lab.a.kind.info.name, "sheet")
        XCTAssertEqual(lab.b.kind.info.name, "two")
        XCTAssertEqual(lab.b.parameters.value("threshold"), .number(0.4), "the spec's value over the file's 0.6")
    }
}
