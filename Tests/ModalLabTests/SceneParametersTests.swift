import Foundation
import XCTest
import ModalKit
@testable import ModalLab
@testable import ModalLabCore

/// Each scene's one table of parameters: typed reads, the checks `--set` and `--config` go through, the trace.
final class SceneParametersTests: XCTestCase {
    func testEverySceneNamesEachParameterOnce() {
        for scene in SceneCatalog.all {
            let names = scene.info.parameters.map(\.name)
            XCTAssertEqual(Set(names).count, names.count, "\(scene.info.name) lists a name twice: \(names)")
        }
    }

    func testATypedKeyReadsItsDefaultAndThenItsOverride() throws {
        var parameters = SceneParameters(specs: InteractorScene.info.parameters)
        XCTAssertEqual(parameters[InteractorScene.threshold], 0.3)
        XCTAssertEqual(parameters[InteractorScene.curve], .easeInOut)
        try parameters.set("threshold", .number(0.45))
        try parameters.set("curve", .curve(.linear))
        XCTAssertEqual(parameters[InteractorScene.threshold], 0.45)
        XCTAssertEqual(parameters[InteractorScene.curve], .linear)
    }

    func testAKeyTheSceneDoesNotListReadsItsOwnDefaultNotNaN() {
        let parameters = SceneParameters(specs: InteractorScene.info.parameters)
        XCTAssertEqual(parameters[SpringScene.distance], 400)
    }

    func testSetChecksNameTypeAndRange() {
        var parameters = SceneParameters(specs: PannableScene.info.parameters)
        XCTAssertThrowsError(try parameters.set("minimumRatio", .number(0.4))) { error in
            XCTAssertEqual(
                "\(error)",
                "unknown parameter 'minimumRatio' (this scene has: minimumVelocityToHide, "
                    + "minimumScreenRatioToHide, animationDuration)")
        }
        XCTAssertThrowsError(try parameters.set("animationDuration", .curve(.linear))) { error in
            XCTAssertEqual("\(error)", "parameter animationDuration: 'linear' is the wrong type")
        }
        XCTAssertThrowsError(try parameters.set("minimumScreenRatioToHide", .number(2))) { error in
            XCTAssertEqual((error as? LabError)?.exitCode, 2)
        }
        XCTAssertEqual(parameters[PannableScene.minimumScreenRatioToHide], 0.5, "a refused value changes nothing")
    }

    func testTheTraceNamesTheParametersASceneRunsWith() throws {
        let path = NSTemporaryDirectory() + "modal-lab-\(getpid())-parameters.jsonl"
        defer { unlink(path) }
        var configuration = LabConfiguration.pinned
        configuration.sceneKind = SceneKind(PannableScene.self)
        configuration.parameterOverrides = [("minimumScreenRatioToHide", .number(0.25))]
        configuration.tracePath = path
        let lab = try Lab(configuration: configuration, clock: ManualClock())
        lab.finish()
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        let scene = try XCTUnwrap(
            lines.compactMap {
                try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
            }.first { $0["type"] as? String == "scene" })
        let parameters = try XCTUnwrap(scene["parameters"] as? [String: Any])
        XCTAssertEqual(parameters["minimumScreenRatioToHide"] as? Double, 0.25)
        XCTAssertEqual(parameters["minimumVelocityToHide"] as? Double, 1500)
        XCTAssertEqual(parameters["animationDuration"] as? Double, 0.2)
        XCTAssertEqual(parameters["estimator"] as? String, "quadratic")
        XCTAssertEqual(parameters.count, 4)
    }
}
