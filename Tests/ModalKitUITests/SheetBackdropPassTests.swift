import XCTest
import ModalKitBase
import ModalKitPixels
@testable import ModalKitUI

/// The screen behind a sheet, dimmed, shrinking between medium and large: the lab draws only the rows the sheet
/// leaves visible (above its top, and its rounded corners' band) and blends the dim into the screen's pixels at
/// the detents. Every frame of a drag from medium to large, its settle, and the way back must be exactly the
/// frame of the whole screen resampled and then dimmed, at scale 1 and 2. In a window of 160x284 points (the
/// phone's proportions at 0.43 of its size): every frame is still drawn twice and compared byte for byte, and the
/// resample and the dim, SIMD code that is slow unoptimised, cost a debug build minutes at 375x667.
final class SheetBackdropPassTests: XCTestCase {
    private static let size = Size(width: 160, height: 284)

    /// A presenting screen with detail the resample must carry (stripes of several colors, one translucent) and a
    /// page sheet over it at medium.
    private func presentedSheet(cut: Bool) -> (UITestEnvironment, SheetPresentationController) {
        let env = UITestEnvironment(size: Self.size)
        // The reference draws the whole screen behind, then the dim over it: no cut at all.
        env.window.drawsTintedLayersInOnePass = cut
        env.window.skipsOccludedPixels = cut
        let screen = env.window.rootViewController!.view
        screen.backgroundColor = Color(rgb: 0xF2F2F7)
        for i in 0 ..< 12 {
            let row = View(frame: Rect(x: 6 + Double(i) * 1.5, y: 8 + Double(i) * 22.5, width: 128, height: 16.5))
            row.backgroundColor = Color(rgb: UInt32(0x1F_3F7F &* (i + 1)) & 0xFF_FFFF, alpha: i % 3 == 0 ? 0.6 : 1)
            row.cornerRadius = Double(i) * 0.7
            screen.addSubview(row)
        }
        let content = ViewController()
        content.modalPresentationStyle = .pageSheet
        content.view.backgroundColor = .white
        let sheet = content.sheetPresentationController!
        sheet.detents = [.medium(), .large()]
        env.window.rootViewController?.present(content, animated: false)
        return (env, sheet)
    }

    /// Renders both windows after each of `steps` and compares them; returns how many frames had the screen
    /// behind part way shrunk (the bilinear draw).
    private func compareFrames(
        _ one: (UITestEnvironment, SheetPresentationController),
        _ two: (UITestEnvironment, SheetPresentationController), scale: Double,
        steps: [(SheetPresentationController, UITestEnvironment) -> Void],
        _ a: inout Bitmap, _ b: inout Bitmap, label: String
    ) -> Int {
        var shrunk = 0
        for (i, step) in steps.enumerated() {
            step(one.1, one.0)
            step(two.1, two.0)
            one.0.window.render(into: &a, scale: scale)
            two.0.window.render(into: &b, scale: scale)
            XCTAssertEqual(one.1.position, two.1.position)
            XCTAssertTrue(a == b, "\(label) frame \(i) at position \(one.1.position), scale \(scale)")
            guard a == b else { return -1 }
            let g = one.1.expansionFraction
            if g > 0 && g < 1 { shrunk += 1 }
        }
        return shrunk
    }

    /// A drag of `total` points in `count` moves, a release with `velocity`, and the settle drawn every other
    /// frame (its 0.6 s in 18 draws, each still made twice and compared; the drag draws every frame).
    private func dragSteps(total: Double, count: Int, velocity: Double)
        -> [(SheetPresentationController, UITestEnvironment) -> Void]
    {
        var steps: [(SheetPresentationController, UITestEnvironment) -> Void] = [
            { s, _ in
                _ = s.beginInteractiveMove()
            }
        ]
        for _ in 0 ..< count {
            steps.append { s, env in
                s.moveInteractively(by: total / Double(count))
                env.run(for: UITestEnvironment.frameInterval)
            }
        }
        steps.append { s, _ in s.endInteractiveMove(velocity: velocity) }
        for _ in 0 ..< 18 { steps.append { _, env in env.run(for: 2 * UITestEnvironment.frameInterval) } }
        return steps
    }

    func testEveryFrameMediumToLargeAndBackEqualsTheTwoPassFrame() {
        for scale in [1.0, 2.0] {
            let one = presentedSheet(cut: true), two = presentedSheet(cut: false)
            var a = Bitmap(width: Int(Self.size.width * scale), height: Int(Self.size.height * scale)), b = a
            let up = compareFrames(
                one, two, scale: scale, steps: dragSteps(total: -118, count: 24, velocity: -200), &a, &b,
                label: "up")
            XCTAssertEqual(one.1.selectedDetentIdentifier, .large)
            let down = compareFrames(
                one, two, scale: scale, steps: dragSteps(total: 100, count: 16, velocity: 0), &a, &b,
                label: "down")
            XCTAssertEqual(one.1.selectedDetentIdentifier, .medium)
            XCTAssertGreaterThan(up, 20, "the drag up shrank the screen behind over many frames")
            XCTAssertGreaterThan(down, 12, "so did the drag down")
            XCTAssertGreaterThan(one.0.window.tintedLayerDraws, 0, "the one pass was taken at the detents")
            XCTAssertEqual(two.0.window.tintedLayerDraws, 0)
        }
    }
}
