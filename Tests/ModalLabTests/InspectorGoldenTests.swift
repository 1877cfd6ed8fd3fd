import XCTest
import ModalKit
import ModalKitTestSupport
@testable import ModalLab
@testable import ModalLabCore

/// The inspector beside each scene after a flick has been released and come to rest: the controls with their
/// values and seeds, each estimator's reading with its decision, and the small motion plot. Reviewed by eye.
final class InspectorGoldenTests: XCTestCase {
    private func afterFlick(_ scene: SceneKind, scale: Double) throws -> Bitmap {
        var configuration = LabConfiguration.pinned
        configuration.sceneKind = scene
        configuration.showsInspector = true
        let harness = try HeadlessLab(configuration: configuration)
        var bitmap = Bitmap(
            width: Int((harness.lab.windowSize.width * scale).rounded()),
            height: Int((harness.lab.windowSize.height * scale).rounded()))
        // Each frame is drawn and reported, as the host does, so the trace (and the plot) has the card's frames.
        let frame = {
            harness.lab.render(into: &bitmap, scale: scale)
            harness.lab.didPresent(FrameReport(frameTime: harness.clock.now, renderSeconds: 0))
        }
        harness.settle(afterEach: frame)
        // A flick down from the card's middle (the sheet's top edge sits lower), which every scene decides on.
        let start = Point(x: 187, y: scene.name == SheetScene.info.name ? 420 : 300)
        harness.drag(from: start, by: Point(x: 0, y: 180), over: 0.1, afterEach: frame)
        harness.settle(afterEach: frame)
        harness.steps(10, afterEach: frame)
        return bitmap
    }

    func testInteractor() throws {
        assertMatchesGolden(try afterFlick(SceneKind(InteractorScene.self), scale: 1), named: "inspector-interactor@1x")
    }
    func testFreeDrag() throws {
        assertMatchesGolden(try afterFlick(SceneKind(FreeDragScene.self), scale: 1), named: "inspector-free-drag@1x")
    }
    func testPannable() throws {
        assertMatchesGolden(try afterFlick(SceneKind(PannableScene.self), scale: 1), named: "inspector-pannable@1x")
    }
    func testNavigation() throws {
        assertMatchesGolden(try afterFlick(SceneKind(NavigationScene.self), scale: 1), named: "inspector-navigation@1x")
    }
    func testSpring() throws {
        assertMatchesGolden(try afterFlick(SceneKind(SpringScene.self), scale: 1), named: "inspector-spring@1x")
    }
    func testSheet() throws {
        assertMatchesGolden(try afterFlick(SceneKind(SheetScene.self), scale: 1), named: "inspector-sheet@1x")
    }
    /// Text in the HUD and the panel stays crisp at 2x (drawn at the canvas's scale, not scaled up).
    func testPannableAtScale2() throws {
        assertMatchesGolden(try afterFlick(SceneKind(PannableScene.self), scale: 2), named: "inspector-pannable@2x")
    }
}
