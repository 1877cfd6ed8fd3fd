import XCTest
import ModalKitBase
import ModalKitMotion
@testable import ModalKitUI

/// `preferredTransition = .zoom` on a navigation push, on a manual clock: the page grows out of its cell into the
/// area under the bar, and the pop (the back button, a pan that lands) puts it back exactly on the cell; a grab
/// during the push completes it and starts the pop with no jump.
final class ZoomNavigationTests: XCTestCase {
    private let frame = 1 / 60.0

    /// A navigation stack in the window whose root shows two cells; `page` zooms out of `cells[index]`.
    private final class Stack {
        let grid = ViewController()
        let navigation: NavigationController
        let env: UITestEnvironment
        let cells = [
            View(frame: Rect(x: 20, y: 100, width: 100, height: 100)),
            View(frame: Rect(x: 140, y: 100, width: 100, height: 100))
        ]
        let page = ViewController()
        var index = 0

        init() {
            grid.title = "Photos"
            navigation = NavigationController(rootViewController: grid)
            env = UITestEnvironment(root: navigation)
            for cell in cells {
                cell.backgroundColor = Color(rgb: 0xCC3333)
                grid.view.addSubview(cell)
            }
            page.view.backgroundColor = .yellow
            page.title = "Photo"
            page.preferredTransition = .zoom { [unowned self] _ in cells[index] }
        }

        var zoom: ZoomTransitionController { page.zoomTransitionController! }
        /// Where cell `i` is in the window: under the 64-point bar.
        func cellFrame(_ i: Int) -> Rect { cells[i].frame.offsetBy(dx: 0, dy: 64) }
        func send(_ events: [InputEvent]) { events.forEach { env.window.handlePointer($0) } }

        /// Presses at `from` and moves in 10 steps, one a frame, to `to`, then releases.
        func pan(from: Point, to: Point) {
            var t = env.clock.now
            send([.pointerDown(from, time: t)])
            for i in 1 ... 10 {
                t += 1 / 60.0
                env.run(until: t)
                let f = Double(i) / 10
                send([.pointerMove(Point(x: from.x + (to.x - from.x) * f, y: from.y + (to.y - from.y) * f), time: t)])
            }
            send([.pointerUp(to, time: t)])
        }

        /// The card's frames, one a frame, until the zoom stops moving.
        func frames(limit: Int = 120) -> [Rect] {
            var frames: [Rect] = []
            while zoom.isMoving, frames.count < limit {
                env.run(for: 1 / 60.0)
                frames.append(zoom.cardFrame)
            }
            return frames
        }
    }

    private func assertEqual(
        _ a: Rect?, _ b: Rect, _ message: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        guard let a else { return XCTFail("no frame: \(message)", file: file, line: line) }
        for (x, y) in [(a.minX, b.minX), (a.minY, b.minY), (a.width, b.width), (a.height, b.height)] {
            XCTAssertEqual(x, y, accuracy: 0.5, "\(message): \(a) vs \(b)", file: file, line: line)
        }
    }

    func testThePushGrowsOutOfTheCellIntoTheAreaUnderTheBar() {
        let stack = Stack()
        stack.navigation.pushViewController(stack.page, animated: true)
        XCTAssertTrue(stack.navigation.topViewController === stack.page)
        XCTAssertTrue(stack.page.navigationController === stack.navigation)
        XCTAssertEqual(stack.zoom.phase, .presenting)
        assertEqual(stack.zoom.cardFrame, stack.cellFrame(0), "the first frame is the cell, in window points")
        XCTAssertEqual(stack.cells[0].alpha, 0, "the page stands for its cell")
        let frames = stack.frames()
        XCTAssertGreaterThan(frames.count, 5, "it flies")
        assertEqual(frames.last, Rect(x: 0, y: 64, width: 375, height: 603), "it ends filling the area under the bar")
        XCTAssertEqual(stack.grid.view.transform.scaleX, 0.914, accuracy: 1e-9, "the grid is the covered page")
        XCTAssertEqual(stack.navigation.navigationBar.barButton(leading: true)?.title, "‹ Photos")
        XCTAssertTrue(stack.env.window.topViewController === stack.page)
    }

    func testTheBackButtonPopsTheZoomBackOntoTheCell() throws {
        let stack = Stack()
        stack.navigation.pushViewController(stack.page, animated: false)
        stack.index = 1
        try XCTUnwrap(stack.navigation.navigationBar.barButton(leading: true)).sendActions()
        XCTAssertEqual(stack.zoom.phase, .dismissing)
        XCTAssertEqual(stack.cells[1].alpha, 0, "the source is asked for again")
        let frames = stack.frames()
        assertEqual(frames.last, stack.cellFrame(1), "it lands exactly on the cell shown now")
        XCTAssertEqual(stack.navigation.viewControllers.count, 1, "popped once on the cell")
        XCTAssertNil(stack.page.navigationController)
        XCTAssertNil(stack.page.view.superview)
        XCTAssertEqual(stack.cells[1].alpha, 1)
        XCTAssertEqual(stack.grid.view.transform, .identity)
        XCTAssertEqual(stack.grid.view.frame, Rect(x: 0, y: 64, width: 375, height: 603))
        XCTAssertNil(stack.navigation.navigationBar.barButton(leading: true), "the root's item again")
        XCTAssertNil(stack.env.window.activeTransition)
    }

    func testAPanThatLandsPopsOntoTheCell() {
        let stack = Stack()
        stack.navigation.pushViewController(stack.page, animated: false)
        stack.pan(from: Point(x: 180, y: 250), to: Point(x: 180, y: 480))
        XCTAssertEqual(stack.zoom.phase, .landing)
        XCTAssertEqual(stack.zoom.lastRelease?.dismisses, true)
        let frames = stack.frames()
        assertEqual(frames.last, stack.cellFrame(0), "it lands exactly on the cell")
        XCTAssertEqual(stack.navigation.viewControllers.count, 1)
        XCTAssertTrue(stack.env.window.topViewController === stack.grid)
    }

    func testAGrabDuringThePushCompletesItAndStartsThePopWithNoJump() {
        let stack = Stack()
        stack.navigation.pushViewController(stack.page, animated: true)
        stack.env.run(for: 0.08)
        let shown = stack.zoom.cardFrame
        let press = Point(x: shown.midX, y: shown.midY)
        stack.send([.pointerDown(press, time: stack.env.clock.now)])
        XCTAssertEqual(stack.zoom.cardFrame, shown, "0 pt jump")
        XCTAssertTrue(stack.navigation.topViewController === stack.page, "the push has completed")
        var t = stack.env.clock.now
        var previous = shown
        for dy in stride(from: 6.0, through: 240, by: 6) {
            t += frame
            stack.env.run(until: t)
            stack.send([.pointerMove(Point(x: press.x, y: press.y + dy), time: t)])
            let now = stack.zoom.cardFrame
            XCTAssertLessThan(abs(now.minY - previous.minY), 12, "no jump at \(dy)")
            previous = now
        }
        XCTAssertEqual(stack.zoom.phase, .dragging)
        XCTAssertLessThan(stack.zoom.cardFrame.width, shown.width)
        stack.send([.pointerUp(Point(x: press.x, y: press.y + 240), time: t)])
        let frames = stack.frames()
        assertEqual(frames.last, stack.cellFrame(0), "the pop lands on the cell")
        XCTAssertEqual(stack.navigation.viewControllers.count, 1)
    }

    func testAPushWithoutAZoomShowsThePageAndThePopTheRootAgain() {
        let stack = Stack()
        let plain = ViewController()
        stack.navigation.pushViewController(plain, animated: true)
        XCTAssertTrue(plain.view.superview === stack.navigation.view)
        XCTAssertEqual(plain.view.frame, Rect(x: 0, y: 64, width: 375, height: 603))
        XCTAssertNil(stack.grid.view.superview)
        XCTAssertTrue(stack.navigation.popViewController(animated: true) === plain)
        XCTAssertTrue(stack.grid.view.superview === stack.navigation.view)
        XCTAssertNil(stack.navigation.popViewController(animated: true), "the root stays")
    }

    func testPushingAControllerThatIsShownIsRefusedWithOneLine() {
        let stack = Stack()
        stack.navigation.pushViewController(stack.page, animated: false)
        stack.navigation.pushViewController(stack.page, animated: false)
        XCTAssertEqual(stack.navigation.viewControllers.count, 2)
        XCTAssertEqual(stack.env.messages, ["Attempt to push \"Photo\", which is already shown; ignored"])
    }
}
