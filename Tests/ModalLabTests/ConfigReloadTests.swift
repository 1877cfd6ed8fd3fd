import Foundation
import XCTest
import ModalKit
@testable import ModalLab

/// Live config: a saved `--config` replaces the parameters without a restart, on the lab's clock; a file that
/// does not load keeps the last good values and says why in one line; the folder watch sees editors' renames.
final class ConfigReloadTests: XCTestCase {
    private let folder = NSTemporaryDirectory() + "modal-lab-reload-\(getpid())/"
    private var path: String { folder + "tuning.json" }

    override func setUpWithError() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: folder) }

    private func save(_ text: String) throws { try text.write(toFile: path, atomically: true, encoding: .utf8) }

    private func lab(_ extra: [String] = [], inspector: Bool = false) throws -> HeadlessLab {
        var configuration = try LabConfiguration(arguments: ["--scene", "interactor", "--config", path] + extra)
        configuration.showsInspector = inspector
        let harness = try HeadlessLab(configuration: configuration)
        harness.settle()
        return harness
    }

    func testASavedFileReplacesTheParametersOnceItHasSettled() throws {
        try save(#"{"threshold": 0.4}"#)
        let harness = try lab()
        XCTAssertEqual(harness.lab.parameters[InteractorScene.threshold], 0.4)
        try save(#"{"threshold": 0.55, "curve": "linear", "estimator": "linear"}"#)
        harness.lab.configFileChanged()
        XCTAssertTrue(harness.lab.isAnimating, "the display link runs until the file is read")
        harness.step()
        XCTAssertEqual(harness.lab.parameters[InteractorScene.threshold], 0.4, "read only after the writes settle")
        harness.steps(3)
        XCTAssertEqual(harness.lab.parameters[InteractorScene.threshold], 0.55)
        XCTAssertEqual(harness.lab.parameters[InteractorScene.curve], .linear)
        XCTAssertEqual(harness.lab.parameters.velocityEstimator, .linear)
        XCTAssertEqual(harness.lab.scene.rule()?.text, "progress 0.00 ≤ 0.55: will cancel", "the scene runs with them")
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(harness.topName, "modal", "back at rest with the modal up")
    }

    func testAnInvalidFileKeepsTheLastGoodValuesAndSaysWhyInOneLine() throws {
        try save(#"{"threshold": 0.4}"#)
        let harness = try lab(inspector: true)
        try save(#"{"threshold": 4}"#)
        harness.lab.configFileChanged()
        harness.steps(5)
        XCTAssertEqual(harness.lab.parameters[InteractorScene.threshold], 0.4)
        let message = try XCTUnwrap(harness.lab.configMessage)
        XCTAssertEqual(message, "reload: config file \(path): parameter threshold: 4.0 is out of range 0.0...1.0")
        XCTAssertEqual(harness.lab.inspector?.view.message, message)
        try save("{")
        harness.lab.configFileChanged()
        harness.steps(5)
        XCTAssertEqual(harness.lab.configMessage, "reload: config file \(path) is not a JSON object of parameters")
        try save(#"{"threshold": 0.2}"#)
        harness.lab.configFileChanged()
        harness.steps(5)
        XCTAssertNil(harness.lab.configMessage, "a good save clears it")
        XCTAssertNil(harness.lab.inspector?.view.message)
        XCTAssertEqual(harness.lab.parameters[InteractorScene.threshold], 0.2)
    }

    func testASaveThatChangesNothingLeavesTheSceneAsItIs() throws {
        try save(#"{"threshold": 0.4}"#)
        let harness = try lab()
        let scene = harness.lab.scene
        harness.lab.configFileChanged()
        harness.steps(5)
        XCTAssertTrue(harness.lab.scene === scene)
        try save(#"{"threshold": 0.45}"#)
        harness.lab.configFileChanged()
        harness.steps(5)
        XCTAssertFalse(harness.lab.scene === scene)
    }

    func testSetStillWinsOverTheFile() throws {
        try save(#"{"threshold": 0.4, "duration": 2}"#)
        let harness = try lab(["--set", "threshold=0.7"])
        try save(#"{"threshold": 0.1, "duration": 3}"#)
        harness.lab.configFileChanged()
        harness.steps(5)
        XCTAssertEqual(harness.lab.parameters[InteractorScene.threshold], 0.7)
        XCTAssertEqual(harness.lab.parameters[InteractorScene.duration], 3)
    }

    func testAnotherSceneShowingKeepsRunningAndTheLaunchedOneGetsTheValuesWhenShownAgain() throws {
        try save(#"{"threshold": 0.4}"#)
        let harness = try lab()
        harness.key(.character("3"))
        try save(#"{"threshold": 0.6}"#)
        harness.lab.configFileChanged()
        harness.steps(5)
        XCTAssertTrue(harness.lab.scene is PannableScene)
        harness.key(.character("1"))
        XCTAssertEqual(harness.lab.parameters[InteractorScene.threshold], 0.6)
    }

    /// The real inotify descriptor: a save by rename (what many editors do) is seen; another file is not.
    func testTheFolderWatchSeesARenameOverTheFile() throws {
        try save("{}")
        let watch = try XCTUnwrap(FileWatch(path: path))
        XCTAssertFalse(watch.takeChanges())
        try "x".write(toFile: folder + "other.txt", atomically: false, encoding: .utf8)
        XCTAssertTrue(wait(for: watch))
        XCTAssertFalse(watch.takeChanges(), "another file in the folder is not the config")
        try #"{"threshold": 0.5}"#.write(toFile: folder + ".tuning.json.swp", atomically: false, encoding: .utf8)
        XCTAssertEqual(rename(folder + ".tuning.json.swp", path), 0)
        XCTAssertTrue(wait(for: watch))
        XCTAssertTrue(watch.takeChanges())
    }

    /// Whether the watch's descriptor becomes readable within two seconds.
    private func wait(for watch: FileWatch) -> Bool {
        var fd = pollfd(fd: watch.fileDescriptor, events: Int16(POLLIN), revents: 0)
        return poll(&fd, 1, 2000) == 1
    }
}
