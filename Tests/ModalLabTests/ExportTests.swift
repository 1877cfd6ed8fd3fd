import Foundation
import XCTest
import ModalKit
@testable import ModalLab
@testable import ModalLabCore

/// Export: the JSON `--config` reads back to the same parameters, and the UIKit snippet holding every value.
final class ExportTests: XCTestCase {
    private let folder = NSTemporaryDirectory() + "modal-lab-export-\(getpid())/"

    override func setUpWithError() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: folder) }

    /// Every parameter moved off its default to a value with many digits, choices to their last name.
    static func tuned(_ scene: SceneKind) throws -> SceneParameters {
        var parameters = SceneParameters(specs: scene.info.allParameters)
        for spec in parameters.specs {
            switch spec.kind {
            case .number(let range):
                try parameters.set(
                    spec.name, .number(range.lowerBound + (range.upperBound - range.lowerBound) * 0.318_309_886))
            case .curve: try parameters.set(spec.name, .curve(.easeOut))
            case .choice(let names): try parameters.set(spec.name, .choice(names[names.count - 1]))
            }
        }
        return parameters
    }

    func testExportedJSONLoadsBackToIdenticalParametersForEveryScene() throws {
        for scene in SceneCatalog.all {
            let parameters = try Self.tuned(scene)
            let path = folder + "\(scene.info.name).json"
            try ParameterExport.write(parameters, kind: scene, to: path)
            let configuration = try LabConfiguration(pinnedArguments: ["--scene", scene.info.name, "--config", path])
            let loaded = try Lab.startingParameters(scene, configuration: configuration)
            XCTAssertEqual(loaded, parameters, scene.info.name)
            XCTAssertNotEqual(
                loaded, SceneParameters(specs: scene.info.allParameters), "the values are not the defaults")
        }
    }

    func testTheFilesAreNamedFromTheExportPath() {
        XCTAssertEqual(ParameterExport.paths(for: "out/tuned.json").swift, "out/tuned.swift")
        XCTAssertEqual(ParameterExport.paths(for: "tuned").json, "tuned")
        XCTAssertEqual(ParameterExport.paths(for: "tuned").swift, "tuned.swift")
        XCTAssertEqual(ParameterExport.paths(for: "out/tuned.json").swiftUI, "out/tuned-swiftui.swift")
        XCTAssertEqual(ParameterExport.paths(for: "tuned").swiftUI, "tuned-swiftui.swift")
        XCTAssertEqual(ParameterExport.paths(for: "/dev/null").swiftUI, nil, "nothing beside a device")
    }

    /// What each scene's snippet must say, spelled as UIKit spells it, for the values `tuned` gives.
    private func expectedLines(_ scene: SceneKind, _ p: SceneParameters) -> [String] {
        func n(_ name: String) -> String { p.value(name)?.description ?? "?" }
        let rule = ["let percentThreshold: CGFloat = \(n("threshold"))", "TimeInterval { \(n("duration")) }"]
        switch scene.info.name {
        case "interactor":
            return rule + [
                "options: [.curveEaseOut]", "completionSpeed = \(n("completionSpeed"))", "completionCurve = .easeOut"
            ]
        case "free-drag":
            return [
                ".velocity(in: view).y >= \(n("velocity"))", "withDuration: \(n("duration")), animations",
                "UIView.animate(withDuration: \(n("duration"))) {"
            ]
        case "pannable":
            return [
                "minimumVelocityToHide: CGFloat = \(n("minimumVelocityToHide"))",
                "minimumScreenRatioToHide: CGFloat = \(n("minimumScreenRatioToHide"))",
                "animationDuration: TimeInterval = \(n("animationDuration"))", ".overFullScreen"
            ]
        case "navigation":
            return rule + [
                "final class ModalNavigationController: UINavigationController",
                "(navigationController as? ModalNavigationController)?.handleGesture(sender)"
            ]
        case "spring":
            return [
                "TimeInterval { \(n("presentDuration")) }", "usingSpringWithDamping: \(n("damping")),",
                "translation.y / \(n("distance"))", "fraction > \(n("threshold"))",
                "TimeInterval { \(n("dismissDuration")) }"
            ]
        case "zoom":
            return [
                "detail.preferredTransition = .zoom(options: options)", "options.alignmentRectProvider",
                "options.interactiveDismissShouldBegin", "UIColor.black.withAlphaComponent(\(n("dimming")))",
                "panThreshold = \(n("panThreshold"))", "let projection = \(n("projection"))",
                "stiffness: \(n("cancelStiffness")), damping: \(n("cancelDamping"))"
            ]
        default:
            return [
                "sheet.detents = [.custom(identifier: .init(\"small\")) { _ in 200 }, .medium(), .large()]",
                "prefersGrabberVisible = false", "preferredCornerRadius = \(n("cornerRadius"))",
                "rule: \(n("rule"))", "decelerationRate \(n("decelerationRate"))",
                "response: CGFloat = \(n("response"))",
                "dampingRatio: CGFloat = \(n("dampingRatio"))", "rubber band: \(n("rubberBand")) of",
                "past \(n("dismissFraction")) of", "alpha \(n("dimAlpha"))", "scaled to \(n("scaleBehind"))"
            ]
        }
    }

    func testTheSwiftSnippetHoldsEveryValueOfEveryScene() throws {
        for scene in SceneCatalog.all {
            let parameters = try Self.tuned(scene)
            let snippet = UIKitSnippet.code(for: scene, parameters)
            XCTAssertTrue(snippet.contains("import UIKit"), scene.info.name)
            XCTAssertTrue(snippet.contains("Velocity estimator in the lab: impulse"), scene.info.name)
            for line in expectedLines(scene, parameters) {
                XCTAssertTrue(snippet.contains(line), "\(scene.info.name): no '\(line)' in\n\(snippet)")
            }
            // Every number the scene was tuned to appears in the code.
            for spec in scene.info.parameters {
                guard case .number = spec.kind, let value = parameters.value(spec.name) else { continue }
                XCTAssertTrue(
                    snippet.contains(value.description), "\(scene.info.name): \(spec.name) = \(value) missing")
            }
        }
    }

    func testHeadlessExportWritesTheThreeFilesAtTheEnd() throws {
        let path = folder + "pannable.json"
        // The headless run itself, not LabMain.run, which would install process-wide signal handling in the tests.
        let configuration = try LabConfiguration(pinnedArguments: [
            "--scene", "pannable", "--set", "minimumVelocityToHide=900",
            "--headless", "--export", path
        ])
        XCTAssertEqual(try HeadlessRun.run(configuration, replay: nil), 0)
        let json = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertTrue(json.contains("\"minimumVelocityToHide\": 900"), json)
        let swift = try String(contentsOfFile: folder + "pannable.swift", encoding: .utf8)
        XCTAssertTrue(swift.contains("minimumVelocityToHide: CGFloat = 900"), swift)
        let swiftUI = try String(contentsOfFile: folder + "pannable-swiftui.swift", encoding: .utf8)
        XCTAssertTrue(swiftUI.contains("import SwiftUI"), swiftUI)
        XCTAssertTrue(swiftUI.contains("let minimumVelocityToHide: CGFloat = 900"), swiftUI)
    }

    func testAnExportPathThatCannotBeWrittenFailsBeforeTheRun() throws {
        for path in [folder + "missing/x.json", folder] {
            XCTAssertThrowsError(
                try LabOutputs(try LabConfiguration(pinnedArguments: ["--headless", "--export", path]))
            ) {
                error in
                XCTAssertEqual((error as? LabError)?.exitCode, 1, "\(error)")
                XCTAssertTrue("\(error)".hasPrefix("cannot write export \(path)"), "\(error)")
            }
        }
    }

    func testAnExportNamingAnotherOutputOrAnInputIsRefused() throws {
        let trace = folder + "t.json"
        XCTAssertThrowsError(try LabConfiguration(pinnedArguments: ["--trace", trace, "--export", trace])) { error in
            XCTAssertEqual("\(error)", "--trace and --export name the same file '\(trace)'")
        }
        let swift = folder + "t.swift"
        XCTAssertThrowsError(try LabConfiguration(pinnedArguments: ["--record", swift, "--export", trace])) { error in
            XCTAssertEqual("\(error)", "--record and --export name the same file '\(swift)'", "the snippet beside it")
        }
        let swiftUI = folder + "t-swiftui.swift"
        XCTAssertThrowsError(try LabConfiguration(pinnedArguments: ["--plot", swiftUI, "--export", trace])) { error in
            XCTAssertEqual("\(error)", "--plot and --export name the same file '\(swiftUI)'", "the SwiftUI beside it")
        }
        try "{}".write(toFile: trace, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try LabConfiguration(pinnedArguments: ["--config", trace, "--export", trace])) { error in
            XCTAssertEqual("\(error)", "--config and --export name the same file '\(trace)'")
        }
    }

    func testKeyEWritesTheExportAndSaysWhereInTheHUD() throws {
        var configuration = LabConfiguration.pinned
        configuration.sceneKind = SceneKind(FreeDragScene.self)
        configuration.exportPath = folder + "e.json"
        let harness = try HeadlessLab(configuration: configuration)
        var parameters = harness.lab.parameters
        try parameters.set("velocity", .number(1234))
        harness.lab.apply(parameters)
        harness.key(.character("e"))
        XCTAssertEqual(
            harness.lab.notice, "exported \(folder)e.json, \(folder)e.swift and \(folder)e-swiftui.swift")
        XCTAssertTrue(
            try String(contentsOfFile: folder + "e-swiftui.swift", encoding: .utf8).contains(
                "minimumVelocity: CGFloat = 1234"))
        XCTAssertTrue(try String(contentsOfFile: folder + "e.json", encoding: .utf8).contains("\"velocity\": 1234"))
        harness.press(at: Point(x: 10, y: 10))
        XCTAssertNil(harness.lab.notice, "a press clears the notice")
    }

    func testAnExportThatCannotBeWrittenIsOneLineInTheHUD() throws {
        var configuration = LabConfiguration.pinned
        configuration.exportPath = folder + "gone/e.json"
        try FileManager.default.createDirectory(atPath: folder + "gone", withIntermediateDirectories: true)
        let harness = try HeadlessLab(configuration: configuration)
        try FileManager.default.removeItem(atPath: folder + "gone")
        harness.key(.character("e"))
        let notice = try XCTUnwrap(harness.lab.notice)
        XCTAssertTrue(notice.hasPrefix("cannot write export \(folder)gone/e.json: "), notice)
        XCTAssertFalse(notice.contains("\n"))
    }

    /// Runs `body` with the current folder set to the test's folder (where E writes without `--export`).
    private func inFolder(_ body: () throws -> Void) rethrows {
        let old = FileManager.default.currentDirectoryPath
        XCTAssertEqual(chdir(folder), 0)
        defer { chdir(old) }
        try body()
    }

    /// Without `--export`, E's `modal-lab-SCENE.json` in the current folder may be this run's config: writing
    /// it would turn the config into every parameter. Refused with one line; the config is untouched.
    func testKeyEWithoutExportRefusesToReplaceTheConfig() throws {
        let config = folder + "modal-lab-free-drag.json"
        try #"{"velocity": 500}"#.write(toFile: config, atomically: false, encoding: .utf8)
        try inFolder {
            let configuration = try LabConfiguration(pinnedArguments: ["--scene", "free-drag", "--config", config])
            let harness = try HeadlessLab(configuration: configuration)
            harness.key(.character("e"))
            XCTAssertEqual(
                harness.lab.notice,
                "cannot write export modal-lab-free-drag.json: it is the --config file of "
                    + "this run (name another with --export FILE)")
        }
        XCTAssertEqual(try String(contentsOfFile: config, encoding: .utf8), #"{"velocity": 500}"#)
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: folder + "modal-lab-free-drag.swift"), "nothing half-written")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "modal-lab-free-drag-swiftui.swift"))
    }

    /// ... or this run's trace (or the Swift beside it): replacing the trace would send the rest of it to a file
    /// no longer in any folder.
    func testKeyEWithoutExportRefusesToReplaceAnOutput() throws {
        let names = [
            ("--trace", "modal-lab-sheet.json"), ("--record", "modal-lab-sheet.swift"),
            ("--plot", "modal-lab-sheet-swiftui.swift")
        ]
        for (option, name) in names {
            try inFolder {
                let configuration = try LabConfiguration(pinnedArguments: ["--scene", "sheet", option, folder + name])
                let harness = try HeadlessLab(configuration: configuration)
                harness.key(.character("e"))
                XCTAssertEqual(
                    harness.lab.notice,
                    "cannot write export \(name): it is the \(option) file of this run "
                        + "(name another with --export FILE)")
            }
        }
    }

    /// With no input or output of that name, E writes into the current folder as before.
    func testKeyEWithoutExportWritesInTheCurrentFolder() throws {
        try inFolder {
            let harness = try HeadlessLab(configuration: try LabConfiguration(pinnedArguments: ["--scene", "spring"]))
            harness.key(.character("e"))
            XCTAssertEqual(
                harness.lab.notice,
                "exported modal-lab-spring.json, modal-lab-spring.swift and modal-lab-spring-swiftui.swift")
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder + "modal-lab-spring.json"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder + "modal-lab-spring-swiftui.swift"))
    }

    /// E at a FIFO whose reader has gone: one line in the HUD, and the lab goes on (open() used to wait there for
    /// a reader, deaf to Q and to stop signals).
    func testKeyEAtAFIFONothingReadsIsOneLineAndTheLabGoesOn() throws {
        let fifo = folder + "e.fifo"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        XCTAssertGreaterThanOrEqual(reader, 0)
        var configuration = LabConfiguration.pinned
        configuration.exportPath = fifo
        let harness = try HeadlessLab(configuration: configuration)
        close(reader)
        harness.key(.character("e"))
        XCTAssertEqual(
            harness.lab.notice,
            "cannot write export \(fifo): it is a FIFO that nothing reads (refused: writing "
                + "would wait for a reader)")
        harness.press(at: Point(x: 10, y: 10))
        XCTAssertNil(harness.lab.notice, "the lab still takes input")
    }
}
