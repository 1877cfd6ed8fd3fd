import XCTest
import ModalKitBase
import ModalKitPixels
@testable import ModalKitUI

/// The glass under an iOS 26 sheet shows what is behind it now: the screen behind as it is drawn this frame
/// (shrunk and moved while the sheet grows toward large), blurred, not the screen as it was before it shrank.
final class SheetGlassTests: XCTestCase {
    private static let red = Color(rgb: 0xFF0000), blue = Color(rgb: 0x0000FF)

    /// A 400 × 400 window whose screen behind is red left of x = 100 and blue right of it, with a glass over
    /// (40, 200, 320, 150) showing it unmixed, untinted, undimmed.
    private func scene() -> (Window, View, SheetGlassView) {
        let window = Window(size: Size(width: 400, height: 400))
        let behind = View(frame: window.bounds)
        behind.backgroundColor = Self.red
        let right = View(frame: Rect(x: 100, y: 0, width: 300, height: 400))
        right.backgroundColor = Self.blue
        behind.addSubview(right)
        window.addSubview(behind)
        let glass = SheetGlassView(frame: Rect(x: 40, y: 200, width: 320, height: 150))
        var material = SheetPresentationController.GlassMaterial()
        material.blurRadius = 4
        material.tint = Color(white: 1, alpha: 0)
        glass.material = material
        glass.presentingView = behind
        glass.opacity = 0
        glass.cornerRadii = (8, 8)
        window.addSubview(glass)
        return (window, behind, glass)
    }

    private func render(_ window: Window, scale: Double) -> Bitmap {
        var frame = Bitmap(width: Int(400 * scale), height: Int(400 * scale))
        window.render(into: &frame, scale: scale)
        return frame
    }

    private func isRed(_ p: UInt32) -> Bool { p >> 16 & 0xFF > 0xF0 && p & 0xFF < 0x10 }
    private func isBlue(_ p: UInt32) -> Bool { p & 0xFF > 0xF0 && p >> 16 & 0xFF < 0x10 }

    /// Unshrunk, the glass shows the edge at x = 100; shrunk to half about the screen's center, the edge is
    /// drawn at x = 200 − 100 · 0.5 = 150, and the glass shows it there, at both scales.
    func testTheGlassShowsTheScreenBehindAtItsCurrentScale() {
        for scale in [1.0, 2.0] {
            let (window, behind, _) = scene()
            var frame = render(window, scale: scale)
            let y = Int(260 * scale)
            XCTAssertTrue(
                isRed(frame[Int(80 * scale), y]), "left of the edge: \(String(frame[Int(80 * scale), y], radix: 16))")
            XCTAssertTrue(isBlue(frame[Int(125 * scale), y]), "right of the edge, unshrunk")
            behind.transform = Transform(scaleX: 0.5, scaleY: 0.5, translationX: 0, translationY: 0)
            frame = render(window, scale: scale)
            // Above the glass the screen behind itself shows where the edge now is.
            XCTAssertTrue(isRed(frame[Int(125 * scale), Int(150 * scale)]), "the shrunk screen, beside the glass")
            XCTAssertTrue(isBlue(frame[Int(175 * scale), Int(150 * scale)]))
            // Through the glass, the same.
            let through = frame[Int(125 * scale), y]
            XCTAssertTrue(
                isRed(through), "@\(scale)x the glass shows the screen as shrunk: \(String(through, radix: 16))")
            XCTAssertTrue(isBlue(frame[Int(175 * scale), y]), "@\(scale)x")
        }
    }

    /// Shrunk to half, the screen behind leaves the window's black around it, and the glass shows that black
    /// there (blurred into the screen's edge), not the screen's edge colour drawn on: at both scales.
    func testOutsideAShrunkScreenTheGlassShowsTheBlackAroundIt() {
        for scale in [1.0, 2.0] {
            let (window, behind, _) = scene()
            behind.transform = Transform(scaleX: 0.5, scaleY: 0.5, translationX: 0, translationY: 0)
            let frame = render(window, scale: scale)
            let y = Int(260 * scale)
            XCTAssertEqual(
                frame[Int(30 * scale), Int(150 * scale)], 0xFF00_0000, "the window's black, beside the glass")
            // x = 60 is 40 points left of the shrunk screen's edge at 100 (the blur reaches about 3 · 1.7 points).
            let outside = frame[Int(60 * scale), y]
            XCTAssertEqual(outside, 0xFF00_0000, "@\(scale)x outside the screen: \(String(outside, radix: 16))")
            XCTAssertTrue(isRed(frame[Int(120 * scale), y]), "@\(scale)x inside, the screen")
            // Across the screen's edge the blur goes from black to red.
            let edge = frame[Int(100 * scale), y]
            XCTAssertGreaterThan(edge >> 16 & 0xFF, 0x30, "@\(scale)x at the edge, some red")
            XCTAssertLessThan(edge >> 16 & 0xFF, 0xD0, "@\(scale)x at the edge, some black")
        }
    }

    /// Moved down with the screen behind (its translation), the glass follows it too.
    func testTheGlassFollowsTheScreenBehindsTranslation() {
        let (window, behind, _) = scene()
        behind.transform = Transform(scaleX: 1, scaleY: 1, translationX: 40, translationY: 0)
        let frame = render(window, scale: 1)
        XCTAssertTrue(isRed(frame[120, 260]), "the edge moved to x = 140: \(String(frame[120, 260], radix: 16))")
        XCTAssertTrue(isBlue(frame[165, 260]))
    }
}

extension SheetGlassTests {
    /// An iOS 26 sheet at medium over a striped screen in a 160 × 284-point window (small, so a debug build draws
    /// it quickly) whose display corners are round; `cut` leaves out what the glass covers.
    private func floatingSheet(cut: Bool, animated: Bool = false) -> (UITestEnvironment, SheetPresentationController) {
        let env = UITestEnvironment(size: Size(width: 160, height: 284))
        env.window.skipsOccludedPixels = cut
        env.window.displayCornerRadius = 24
        let screen = env.window.rootViewController!.view
        screen.backgroundColor = Color(rgb: 0xF2F2F7)
        for i in 0 ..< 12 {
            let row = View(frame: Rect(x: 6 + Double(i) * 1.5, y: 8 + Double(i) * 22.5, width: 128, height: 16.5))
            row.backgroundColor = Color(rgb: UInt32(0x1F_3F7F &* (i + 1)) & 0xFF_FFFF, alpha: i % 3 == 0 ? 0.6 : 1)
            screen.addSubview(row)
        }
        let content = ViewController()
        content.modalPresentationStyle = .pageSheet
        content.view.backgroundColor = Color(rgb: 0xF2F2F7)
        // Grouped cells: white, opaque, inset from the sheet's sides, with a line of "text" each.
        for i in 0 ..< 6 {
            let cell = View(frame: Rect(x: 10, y: 30 + Double(i) * 34, width: 140, height: 30))
            cell.backgroundColor = .white
            cell.cornerRadius = i % 2 == 0 ? 8 : 0
            let text = View(frame: Rect(x: 8, y: 10, width: 60 + Double(i) * 9, height: 9))
            text.backgroundColor = Color(rgb: 0x1C1C1E)
            cell.addSubview(text)
            content.view.addSubview(cell)
        }
        let sheet = content.sheetPresentationController!
        sheet.floatingStyle = SheetPresentationController.FloatingStyle()
        sheet.detents = [.medium(), .large()]
        sheet.dimmingAlpha = 0.48
        env.window.rootViewController?.present(content, animated: animated)
        return (env, sheet)
    }

    /// While the sheet slides in, the glass is dimmed as the backdrop beside it is (the dimming view's alpha,
    /// which follows the way in as UIKit's does), not by the full 0.48 from the first frame; at rest at medium,
    /// by the full 0.48.
    func testTheGlassIsDimmedAsTheBackdropIsWhileTheSheetSlidesIn() {
        let (env, sheet) = floatingSheet(cut: true, animated: true)
        var frame = Bitmap(width: 160, height: 284)
        var dims: [Double] = []
        for _ in 0 ..< 60 {
            env.run(for: UITestEnvironment.frameInterval)
            env.window.render(into: &frame, scale: 1)
            XCTAssertEqual(sheet.glassView.dim, sheet.dimmingView.backgroundColor.alpha, accuracy: 1e-12)
            dims.append(sheet.glassView.dim)
        }
        XCTAssertLessThan(dims[0], 0.48 / 2, "the first frame of the way in: \(dims)")
        XCTAssertEqual(dims.last ?? 0, 0.48, accuracy: 1e-6, "at rest at medium")
        XCTAssertEqual(sheet.glassView.frostCount, 1, "a dim that changes tones the blur again, never blurs again")
    }

    /// The glass left out under the sheet's opaque cells (drawn over whole) changes no pixel: every frame of the
    /// way in and of a drag from medium toward large (the sheet rescaled, the glass mixed toward opaque) is byte
    /// for byte the frame with the glass drawn everywhere, at both scales, and the glass did leave pixels out.
    func testLeavingOutTheGlassUnderTheSheetsOpaqueCellsChangesNoPixel() {
        for scale in [1.0, 2.0] {
            let (env, sheet) = floatingSheet(cut: true, animated: true)
            var fast = Bitmap(width: Int(160 * scale), height: Int(284 * scale)), reference = fast
            var skipped = 0
            for k in 0 ..< 24 {
                if k == 14 { _ = sheet.beginInteractiveMove() }
                if k >= 14 { sheet.moveInteractively(by: -9) }
                env.run(for: UITestEnvironment.frameInterval)
                sheet.glassView.skipsCoveredPixels = true
                let before = sheet.glassView.skippedPixels
                env.window.render(into: &fast, scale: scale)
                skipped += sheet.glassView.skippedPixels - before
                sheet.glassView.skipsCoveredPixels = false
                env.window.render(into: &reference, scale: scale)
                let differing = zip(fast.pixels, reference.pixels).filter { $0 != $1 }.count
                XCTAssertEqual(differing, 0, "@\(scale)x frame \(k) at \(sheet.position): \(differing) pixels differ")
            }
            // Six cells 140 points wide, each about 26 rows of 120-odd points left out once measured.
            XCTAssertGreaterThan(skipped, Int(20_000 * scale * scale), "@\(scale)x the glass left pixels out")
        }
    }

    /// The glass drawn from what it keeps (the blur per look of the screen behind, its tone per dim) is the
    /// glass made afresh, pixel for pixel, every frame of the way in and of a drag from medium toward large
    /// (the screen behind shrinking off the window's edges), at both scales.
    func testTheKeptGlassIsTheGlassMadeAfreshEveryFrame() {
        for scale in [1.0, 2.0] {
            let (env, sheet) = floatingSheet(cut: true, animated: true)
            var kept = Bitmap(width: Int(160 * scale), height: Int(284 * scale)), fresh = kept
            var shrunk = 0, dimming = 0
            for k in 0 ..< 24 {
                if k == 14 { _ = sheet.beginInteractiveMove() }
                if k >= 14 { sheet.moveInteractively(by: -9) }
                env.run(for: UITestEnvironment.frameInterval)
                env.window.render(into: &kept, scale: scale)
                sheet.glassView.forget()
                env.window.render(into: &fresh, scale: scale)
                let differing = zip(kept.pixels, fresh.pixels).filter { $0 != $1 }.count
                XCTAssertEqual(differing, 0, "@\(scale)x frame \(k) at \(sheet.position): \(differing) pixels differ")
                if sheet.expansionFraction > 0.2 { shrunk += 1 }
                if sheet.glassView.dim > 0 && sheet.glassView.dim < 0.47 { dimming += 1 }
            }
            XCTAssertGreaterThan(shrunk, 5, "the screen behind shrank")
            XCTAssertGreaterThan(dimming, 3, "the dim changed under the glass")
        }
    }

    /// The screen behind and the dim are left undrawn under the glass's opaque middle (the sheet is inset, so
    /// what shows of them is a band above and strips beside and below it): every frame of a drag from medium toward
    /// large is byte for byte the frame drawn whole, at both scales.
    func testLeavingOutWhatTheGlassCoversChangesNoPixel() {
        for scale in [1.0, 2.0] {
            let (one, a) = floatingSheet(cut: true), (two, b) = floatingSheet(cut: false)
            var x = Bitmap(width: Int(160 * scale), height: Int(284 * scale)), y = x
            var glassy = 0, shrunk = 0
            for s in [a, b] { _ = s.beginInteractiveMove() }
            for k in 0 ..< 10 {
                for (env, s) in [(one, a), (two, b)] {
                    if k < 9 { s.moveInteractively(by: -10) } else { s.endInteractiveMove(velocity: -100) }
                    env.run(for: UITestEnvironment.frameInterval)
                }
                one.window.render(into: &x, scale: scale)
                two.window.render(into: &y, scale: scale)
                let differing = zip(x.pixels, y.pixels).filter { $0 != $1 }.count
                XCTAssertEqual(differing, 0, "@\(scale)x frame \(k) at \(a.position): \(differing) pixels differ")
                if a.glassView.opacity < 1 && a.glassView.superview != nil { glassy += 1 }
                if a.expansionFraction > 0 { shrunk += 1 }
            }
            XCTAssertGreaterThan(glassy, 5, "the glass showed through")
            XCTAssertGreaterThan(shrunk, 5, "while the screen behind shrank")
        }
    }
}

extension SheetGlassTests {
    /// A glass 10,000 points wide over a small window draws only the window's pixels (its scratch rows are the
    /// clipped width, not 10,000 points' worth); over a screen behind shrunk to nothing it draws the sheet's
    /// opaque background instead of dividing by zero, and to a point, that point's color; in a 1 × 1 window it draws its one pixel.
    func testAHugeGlassATinyOneAndAScreenShrunkToNothing() {
        let (window, behind, glass) = scene()
        glass.frame = Rect(x: -5000, y: -5000, width: 10_000, height: 10_000)
        glass.cornerRadii = (38, 62)
        var frame = render(window, scale: 2)
        XCTAssertTrue(isBlue(frame[600, 400]), "the screen behind through the glass")
        behind.transform = Transform(scaleX: 0, scaleY: 0)
        frame = render(window, scale: 1)
        XCTAssertEqual(frame[200, 200], Bitmap.premultiplied(glass.opaqueColor), "nothing behind to show")
        behind.transform = Transform(scaleX: 1e-300, scaleY: 1e-300)
        frame = render(window, scale: 1)
        XCTAssertEqual(frame[200, 200] >> 24, 0xFF, "a point behind: its color, opaque")
        let tiny = Window(size: Size(width: 1, height: 1))
        let screen = View(frame: tiny.bounds)
        screen.backgroundColor = Self.red
        tiny.addSubview(screen)
        let one = SheetGlassView(frame: tiny.bounds)
        one.material = SheetPresentationController.GlassMaterial()
        one.presentingView = screen
        one.opacity = 0
        one.cornerRadii = (38, 62)
        tiny.addSubview(one)
        var pixel = Bitmap(width: 1, height: 1)
        tiny.render(into: &pixel, scale: 1)
        XCTAssertEqual(pixel.pixels.count, 1)
    }
}
