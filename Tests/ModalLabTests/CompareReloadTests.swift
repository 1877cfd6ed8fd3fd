import Foundation
import ModalKit
import XCTest

@testable import ModalLab
@testable import ModalLabCore

/// `--compare` reloads its files as a solo lab does: A its `--config`, B its spec file (or A's config under the
/// spec's values), both the `--scene-file`; a broken file keeps each side's last good values and shows the error
/// on that side. On the manual clock, as `ConfigReloadTests` and `SceneFileTests` are.
final class CompareReloadTests: XCTestCase {
    private let folder = NSTemporaryDirectory() + "modal-lab-compare-reload-\(getpid())/"
    private static let home: UInt32 = 0xFF20_4060, card: UInt32 = 0xFFE0_8020

    override func setUpWithError() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: folder) }

    private func save(_ text: String, _ name: String) throws -> String {
        try text.write(toFile: folder + name, atomically: true, encoding: .utf8)
        return folder + name
    }

    private func compare(_ arguments: [String]) throws -> (harness: HeadlessLab, lab: CompareLab) {
        let harness = try HeadlessLab(configuration: try LabConfiguration(pinnedArguments: arguments))
        harness.settle()
        return (harness, try XCTUnwrap(harness.stage as? CompareLab))
    }

    private func ratio(_ lab: Lab) -> ParameterValue? { lab.parameters.value("minimumScreenRatioToHide") }
    private func duration(_ lab: Lab) -> ParameterValue? { lab.parameters.value("animationDuration") }

    func testASavedConfigReachesBothSidesAndTheSpecStillWinsOnB() throws {
        let config = try save(#"{"minimumScreenRatioToHide": 0.3, "animationDuration": 0.4}"#, "tuning.json")
        let (harness, lab) = try compare(
            ["--scene", "pannable", "--config", config, "--compare", "minimumScreenRatioToHide=0.5"])
        XCTAssertEqual(lab.configWatchPaths, [config])
        _ = try save(#"{"minimumScreenRatioToHide": 0.2, "animationDuration": 0.6}"#, "tuning.json")
        harness.stage.configFileChanged()
        XCTAssertNotNil(lab.nextFrameTime, "a frame is asked for when the file is due")
        harness.steps(4)
        XCTAssertEqual(ratio(lab.a), .number(0.2))
        XCTAssertEqual(duration(lab.a), .number(0.6))
        XCTAssertEqual(ratio(lab.b), .number(0.5), "B's spec still wins over the file")
        XCTAssertEqual(duration(lab.b), .number(0.6), "B is A with the spec: it follows the file too")
    }

    func testABrokenConfigKeepsBothSidesLastGoodValuesAndShowsTheErrorOnEach() throws {
        let config = try save(#"{"animationDuration": 0.4}"#, "tuning.json")
        let (harness, lab) = try compare(
            ["--scene", "pannable", "--config", config, "--compare", "minimumScreenRatioToHide=0.6"])
        _ = try save(#"{"animationDuration": -3}"#, "tuning.json")
        harness.stage.configFileChanged()
        harness.steps(4)
        for side in [lab.a, lab.b] {
            XCTAssertEqual(duration(side), .number(0.4))
            let message = try XCTUnwrap(side.notices.configMessage)
            XCTAssertTrue(message.hasPrefix("reload: config file \(config): parameter animationDuration"), message)
        }
        _ = try save(#"{"animationDuration": 0.7}"#, "tuning.json")
        harness.stage.configFileChanged()
        harness.steps(4)
        XCTAssertNil(lab.a.notices.configMessage, "a good save clears the line")
        XCTAssertNil(lab.b.notices.configMessage)
        XCTAssertEqual(duration(lab.b), .number(0.7))
    }

    func testASpecFileReloadsOnBAloneOverAsValues() throws {
        let config = try save(#"{"animationDuration": 0.4}"#, "tuning.json")
        let spec = try save(#"{"minimumScreenRatioToHide": 0.65}"#, "b.json")
        let (harness, lab) = try compare(["--scene", "pannable", "--config", config, "--compare", spec])
        XCTAssertEqual(Set(lab.configWatchPaths), [config, spec])
        let sceneA = lab.a.scene
        _ = try save(#"{"minimumScreenRatioToHide": 0.6}"#, "b.json")
        harness.stage.configFileChanged()
        harness.steps(4)
        XCTAssertEqual(ratio(lab.b), .number(0.6))
        XCTAssertEqual(duration(lab.b), .number(0.4), "A's values stay under B's file")
        XCTAssertTrue(lab.a.scene === sceneA, "A's files did not change: A's scene is as it was")
        _ = try save("{", "b.json")
        harness.stage.configFileChanged()
        harness.steps(4)
        XCTAssertEqual(ratio(lab.b), .number(0.6), "the last good values stay")
        XCTAssertEqual(lab.b.notices.configMessage, "reload: config file \(spec) is not a JSON object of parameters")
        XCTAssertNil(lab.a.notices.configMessage, "A's file is fine")
    }

    func testASavedSceneFileImageShowsOnBothSidesAndABrokenOneKeepsTheLastGood() throws {
        try writePNG("home.png") { Self.home }
        try writePNG("card.png") { Self.card }
        let scene = try save(
            #"{"version": 1, "name": "mine", "style": "pannable", "presenting": "home.png", "presented": "card.png"}"#,
            "scene.json")
        let (harness, lab) = try compare(["--scene-file", scene, "--compare", "minimumScreenRatioToHide=0.6"])
        XCTAssertTrue(lab.sceneFileWatchPaths.contains(scene))
        XCTAssertTrue(lab.sceneFileWatchPaths.contains(folder + "card.png"))
        var screen = harness.render()
        func shown() -> (a: UInt32, b: UInt32) {
            lab.render(into: &screen, scale: 1)
            let y = Int(CompareLayout.labelHeight) + 400
            return (screen[187, y], screen[Int(lab.layout.stageBX) + 187, y])
        }
        XCTAssertTrue(shown() == (Self.card, Self.card))
        try writePNG("card.png") { 0xFF10_C0C0 }
        harness.stage.sceneFileChanged()
        XCTAssertNotNil(lab.nextFrameTime, "a frame is asked for when the file is due")
        harness.steps(4)
        XCTAssertTrue(shown() == (0xFF10_C0C0, 0xFF10_C0C0), "\(shown())")
        XCTAssertEqual(lab.sceneFileReloads, 2, "each side reloaded once")
        XCTAssertEqual(ratio(lab.b), .number(0.6), "B keeps its spec over the file's values")
        try "not a PNG".write(toFile: folder + "card.png", atomically: true, encoding: .utf8)
        harness.stage.sceneFileChanged()
        harness.steps(4)
        XCTAssertTrue(shown() == (0xFF10_C0C0, 0xFF10_C0C0), "the last good scene stays")
        for side in [lab.a, lab.b] {
            let message = try XCTUnwrap(side.notices.configMessage)
            XCTAssertTrue(message.hasPrefix("reload: scene file \(scene): presented image: "), message)
        }
    }

    private func writePNG(_ name: String, _ color: () -> UInt32) throws {
        var bitmap = Bitmap(width: 375, height: 667)
        for y in 0 ..< 667 { for x in 0 ..< 375 { bitmap[x, y] = color() } }
        try PNG.write(bitmap, to: folder + name)
    }
}
