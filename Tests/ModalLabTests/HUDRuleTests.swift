import XCTest
import ModalKit
@testable import ModalLab
@testable import ModalLabCore

/// The HUD's live rule says what a release would do at that moment: for drags on either side of each clause of
/// each scene's rule, what it says just before the release is what the scene then does.
final class HUDRuleTests: XCTestCase {
    private let middle = Point(x: 187, y: 300)

    /// Drags `dy` down over `duration` seconds without releasing, reads the HUD's rule, releases, and returns the
    /// rule's prediction and whether the modal left.
    private func predictionAndOutcome(
        _ scene: SceneKind, dy: Double, over duration: Double,
        set: [(String, ParameterValue)] = []
    ) throws -> (predicted: Bool, dismissed: Bool) {
        let d = try HeadlessLab(pinnedScene: scene, parameters: set)
        d.drag(from: middle, by: Point(x: 0, y: dy), over: duration, release: false)
        let predicted = try XCTUnwrap(d.lab.scene.rule.readout()).willDismiss
        d.send(.pointerUp(middle + Point(x: 0, y: dy), time: d.clock.now))
        d.settle()
        return (predicted, d.topName == "presenting")
    }

    private func assertHUDPredictsRelease(
        _ scene: SceneKind, _ drags: [(dy: Double, seconds: Double)],
        set: [(String, ParameterValue)] = [], line: UInt = #line
    ) throws {
        var outcomes: Set<Bool> = []
        for drag in drags {
            let (predicted, dismissed) = try predictionAndOutcome(scene, dy: drag.dy, over: drag.seconds, set: set)
            XCTAssertEqual(predicted, dismissed, "\(scene.info.name): \(drag.dy) pt in \(drag.seconds) s", line: line)
            outcomes.insert(dismissed)
        }
        XCTAssertEqual(outcomes, [true, false], "the drags fall on both sides of the rule", line: line)
    }

    func testPannable() throws {
        // slow and short, slow past half the height, a fast flick that stays short
        try assertHUDPredictsRelease(SceneKind(PannableScene.self), [(300, 1), (340, 1), (100, 3 / 60.0)])
        try assertHUDPredictsRelease(
            SceneKind(PannableScene.self), [(150, 1), (220, 1)],
            set: [("minimumScreenRatioToHide", .number(0.3))])
        try assertHUDPredictsRelease(
            SceneKind(PannableScene.self), [(100, 0.1), (100, 0.5)],
            set: [("minimumVelocityToHide", .number(500))])
    }

    func testFreeDrag() throws {
        try assertHUDPredictsRelease(SceneKind(FreeDragScene.self), [(400, 1), (100, 3 / 60.0)])
    }

    func testInteractorAndNavigation() throws {
        try assertHUDPredictsRelease(SceneKind(InteractorScene.self), [(150, 1), (230, 1)])
        try assertHUDPredictsRelease(SceneKind(NavigationScene.self), [(150, 1), (230, 1)])
        try assertHUDPredictsRelease(
            SceneKind(InteractorScene.self), [(230, 1), (350, 1)], set: [("threshold", .number(0.4))])
    }

    func testSpring() throws {
        try assertHUDPredictsRelease(SceneKind(SpringScene.self), [(190, 1), (210, 1)])
    }
}
