import XCTest
import ModalKitBase
import ModalKitMotion
@testable import ModalKitUI

/// `preferredTransition = .zoom` on a manual clock: the page grows out of its cell and back, a pan shrinks it
/// under the pointer, a release springs it back or lands it on its cell (the provider asked again), a grab in
/// flight takes it where it is shown, and the options decide what they may.
final class ZoomTransitionTests: XCTestCase {
    private let frame = 1 / 60.0

    /// A grid screen with two cells, a page zoomed out of `cells[index]`.
    private final class Grid {
        let env: UITestEnvironment
        let cells = [
            View(frame: Rect(x: 20, y: 100, width: 100, height: 100)),
            View(frame: Rect(x: 140, y: 100, width: 100, height: 100))
        ]
        let page = ViewController()
        var index = 0
        var asked = 0

        init(options: ZoomOptions? = nil, animated: Bool = false) {
            env = UITestEnvironment()
            let root = env.window.rootViewController!
            for cell in cells {
                cell.backgroundColor = Color(rgb: 0xCC3333)
                cell.cornerRadius = 8
                root.view.addSubview(cell)
            }
            page.view.backgroundColor = .yellow
            page.preferredTransition = .zoom(options: options) { [unowned self] _ in
                asked += 1
                return cells[index]
            }
            root.present(page, animated: animated)
        }

        var zoom: ZoomTransitionController { page.zoomTransitionController! }

        func send(_ events: [InputEvent]) { events.forEach { env.window.handlePointer($0) } }

        /// Presses at `from` and moves in 10 steps, one a frame, to `to` (not released).
        func drag(from: Point, to: Point, start: Double? = nil) {
            var t = start ?? env.clock.now
            send([.pointerDown(from, time: t)])
            for i in 1 ... 10 {
                t += 1 / 60.0
                env.run(until: t)
                let f = Double(i) / 10
                send([.pointerMove(Point(x: from.x + (to.x - from.x) * f, y: from.y + (to.y - from.y) * f), time: t)])
            }
        }
    }

    func testThePresentationGrowsOutOfTheCellAndCoversTheScreen() {
        let grid = Grid(animated: true)
        let zoom = grid.zoom
        XCTAssertEqual(zoom.phase, .presenting)
        XCTAssertEqual(zoom.cardFrame, grid.cells[0].frame, "the first frame is the cell")
        XCTAssertEqual(grid.cells[0].alpha, 0, "the page stands for its cell")
        grid.env.run(for: 0.1)
        let mid = zoom.cardFrame
        XCTAssertGreaterThan(mid.width, 100)
        XCTAssertLessThan(mid.width, 375)
        grid.env.settle()
        XCTAssertEqual(zoom.cardFrame, grid.env.window.bounds)
        XCTAssertEqual(zoom.phase, .idle)
        XCTAssertEqual(zoom.dimmingView.backgroundColor.alpha, 0.15, accuracy: 1e-9)
        XCTAssertEqual(grid.env.window.rootViewController!.view.transform.scaleX, 0.914, accuracy: 1e-9)
    }

    func testAPanShrinksThePageUnderThePointerAndASmallOneSpringsBack() {
        let grid = Grid()
        let zoom = grid.zoom
        grid.drag(from: Point(x: 180, y: 300), to: Point(x: 180, y: 360))
        XCTAssertEqual(zoom.phase, .dragging)
        let travel = zoom.dismissal.travel(forDrag: 60, height: 667)
        XCTAssertEqual(zoom.scale, zoom.dismissal.scale(forTravel: travel), accuracy: 1e-9)
        // The grabbed point, where it sits in the page, falls with the fall: no jump from the pointer's path.
        let card = zoom.cardFrame
        let fy = 300.0 / 667
        XCTAssertEqual(card.minY + fy * card.height, 300 + zoom.dismissal.fall(forTravel: travel) * 667, accuracy: 1e-6)
        grid.env.run(for: 0.2)
        grid.send([.pointerUp(Point(x: 180, y: 360), time: grid.env.clock.now)])
        XCTAssertEqual(zoom.phase, .cancelling, "scale \(zoom.scale): at rest above 0.905")
        XCTAssertEqual(zoom.lastRelease?.dismisses, false)
        grid.env.settle()
        XCTAssertEqual(zoom.cardFrame, grid.env.window.bounds)
        XCTAssertTrue(grid.page.presentingViewController != nil)
    }

    func testAPanPastTheThresholdLandsOnTheCellTheProviderGivesAtDismissal() {
        let grid = Grid()
        let zoom = grid.zoom
        XCTAssertEqual(grid.asked, 1)
        grid.drag(from: Point(x: 180, y: 200), to: Point(x: 180, y: 420))
        grid.index = 1
        grid.env.run(for: 0.2)
        grid.send([.pointerUp(Point(x: 180, y: 420), time: grid.env.clock.now)])
        XCTAssertEqual(zoom.phase, .landing)
        XCTAssertEqual(grid.asked, 2, "asked again at dismissal")
        XCTAssertEqual(grid.cells[0].alpha, 1)
        XCTAssertEqual(grid.cells[1].alpha, 0)
        var frames: [Rect] = []
        while zoom.isMoving, frames.count < 120 {
            grid.env.run(for: frame)
            frames.append(zoom.cardFrame)
        }
        XCTAssertNil(grid.page.presentingViewController, "dismissed once on its cell")
        XCTAssertEqual(frames.last, grid.cells[1].frame, "it ends exactly on the other cell")
        XCTAssertEqual(grid.cells[1].alpha, 1)
        XCTAssertEqual(grid.env.window.rootViewController!.view.transform, .identity)
    }

    func testAGrabDuringThePushStopsItWhereItIsShownAndADragDismissesWithNoJump() {
        let grid = Grid(animated: true)
        let zoom = grid.zoom
        grid.env.run(for: 0.08)
        let shown = zoom.cardFrame
        let press = Point(x: shown.midX, y: shown.midY)
        grid.send([.pointerDown(press, time: grid.env.clock.now)])
        XCTAssertEqual(zoom.cardFrame, shown, "0 pt jump")
        XCTAssertFalse(zoom.isMoving)
        XCTAssertNotNil(grid.page.presentingViewController, "the push has completed")
        grid.env.run(for: frame)
        grid.send([.pointerMove(Point(x: press.x, y: press.y + 12), time: grid.env.clock.now)])
        XCTAssertEqual(zoom.phase, .dragging)
        XCTAssertEqual(zoom.cardFrame, shown, "inside the slop the page holds still")
        grid.env.run(for: frame)
        grid.send([.pointerMove(Point(x: press.x, y: press.y + 40), time: grid.env.clock.now)])
        XCTAssertLessThan(zoom.cardFrame.width, shown.width)
    }

    func testATapOnTheFlyingPageLetsItGoOnOut() {
        let grid = Grid(animated: true)
        grid.env.run(for: 0.05)
        grid.send([.pointerDown(Point(x: 150, y: 200), time: grid.env.clock.now)])
        grid.send([.pointerUp(Point(x: 150, y: 200), time: grid.env.clock.now)])
        grid.env.settle()
        XCTAssertEqual(grid.zoom.cardFrame, grid.env.window.bounds)
    }

    func testAnEdgeSwipeShrinksPastItsDeadZoneAndLandsPast070() {
        let grid = Grid()
        let zoom = grid.zoom
        grid.drag(from: Point(x: 5, y: 300), to: Point(x: 17, y: 300))
        XCTAssertEqual(zoom.gesture, .edgeSwipe)
        XCTAssertEqual(zoom.scale, 1, accuracy: 1e-9, "12 pt dead zone")
        grid.send([.pointerMove(Point(x: 200, y: 300), time: grid.env.clock.now + frame)])
        XCTAssertEqual(zoom.scale, 1 - 0.67 * (195 - 12) / 375, accuracy: 1e-6)
        grid.env.run(for: 0.3)
        grid.send([.pointerUp(Point(x: 200, y: 300), time: grid.env.clock.now)])
        XCTAssertEqual(zoom.phase, .landing)
        grid.env.settle()
        XCTAssertNil(grid.page.presentingViewController)
    }

    func testInteractiveDismissShouldBeginIsAskedWithWhatTheZoomWouldDo() {
        let options = ZoomOptions()
        var contexts: [ZoomOptions.InteractionContext] = []
        options.interactiveDismissShouldBegin = {
            contexts.append($0); return false
        }
        let grid = Grid(options: options)
        grid.drag(from: Point(x: 180, y: 300), to: Point(x: 180, y: 400))
        XCTAssertEqual(contexts.count, 1)
        XCTAssertEqual(contexts.first?.willBegin, true)
        XCTAssertEqual(contexts.first?.location.x ?? 0, 180, accuracy: 1e-9)
        XCTAssertEqual(grid.zoom.scale, 1, "refused: the page stays")
        grid.drag(from: Point(x: 180, y: 300), to: Point(x: 180, y: 200))
        XCTAssertEqual(contexts.last?.willBegin, false, "a drag up is no dismissal")
    }

    func testDimmingColorAndAlignmentRectAreUsed() {
        let options = ZoomOptions()
        options.dimmingColor = Color(red: 0, green: 0, blue: 1, alpha: 0.4)
        options.alignmentRectProvider = { _ in Rect(x: 0, y: 0, width: 375, height: 375) }
        let grid = Grid(options: options)
        XCTAssertEqual(grid.zoom.dimmingView.backgroundColor, Color(red: 0, green: 0, blue: 1, alpha: 0.4))
        grid.page.dismiss(animated: true)
        XCTAssertEqual(grid.zoom.phase, .dismissing)
        grid.env.settle()
        XCTAssertNil(grid.page.presentingViewController)
        XCTAssertEqual(grid.cells[0].alpha, 1)
    }

    func testTheAppsDismissalFliesIntoTheCell() {
        let grid = Grid()
        grid.page.dismiss(animated: true)
        grid.env.run(for: 0.1)
        let mid = grid.zoom.cardFrame
        XCTAssertLessThan(mid.width, 375)
        XCTAssertGreaterThan(mid.width, 100)
        grid.env.settle()
        XCTAssertNil(grid.page.presentingViewController)
        XCTAssertNil(grid.page.view.superview)
    }
}
