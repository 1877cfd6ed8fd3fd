import Foundation
import XCTest
import ModalKit
@testable import ModalLab
@testable import ModalLabCore

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
        var configuration = try LabConfiguration(pinnedArguments: ["--scene", "interactor", "--config", path] + extra)
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
        XCTAssertNotNil(harness.lab.nextFrameTime, "a frame is asked for when the file is due")
        harness.step()
        XCTAssertEqual(harness.lab.parameters[InteractorScene.threshold], 0.4, "read only after the writes settle")
        harness.steps(3)
        XCTAssertEqual(harness.lab.parameters[InteractorScene.threshold], 0.55)
        XCTAssertEqual(harness.lab.parameters[InteractorScene.curve], .linear)
        XCTAssertEqual(harness.lab.parameters.velocityEstimator, .linear)
        XCTAssertEqual(
            harness.lab.scene.rule.readout()?.text, "progress 0.00 ≤ 0.55: will cancel", "the scene runs with them")
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(harness.topName, "modal", "back at rest with the modal up")
    }

    /// A save waits for the file to settle without a frame a tick (they changed nothing): the lab asks the host
    /// for one at the due time, and reads the file in the first frame at it.
    func testAPendingReloadAsksForNoFrameBeforeItsDueTimeAndReloadsAtIt() throws {
        try save(#"{"threshold": 0.4}"#)
        let harness = try lab()
        harness.render()
        try save(#"{"threshold": 0.55}"#)
        harness.lab.configFileChanged()
        let due = harness.clock.now + SettleTimer.delay
        XCTAssertEqual(try XCTUnwrap(harness.lab.nextFrameTime), due, accuracy: 1e-9)
        var frames = 0
        while harness.lab.parameters[InteractorScene.threshold] == 0.4, frames < 10 {
            XCTAssertFalse(
                harness.lab.needsDisplay || harness.lab.isAnimating, "no frame asked at \(harness.clock.now) < \(due)")
            harness.step()
            frames += 1
        }
        XCTAssertEqual(harness.lab.parameters[InteractorScene.threshold], 0.55)
        XCTAssertGreaterThanOrEqual(harness.clock.now, due - 1e-9, "not before it is due")
        XCTAssertLessThan(harness.clock.now - harness.frameInterval, due, "in the first frame at it")
        XCTAssertNil(harness.lab.configReload?.timer.dueAt, "nothing more to read")
    }

    func testAnInvalidFileKeepsTheLastGoodValuesAndSaysWhyInOneLine() throws {
        try save(#"{"threshold": 0.4}"#)
        let harness = try lab(inspector: true)
        try save(#"{"threshold": 4}"#)
        harness.lab.configFileChanged()
        harness.steps(5)
        XCTAssertEqual(harness.lab.parameters[InteractorScene.threshold], 0.4)
        let message = try XCTUnwrap(harness.lab.notices.configMessage)
        XCTAssertEqual(message, "reload: config file \(path): parameter threshold: 4.0 is out of range 0.0...1.0")
        XCTAssertEqual(harness.lab.inspector?.view.message, message)
        try save("{")
        harness.lab.configFileChanged()
        harness.steps(5)
        XCTAssertEqual(
            harness.lab.notices.configMessage, "reload: config file \(path) is not a JSON object of parameters")
        try save(#"{"threshold": 0.2}"#)
        harness.lab.configFileChanged()
        harness.steps(5)
        XCTAssertNil(harness.lab.notices.configMessage, "a good save clears it")
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

    /// The HUD and the inspector show what fits; the whole line goes to stderr, once for each failed reload, so a
    /// lab with `--no-hud` and no inspector still says why the save did nothing.
    func testAFailedReloadWritesItsWholeLineOnceToTheProblemLog() throws {
        try save(#"{"threshold": 0.4}"#)
        let harness = try lab(["--no-hud"])
        var logged: [String] = []
        harness.lab.notices.problemLog = { logged.append($0) }
        let long = String(repeating: "w", count: 200)
        try save(#"{"threshold": 4, "curve": "\#(long)"}"#)
        harness.lab.configFileChanged()
        harness.steps(5)
        let expected =
            "reload: config file \(path): parameter curve: '\(long.prefix(80))…' is longer than 80 characters"
        XCTAssertEqual(logged, [expected], "the whole line, once")
        XCTAssertEqual(harness.lab.notices.configMessage, expected)
        harness.steps(20)
        XCTAssertEqual(logged.count, 1, "not again while nothing is saved")
        harness.lab.configFileChanged()
        harness.steps(5)
        XCTAssertEqual(logged, [expected, expected], "a second failed save says it again")
    }

    /// A FIFO put where the config was must not freeze the lab in `open` (where Q and the stop signals cannot
    /// reach it): the reload is refused with one line. On a lab that waits, a watchdog opens the FIFO's other end
    /// after a few seconds, so this test fails instead of hanging.
    func testAFIFOInPlaceOfTheConfigIsRefusedWithoutWaiting() throws {
        try save(#"{"threshold": 0.4}"#)
        let harness = try lab()
        var logged: [String] = []
        harness.lab.notices.problemLog = { logged.append($0) }
        XCTAssertEqual(unlink(path), 0)
        XCTAssertEqual(mkfifo(path, 0o600), 0)
        let fifo = path
        let watchdog = Thread {
            Thread.sleep(forTimeInterval: 3)
            let fd = open(fifo, O_WRONLY | O_NONBLOCK) // only succeeds if the lab is stuck reading it
            if fd >= 0 { close(fd) }
        }
        watchdog.start()
        harness.lab.configFileChanged()
        harness.steps(5)
        XCTAssertEqual(logged, ["reload: cannot read config file \(path): it is a FIFO, not a regular file"])
        XCTAssertEqual(harness.lab.parameters[InteractorScene.threshold], 0.4, "the last good values stay")
    }

    /// inotify drops events when its queue overflows and says so once (IN_Q_OVERFLOW, on no name): the save may
    /// have been among them, so the overflow itself is a change.
    func testAnOverflowedQueueCountsAsAChange() throws {
        try save("{}")
        let watch = try XCTUnwrap(FileWatch(path: path))
        let limit =
            Int(
                (try? String(contentsOfFile: "/proc/sys/fs/inotify/max_queued_events", encoding: .utf8))?
                    .trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? 16384
        guard limit <= 100_000 else { throw XCTSkip("inotify's queue holds \(limit) events") }
        for i in 0 ..< limit / 2 + 100 { // other files: a create, a close-write and a delete each
            let other = folder + "other-\(i % 2)"
            close(open(other, O_WRONLY | O_CREAT, 0o600))
            unlink(other)
        }
        XCTAssertTrue(wait(for: watch))
        XCTAssertTrue(watch.takeChanges(), "the overflow may hide a save")
    }

    /// A config given as a symbolic link into another folder: editing the target (by rename, as editors save) is a
    /// change, and so is pointing the link elsewhere.
    func testALinkIntoAnotherFolderIsReloadedWhenItsTargetIsSaved() throws {
        let elsewhere = folder + "elsewhere/"
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        let target = elsewhere + "real.json", link = folder + "link.json"
        try "{}".write(toFile: target, atomically: false, encoding: .utf8)
        XCTAssertEqual(symlink(target, link), 0)
        let watch = try XCTUnwrap(FileWatch(path: link))
        try #"{"threshold": 0.5}"#.write(toFile: target, atomically: true, encoding: .utf8)
        XCTAssertTrue(wait(for: watch), "the target's folder is watched")
        XCTAssertTrue(watch.takeChanges())
        try "{}".write(toFile: elsewhere + "other.json", atomically: false, encoding: .utf8)
        XCTAssertTrue(wait(for: watch))
        XCTAssertFalse(watch.takeChanges(), "another file beside the target is not the config")
        XCTAssertEqual(unlink(link), 0)
        XCTAssertEqual(symlink(elsewhere + "other.json", link), 0)
        XCTAssertTrue(wait(for: watch))
        XCTAssertTrue(watch.takeChanges(), "the link re-pointed")
    }

    /// Whether the watch's descriptor becomes readable within two seconds.
    private func wait(for watch: FileWatch) -> Bool {
        var fd = pollfd(fd: watch.fileDescriptor, events: Int16(POLLIN), revents: 0)
        return poll(&fd, 1, 2000) == 1
    }
}
