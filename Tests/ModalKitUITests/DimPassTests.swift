import XCTest
import ModalKitBase
import ModalKitPixels
import ModalKitTestSupport
@testable import ModalKitUI

/// The dim over the screen behind a sheet, drawn in one pass with the screen's cached pixels, must give exactly
/// the bytes of the blit followed by the fill, in whole and in partial (damaged) frames, at scale 1 and 2.
final class DimPassTests: XCTestCase {
    /// The views a twin window changes in step with the other.
    private struct Scene {
        let window: Window, screen: View, container: View, dim: View, sheet: View
    }

    /// A sheet scene's shape: an opaque cached screen, a plain container holding a translucent dim and a sheet.
    private func makeScene(_ rng: inout SplitMix64) -> Scene {
        let window = Window(size: Size(width: 120, height: 200))
        // Not black: a dim left out over black would not show.
        window.backgroundColor = Color(rgb: 0x336699)
        let screen = View(frame: Rect(x: 0, y: 0, width: 120, height: 200))
        screen.backgroundColor = Color(rgb: 0xF2F2F7)
        for i in 0 ..< 6 {
            let row = View(frame: Rect(x: 8 + Double(i) * 3.5, y: 10 + Double(i) * 31, width: 90, height: 22))
            row.backgroundColor = Color(rgb: UInt32(rng.next() % 0xFF_FFFF), alpha: i % 2 == 0 ? 1 : 0.6)
            row.cornerRadius = Double(i)
            screen.addSubview(row)
        }
        let container = View(frame: window.bounds)
        container.compositesAsGroup = false
        let dim = View(frame: container.bounds)
        dim.compositesAsGroup = false
        let sheet = View(frame: Rect(x: 0, y: 120, width: 120, height: 200))
        sheet.backgroundColor = .white
        sheet.cornerRadius = 10
        sheet.maskedCorners = .top
        sheet.shadow = Shadow(color: Color(white: 0, alpha: 0.12), radius: 4, offset: Point(x: 0, y: -1))
        window.addSubview(screen)
        window.addSubview(container)
        container.addSubview(dim)
        container.addSubview(sheet)
        return Scene(window: window, screen: screen, container: container, dim: dim, sheet: sheet)
    }

    /// One random frame's changes: the dim's alpha (0...1), the sheet's position, now and then a clip, a dim that
    /// covers only part of the screen (or sits at a fractional offset), a translucent screen.
    private func change(_ scene: Scene, _ rng: inout SplitMix64) {
        var r = rng
        let alpha = [0, 1, r.nextUnit(), r.nextUnit()][Int(r.next() % 4)]
        scene.dim.backgroundColor = Color(white: 0, alpha: alpha)
        scene.sheet.center.y = 100 + 60 + r.nextUnit() * 140
        if r.next() % 5 == 0 { scene.container.clipsToBounds.toggle() }
        if r.next() % 5 == 0 {
            let inset = [0, 0.5, 3, -2][Int(r.next() % 4)]
            scene.dim.frame = Rect(x: inset, y: inset, width: 120 - inset, height: 200)
        }
        if r.next() % 4 == 0 {
            // A screen smaller than the dim: the dim's pixels beside and below it are filled on their own.
            let x = Double(r.next() % 3) * 7, height: Double = [200, 150, 90][Int(r.next() % 3)]
            scene.screen.frame = Rect(x: x, y: Double(r.next() % 2) * 11, width: 120 - 2 * x, height: height)
        }
        if r.next() % 7 == 0 { scene.screen.alpha = scene.screen.alpha < 1 ? 1 : 0.7 }
        if r.next() % 6 == 0 {
            scene.container.frame = Rect(x: 0, y: Double(r.next() % 3) * 0.5, width: 120, height: 200)
        }
        rng = r
    }

    func testOnePassFramesEqualTwoPassFramesOverSeededRandomCases() {
        var onePasses = 0
        for seed in UInt64(0) ..< 6 {
            for scale in [1.0, 2.0] {
                var rng = SplitMix64(seed: seed)
                let one = makeScene(&rng)
                var twinRNG = SplitMix64(seed: seed)
                let two = makeScene(&twinRNG)
                two.window.drawsTintedLayersInOnePass = false
                var a = Bitmap(width: Int(120 * scale), height: Int(200 * scale)), b = a
                for step in 0 ..< 12 {
                    var other = rng
                    change(one, &rng)
                    change(two, &other)
                    one.window.render(into: &a, scale: scale)
                    two.window.render(into: &b, scale: scale)
                    XCTAssertEqual(a, b, "seed \(seed) scale \(scale) step \(step)")
                    guard a == b else { return }
                }
                onePasses += one.window.tintedLayerDraws
            }
        }
        XCTAssertGreaterThan(onePasses, 50, "the one pass was taken")
    }

    /// A dim larger than the screen under it: the part beside and below the screen is dimmed on its own.
    func testADimLargerThanTheScreenIsDrawnWhole() {
        var rng = SplitMix64(seed: 3), twinRNG = SplitMix64(seed: 3)
        let (one, two) = (makeScene(&rng), makeScene(&twinRNG))
        two.window.drawsTintedLayersInOnePass = false
        for scene in [one, two] {
            scene.screen.frame = Rect(x: 10, y: 5, width: 100, height: 90)
            scene.dim.backgroundColor = Color(white: 0, alpha: 0.4)
            scene.sheet.frame.origin.y = 150
        }
        var a = Bitmap(width: 120, height: 200), b = a
        one.window.render(into: &a, scale: 1)
        two.window.render(into: &b, scale: 1)
        XCTAssertEqual(a, b)
        XCTAssertEqual(one.window.tintedLayerDraws, 1)
    }

    /// The case it exists for is taken: the screen's pixels go through the one pass (no plain blend of the dim).
    func testTheDimOverTheScreenIsDrawnInOnePass() {
        var rng = SplitMix64(seed: 1)
        let scene = makeScene(&rng)
        scene.dim.backgroundColor = Color(white: 0, alpha: 0.3)
        var a = Bitmap(width: 120, height: 200)
        scene.window.render(into: &a, scale: 1)
        XCTAssertEqual(scene.window.tintedLayerDraws, 1)
    }
}
