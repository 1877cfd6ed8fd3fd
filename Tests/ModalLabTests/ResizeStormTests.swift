import XCTest
import ModalKit
@testable import ModalLab
@testable import ModalLabCore

/// The window resized on every frame of a drag and of what follows the release: the card never leaves the
/// range it can legally be in, and once everything rests the modal fills the window or is gone.
final class ResizeStormTests: XCTestCase {
    private let sizes = [
        Size(width: 375, height: 667), Size(width: 800, height: 300), Size(width: 300, height: 1000),
        Size(width: 500, height: 500)
    ]

    func testAResizeStormMidDragKeepsTheCardInItsLegalRange() throws {
        for scene in SceneCatalog.all {
            for distance in [150.0, 450.0] {
                let d = try HeadlessLab(pinnedScene: scene)
                var frame = 0
                let range = CardRange(scene: scene, sizes: sizes)
                // One failure per run is enough to read; the rest would repeat it.
                var failed = false
                let check = { (when: String) in
                    guard !failed else { return }
                    failed = !range.check(d.card, "\(scene.info.name), drag \(distance), \(when) frame \(frame)")
                }
                d.send(.pointerDown(Point(x: 150, y: 200), time: d.clock.now))
                for step in 1 ... 30 {
                    d.send(.resize(sizes[step % sizes.count]))
                    d.step()
                    frame += 1
                    d.send(.pointerMove(Point(x: 150, y: 200 + distance * Double(step) / 30), time: d.clock.now))
                    check("dragging")
                }
                d.send(.pointerUp(Point(x: 150, y: 200 + distance), time: d.clock.now))
                for step in 0 ..< 40 {
                    d.send(.resize(sizes[step % sizes.count]))
                    d.step()
                    frame += 1
                    check("after the release")
                }
                d.settle()
                let bounds = d.lab.window.bounds
                XCTAssertNil(d.lab.restingCardProblem(), "\(scene.info.name), drag \(distance): at rest")
                // Its bounds: behind a zoomed page the grid rests scaled by a transform, as on iOS.
                XCTAssertEqual(
                    d.lab.scene.root.view.bounds.size, bounds.size, "\(scene.info.name): presenting screen fits")
                XCTAssertEqual(d.lab.scene.status.phase, .idle, scene.info.name)
            }
        }
    }
}

/// Where a scene's card may be while the window takes the given sizes: vertical scenes keep it at x = 0 and
/// between a spring's overshoot above the top and the tallest window's bottom; free-drag follows the pointer.
struct CardRange {
    let scene: SceneKind
    let maxWidth: Double
    let maxHeight: Double

    init(scene: SceneKind, sizes: [Size]) {
        self.scene = scene
        maxWidth = sizes.map(\.width).max() ?? 0
        maxHeight = sizes.map(\.height).max() ?? 0
    }

    /// Fails the test and returns false when `card` is out of range.
    @discardableResult
    func check(_ card: Rect?, _ what: @autoclosure () -> String, file: StaticString = #filePath, line: UInt = #line)
        -> Bool
    {
        guard let card else { return true }
        let inside = contains(card)
        XCTAssertTrue(inside, "\(what()): card at \(card)", file: file, line: line)
        return inside
    }
}
