import XCTest
import ModalKit
import ModalKitTestSupport
@testable import ModalLab
@testable import ModalLabCore

/// What a person sees, rendered with no X server: a card held mid-drag over the presenting screen, at scale 1
/// and 2, compared with reviewed goldens.
final class HeadlessGoldenTests: XCTestCase {
    private func midDrag(_ scene: SceneKind, scale: Double) throws -> Bitmap {
        var configuration = LabConfiguration.pinned
        configuration.sceneKind = scene
        configuration.showsHUD = false
        let clock = ManualClock()
        let lab = try Lab(configuration: configuration, clock: clock)
        var t = 0.0
        lab.handle(.pointerDown(Point(x: 187, y: 300), time: t))
        for i in 1 ... 10 {
            t += 1.0 / 60
            clock.set(to: t)
            lab.handle(.pointerMove(Point(x: 187, y: 300 + 18 * Double(i)), time: t))
            lab.advance(to: t)
        }
        var bitmap = Bitmap(width: Int(375 * scale), height: Int(667 * scale))
        lab.render(into: &bitmap, scale: scale)
        return bitmap
    }

    func testPannableHeldMidDragAtScale1() throws {
        assertMatchesGolden(try midDrag(SceneKind(PannableScene.self), scale: 1), named: "lab-pannable-drag180@1x")
    }

    func testPannableHeldMidDragAtScale2() throws {
        assertMatchesGolden(try midDrag(SceneKind(PannableScene.self), scale: 2), named: "lab-pannable-drag180@2x")
    }

    func testInteractorHeldMidDragAtScale2() throws {
        assertMatchesGolden(try midDrag(SceneKind(InteractorScene.self), scale: 2), named: "lab-interactor-drag180@2x")
    }
}
