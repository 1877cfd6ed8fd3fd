import XCTest
import ModalKit
@testable import ModalLab
@testable import ModalLabCore

/// Present → dismiss → present again in every scene, at 1x and 2x: with retired layers reused (the next card
/// takes the dismissed card's pixels, `Window.reusesRetiredLayers`) every frame, drawn incrementally as the host
/// draws it, equals the frame of the same lab drawing every layer fresh, whole. In a window of 200x356 points (the
/// lab's narrowest, the phone's proportions): what is under test is which pixels a reused layer keeps, not how
/// many there are, and the whole frame drawn fresh at 2x for every frame of 24 transitions was most of the time
/// this test took (a 375x667 window: 4 minutes of a debug build on two loaded cores). For the same reason the
/// frames come at 30 a second, as a 30 Hz display's would: each is still drawn by both labs and compared, and
/// which pixels a reused layer keeps does not depend on how often it is drawn.
final class SceneLayerReuseTests: XCTestCase {
    private let size = Size(width: 200, height: 356)

    /// A lab showing `scene` at this test's size, without the HUD, drawn at 30 frames a second.
    private func lab(_ scene: SceneKind) throws -> HeadlessLab {
        var configuration = LabConfiguration.pinned
        configuration.sceneKind = scene
        configuration.showsHUD = false
        configuration.size = size
        return try HeadlessLab(configuration: configuration, fps: 30)
    }

    /// The presented card's whole draws since it was made.
    private func cardDraws(_ d: HeadlessLab) -> Int? {
        d.lab.scene.root.presentedViewController?.view.contentRenderCount
    }

    func testEveryFrameOfPresentingAgainEqualsAFreshWindow() throws {
        for scale in [1.0, 2.0] {
            for scene in SceneCatalog.all {
                let name = "\(scene.info.name) at \(scale)x"
                let reusing = try lab(scene)
                let fresh = try lab(scene)
                fresh.lab.window.reusesRetiredLayers = false
                XCTAssertEqual(reusing.stage.windowSize, size)
                var frame = Bitmap(width: Int(size.width * scale), height: Int(size.height * scale))
                var frames = 0
                func compare() {
                    reusing.stage.render(into: &frame, scale: scale)
                    frames += 1
                    XCTAssertTrue(frame == fresh.render(scale: scale), "\(name), frame \(frames)")
                }
                func both(_ action: (HeadlessLab) -> Void) {
                    action(reusing)
                    action(fresh)
                    compare()
                }
                func settle() {
                    for _ in 0 ..< 240 where !(reusing.isSettled && fresh.isSettled) { both { $0.step() } }
                }
                compare()
                for _ in 0 ..< 2 {
                    both { $0.key(.escape) }
                    settle()
                    both { $0.key(.space) }
                    settle()
                }
                if scene.name == InteractorScene.info.name || scene.name == PannableScene.info.name {
                    XCTAssertEqual(cardDraws(reusing), 0, "\(name): the new card took the dismissed card's layer")
                    XCTAssertEqual(cardDraws(fresh), 1, "\(name): without reuse the new card draws")
                }
            }
        }
    }
}
