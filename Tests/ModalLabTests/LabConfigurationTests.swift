import Foundation
import XCTest
@testable import ModalLab
@testable import ModalLabCore

/// The command line: every option, and one clear usage error for each kind of bad input.
final class LabConfigurationTests: XCTestCase {
    private func usageError(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) -> String? {
        do {
            _ = try LabConfiguration(pinnedArguments: arguments)
            XCTFail("\(arguments) was accepted", file: file, line: line)
            return nil
        } catch let error as LabError {
            XCTAssertEqual(error.exitCode, 2, file: file, line: line)
            return error.description
        } catch {
            XCTFail("\(error)", file: file, line: line)
            return nil
        }
    }

    func testDefaults() throws {
        let c = try LabConfiguration(pinnedArguments: [])
        XCTAssertTrue(c.sceneKind.name == InteractorScene.info.name)
        XCTAssertEqual(c.size.width, 375)
        XCTAssertEqual(c.size.height, 667)
        XCTAssertNil(c.scale)
        XCTAssertTrue(c.useSharedMemory)
        XCTAssertEqual(c.action, .run)
    }

    func testEveryOption() throws {
        let c = try LabConfiguration(pinnedArguments: [
            "--scene", "spring", "--size", "400x700", "--scale", "2", "--fps", "120",
            "--set", "damping=0.8", "--trace", "-", "--record", "r.jsonl",
            "--screenshot", "s.png", "--no-shm", "--no-hud", "--slow", "--font", "f.ttf"
        ])
        XCTAssertTrue(c.sceneKind.name == SpringScene.info.name)
        XCTAssertEqual(c.size.width, 400)
        XCTAssertEqual(c.scale, 2)
        XCTAssertEqual(c.fps, 120)
        XCTAssertEqual(c.parameterOverrides.map(\.0), ["damping"])
        XCTAssertEqual(c.parameterOverrides.map(\.1), [.number(0.8)])
        XCTAssertEqual(c.tracePath, "-")
        XCTAssertEqual(c.recordPath, "r.jsonl")
        XCTAssertEqual(c.screenshotPath, "s.png")
        XCTAssertFalse(c.useSharedMemory)
        XCTAssertFalse(c.showsHUD)
        XCTAssertTrue(c.slowAnimations)
        XCTAssertEqual(c.fontPath, "f.ttf")
    }

    func testHelpVariants() throws {
        XCTAssertEqual(try LabConfiguration(pinnedArguments: ["--help"]).action, .help)
        XCTAssertEqual(try LabConfiguration(pinnedArguments: ["--scene", "pannable", "--help"]).action, .sceneHelp)
        let help = try LabConfiguration(pinnedArguments: ["--scene", "pannable", "--help"]).sceneHelp()
        XCTAssertTrue(help.contains("minimumScreenRatioToHide = 0.5"), help)
        XCTAssertTrue(help.contains("seed 000"), help)
        XCTAssertEqual(try LabConfiguration(pinnedArguments: ["--list-scenes"]).action, .listScenes)
        XCTAssertEqual(try LabConfiguration(pinnedArguments: ["--version"]).action, .version)
    }

    func testBadInputIsOneLineNamingTheProblem() {
        XCTAssertEqual(
            usageError(["--scene", "drawer"]),
            "unknown scene 'drawer' (scenes: interactor, free-drag, pannable, navigation, spring, sheet, zoom)")
        XCTAssertEqual(
            usageError(["--scene", "sheet", "--set", "rule=fast"]),
            "parameter rule: 'fast' is not one of projection, nearest, distance-velocity")
        XCTAssertEqual(
            usageError(["--scene", "sheet", "--set", "rule=1"]),
            "parameter rule: '1' is not one of projection, nearest, distance-velocity")
        XCTAssertEqual(
            usageError(["--set", "speed=2"]),
            "unknown parameter 'speed' (this scene has: threshold, duration, curve, completionSpeed, completionCurve, estimator)"
        )
        XCTAssertEqual(usageError(["--set", "threshold=high"]), "parameter threshold: 'high' is not a number")
        XCTAssertEqual(usageError(["--set", "threshold=1.5"]), "parameter threshold: 1.5 is out of range 0.0...1.0")
        XCTAssertEqual(usageError(["--set", "duration=-1"]), "parameter duration: -1.0 is out of range 0.01...60.0")
        XCTAssertEqual(usageError(["--set", "duration=nan"]), "parameter duration: nan is out of range 0.01...60.0")
        XCTAssertEqual(
            usageError(["--set", "curve=bouncy"]),
            "parameter curve: 'bouncy' is not a curve (linear, ease-in, ease-out, ease-in-out)")
        XCTAssertEqual(usageError(["--set", "threshold"]), "--set needs KEY=VALUE, not 'threshold'")
        XCTAssertEqual(usageError(["--scale", "0"]), "--scale needs a number from 0.5 to 4, not '0'")
        XCTAssertEqual(
            usageError(["--size", "big"]),
            "--size needs WxH in points from 200x300 to 4000x4000, like 375x667, not 'big'")
        XCTAssertEqual(usageError(["--fps"]), "--fps needs a value")
        XCTAssertEqual(usageError(["--wobble"]), "unknown option '--wobble'")
        XCTAssertEqual(usageError(["--headless"]), "--headless needs --screenshot, --replay, --trace or --export")
        for message in [usageError(["--set", "x=1"]), usageError(["--size", "1x1"])] {
            XCTAssertFalse(message?.contains("\n") ?? true, "one line")
        }
    }

    func testConfigFile() throws {
        let path = NSTemporaryDirectory() + "modal-lab-config-\(getpid()).json"
        defer { unlink(path) }
        try #"{"threshold": 0.45, "curve": "linear"}"#.write(toFile: path, atomically: true, encoding: .utf8)
        let c = try LabConfiguration(pinnedArguments: ["--config", path, "--set", "duration=0.9"])
        XCTAssertEqual(c.parameterOverrides.map(\.0), ["curve", "threshold", "duration"])
        XCTAssertEqual(c.parameterOverrides.map(\.1), [.curve(.linear), .number(0.45), .number(0.9)])

        try #"{"threshold": true}"#.write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertEqual(
            usageError(["--config", path]), "config file \(path): parameter threshold has a value of the wrong type")
        try #"[1, 2]"#.write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertEqual(usageError(["--config", path]), "config file \(path) is not a JSON object of parameters")
        XCTAssertThrowsError(try LabConfiguration(pinnedArguments: ["--config", path + ".missing"])) { error in
            XCTAssertEqual(
                error as? LabError, .io("cannot read config file \(path).missing: No such file or directory"))
        }
    }
}
