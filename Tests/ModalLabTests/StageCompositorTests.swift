import ModalKit
import XCTest

@testable import ModalLab
@testable import ModalLabCore

/// The one compositor of side-by-side stages (the inspector's stage and panel, a comparison's A and B): a frame of a
/// new size, or one to redraw, takes every stage whole over its background; otherwise only what each stage changed
/// is copied, and the frame's changed region is returned, cut to the frame.
final class StageCompositorTests: XCTestCase {
    /// Two stages, 4×3 of 1s and 2×3 of 2s, drawn for a frame where they stand at (0, 1) and (5, 1).
    private func twoStages() -> StageCompositor {
        var compositor = StageCompositor(stages: 2)
        _ = compositor.render(0, width: 4, height: 3) { stage in
            stage.pixels = Array(repeating: 1, count: 12)
            return nil
        }
        _ = compositor.render(1, width: 2, height: 3) { stage in
            stage.pixels = Array(repeating: 2, count: 6)
            return nil
        }
        return compositor
    }

    private let origins = [(x: 0, y: 1), (x: 5, y: 1)]

    /// The frame every stage whole over a background of 9s, pixel by pixel.
    private func whole(width: Int, height: Int) -> [UInt32] {
        (0 ..< width * height).map { i in
            let (x, y) = (i % width, i / width)
            guard (1 ..< 4).contains(y) else { return 9 }
            return x < 4 ? 1 : x >= 5 && x < 7 ? 2 : 9
        }
    }

    func testTheFirstFrameTakesEveryStageWholeOverTheBackground() {
        var compositor = twoStages()
        var frame = Bitmap(width: 8, height: 4)
        let changed = compositor.compose(into: &frame, at: origins, damage: [.zero, .zero]) {
            $0.pixels = Array(repeating: 9, count: $0.pixels.count)
        }
        XCTAssertNil(changed, "a first frame is all new")
        XCTAssertEqual(frame.pixels, whole(width: 8, height: 4))
    }

    func testALaterFrameCopiesOnlyWhatEachStageChangedWhereTheStageStands() {
        var compositor = twoStages()
        var frame = Bitmap(width: 8, height: 4)
        _ = compositor.compose(into: &frame, at: origins, damage: [nil, nil]) {
            $0.pixels = Array(repeating: 9, count: $0.pixels.count)
        }
        // Stage 0 changes one pixel and says so; stage 1 changes one it does not report (it must stay unseen).
        let damage0 = compositor.render(0, width: 4, height: 3) { stage in
            stage.pixels[1 * 4 + 2] = 7
            return PixelRect(x: 2, y: 1, width: 1, height: 1)
        }
        let damage1 = compositor.render(1, width: 2, height: 3) { stage in
            stage.pixels[0] = 5
            return .zero
        }
        var backgrounds = 0
        let changed = compositor.compose(into: &frame, at: origins, damage: [damage0, damage1]) { _ in
            backgrounds += 1
        }
        XCTAssertEqual(backgrounds, 0, "a frame of the same size keeps what it has")
        XCTAssertEqual(changed, PixelRect(x: 2, y: 2, width: 1, height: 1))
        var expected = whole(width: 8, height: 4)
        expected[2 * 8 + 2] = 7
        XCTAssertEqual(frame.pixels, expected)

        // A stage that says nothing of what it changed is copied whole; the region joins both stages' changes.
        let all1 = compositor.render(1, width: 2, height: 3) { _ in nil }
        let both = compositor.compose(
            into: &frame, at: origins, damage: [PixelRect(x: 0, y: 0, width: 1, height: 1), all1]
        ) { _ in backgrounds += 1 }
        XCTAssertEqual(both, PixelRect(x: 0, y: 1, width: 7, height: 3))
        expected[1 * 8 + 5] = 5
        XCTAssertEqual(frame.pixels, expected)
    }

    func testAFrameOfANewSizeOrOneToRedrawIsComposedWholeAgain() {
        var compositor = twoStages()
        var frame = Bitmap(width: 8, height: 4)
        let paint: (inout Bitmap) -> Void = { $0.pixels = Array(repeating: 9, count: $0.pixels.count) }
        _ = compositor.compose(into: &frame, at: origins, damage: [nil, nil], background: paint)
        frame = Bitmap(width: 9, height: 4)
        XCTAssertNil(compositor.compose(into: &frame, at: origins, damage: [.zero, .zero], background: paint))
        XCTAssertEqual(frame.pixels, whole(width: 9, height: 4))
        frame.pixels = Array(repeating: 0, count: frame.pixels.count)
        XCTAssertNil(
            compositor.compose(into: &frame, at: origins, damage: [.zero, .zero], redraw: true, background: paint))
        XCTAssertEqual(frame.pixels, whole(width: 9, height: 4))
    }

    func testTheChangedRegionIsCutToTheFrame() {
        var compositor = twoStages()
        var frame = Bitmap(width: 6, height: 4)
        _ = compositor.compose(into: &frame, at: origins, damage: [nil, nil]) { _ in }
        // Stage 1 stands at x 5 of a 6-wide frame: only its first column shows.
        XCTAssertEqual(
            compositor.compose(into: &frame, at: origins, damage: [.zero, nil]) { _ in },
            PixelRect(x: 5, y: 1, width: 1, height: 3))
    }
}
