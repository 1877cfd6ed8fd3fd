import Foundation
import XCTest
import ModalKit
@testable import ModalLab
@testable import ModalLabCore

/// `estimator`: the lab-wide parameter every scene takes, applied to every pan recognizer of the scene.
final class EstimatorParameterTests: XCTestCase {
    private func pans(in view: View) -> [PanGestureRecognizer] {
        view.gestureRecognizers.compactMap { $0 as? PanGestureRecognizer } + view.subviews.flatMap(pans(in:))
    }

    func testEverySceneTakesTheEstimatorOnTheCommandLine() throws {
        for scene in SceneCatalog.all {
            let configuration = try LabConfiguration(pinnedArguments: [
                "--scene", scene.info.name, "--set", "estimator=mean-150"
            ])
            XCTAssertEqual(configuration.parameterOverrides.first?.1, .choice("mean-150"), scene.info.name)
        }
        XCTAssertThrowsError(try LabConfiguration(pinnedArguments: ["--set", "estimator=kalman"])) { error in
            XCTAssertEqual(
                "\(error)", "parameter estimator: 'kalman' is not one of quadratic, linear, last-two, mean-150, impulse"
            )
        }
    }

    func testEveryPanOfEverySceneUsesTheChosenEstimatorFromThePress() throws {
        for (index, scene) in SceneCatalog.all.enumerated() {
            let harness = try HeadlessLab(pinnedScene: scene, parameters: [("estimator", .choice("last-two"))])
            harness.settle()
            harness.press(at: Point(x: 187, y: 600))
            let found = pans(in: harness.lab.window)
            XCTAssertFalse(found.isEmpty, scene.info.name)
            XCTAssertTrue(found.allSatisfy { $0.velocityEstimator == .lastTwo }, "scene \(index) \(scene.info.name)")
            harness.release()
        }
    }

    func testTheDefaultIsTheQuadraticAndASceneSwitchKeepsTheChoice() throws {
        let harness = try HeadlessLab(pinnedScene: SceneKind(PannableScene.self))
        XCTAssertEqual(harness.lab.parameters.velocityEstimator, .quadratic)
        var tuned = harness.lab.parameters
        try tuned.set("estimator", .choice("impulse"))
        harness.lab.apply(tuned)
        harness.key(.character("1"))
        XCTAssertTrue(harness.lab.scene is InteractorScene)
        XCTAssertEqual(harness.lab.parameters.velocityEstimator, .impulse)
        harness.press(at: Point(x: 187, y: 400))
        XCTAssertTrue(pans(in: harness.lab.window).allSatisfy { $0.velocityEstimator == .impulse })
    }

    func testTheTraceSceneRecordNamesTheEstimator() throws {
        let path = NSTemporaryDirectory() + "modal-lab-\(getpid())-estimator.jsonl"
        defer { unlink(path) }
        let harness = try HeadlessLab(
            scene: SceneKind(SpringScene.self), parameters: [("estimator", .choice("linear"))], tracePath: path)
        harness.lab.finish()
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let scene = try XCTUnwrap(text.split(separator: "\n").first { $0.contains("\"type\":\"scene\"") })
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(scene.utf8)) as? [String: Any])
        XCTAssertEqual((object["parameters"] as? [String: Any])?["estimator"] as? String, "linear")
    }
}
