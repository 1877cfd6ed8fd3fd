import XCTest
import ModalKit
import ModalKitTestSupport
@testable import ModalLab
@testable import ModalLabCore

/// The zoom scene as a person sees it, rendered with no X server at scale 1 and 2: the photo page at rest, held
/// mid-pan (shrunk about the pointer over the scaled, dimmed grid), and mid-landing on its cell.
final class ZoomGoldenTests: XCTestCase {
    private enum Moment { case rest, midPan, midLanding }

    private func render(_ moment: Moment, scale: Double, pushed: Bool = false) throws -> Bitmap {
        var configuration = LabConfiguration.pinned
        configuration.sceneKind = SceneKind(ZoomScene.self)
        if pushed { configuration.parameterOverrides = [("presentation", .choice("push"))] }
        configuration.showsHUD = false
        let clock = ManualClock()
        let lab = try Lab(configuration: configuration, clock: clock)
        var t = 0.0
        func frame() {
            t += 1.0 / 60
            clock.set(to: t)
            lab.advance(to: t)
        }
        if moment != .rest {
            lab.handle(.pointerDown(Point(x: 187, y: 300), time: t))
            for i in 1 ... 12 {
                frame()
                lab.handle(.pointerMove(Point(x: 187 + 3 * Double(i), y: 300 + 20 * Double(i)), time: t))
            }
        }
        if moment == .midLanding {
            for _ in 0 ..< 6 { frame() }
            lab.handle(.pointerUp(Point(x: 223, y: 540), time: t))
            for _ in 0 ..< 8 { frame() }
        }
        var bitmap = Bitmap(width: Int(375 * scale), height: Int(667 * scale))
        lab.render(into: &bitmap, scale: scale)
        return bitmap
    }

    func testAtRestAtScale1() throws { assertMatchesGolden(try render(.rest, scale: 1), named: "zoom-rest@1x") }
    func testAtRestAtScale2() throws { assertMatchesGolden(try render(.rest, scale: 2), named: "zoom-rest@2x") }
    func testMidPanAtScale1() throws { assertMatchesGolden(try render(.midPan, scale: 1), named: "zoom-pan@1x") }
    func testMidPanAtScale2() throws { assertMatchesGolden(try render(.midPan, scale: 2), named: "zoom-pan@2x") }

    func testMidLandingAtScale1() throws {
        assertMatchesGolden(try render(.midLanding, scale: 1), named: "zoom-landing@1x")
    }

    func testMidLandingAtScale2() throws {
        assertMatchesGolden(try render(.midLanding, scale: 2), named: "zoom-landing@2x")
    }

    /// Pushed: the grid under its bar ("Photos"), the page shrunk about the pointer over it, the bar on top with
    /// the page's title and its back button.
    func testPushedMidPanAtScale1() throws {
        assertMatchesGolden(try render(.midPan, scale: 1, pushed: true), named: "zoom-push-pan@1x")
    }

    func testPushedMidPanAtScale2() throws {
        assertMatchesGolden(try render(.midPan, scale: 2, pushed: true), named: "zoom-push-pan@2x")
    }
}
