import XCTest
import ModalKitBase
import ModalKitMotion
@testable import ModalKitUI

/// A zoomed page whose content scrolls (`contentScrollView`): a drag on the list scrolled away from its top scrolls
/// it and never dismisses; at the top, a pull down shrinks the page and dismisses.
final class ZoomScrollTests: XCTestCase {
    private final class Page: ViewController {
        let list = ScrollView()

        override func viewDidLoad() {
            view.backgroundColor = .white
            list.frame = Rect(x: 0, y: 0, width: 375, height: 667)
            list.contentSize = Size(width: 375, height: 2000)
            view.addSubview(list)
            contentScrollView = list
        }
    }

    private let env = UITestEnvironment()
    private let cell = View(frame: Rect(x: 20, y: 100, width: 100, height: 100))
    private let page = Page()

    override func setUp() {
        env.window.rootViewController!.view.addSubview(cell)
        page.preferredTransition = .zoom { [unowned self] _ in cell }
        env.window.rootViewController!.present(page, animated: name.contains("Flight"))
    }

    private var zoom: ZoomTransitionController { page.zoomTransitionController! }

    /// Presses at `from`, moves in 10 steps (one a frame) to `to`, and releases.
    private func drag(from: Point, to: Point) {
        var t = env.clock.now
        env.window.handlePointer(.pointerDown(from, time: t))
        for i in 1 ... 10 {
            t += 1 / 60.0
            env.run(until: t)
            let f = Double(i) / 10
            let p = Point(x: from.x + (to.x - from.x) * f, y: from.y + (to.y - from.y) * f)
            env.window.handlePointer(.pointerMove(p, time: t))
            XCTAssertNotEqual(zoom.phase, .dragging, "a scrolled list never hands the drag to the zoom")
        }
        env.window.handlePointer(.pointerUp(to, time: t))
    }

    func testADragDownOnAScrolledListScrollsItAndNeverDismisses() {
        page.list.contentOffset = Point(x: 0, y: 300)
        drag(from: Point(x: 180, y: 200), to: Point(x: 180, y: 450))
        XCTAssertLessThan(page.list.contentOffset.y, 300, "the list scrolled toward its top")
        XCTAssertEqual(zoom.scale, 1, accuracy: 1e-9, "the page never shrank")
        XCTAssertNil(zoom.lastRelease)
        env.settle()
        XCTAssertNotNil(page.presentingViewController, "still presented")
        XCTAssertEqual(zoom.cardFrame, env.window.bounds)
    }

    func testADragUpAtTheTopScrollsTheList() {
        drag(from: Point(x: 180, y: 450), to: Point(x: 180, y: 250))
        XCTAssertGreaterThan(page.list.contentOffset.y, 100)
        XCTAssertNotNil(page.presentingViewController)
    }

    func testAPullDownOnAListAtItsTopDismisses() {
        var t = env.clock.now
        env.window.handlePointer(.pointerDown(Point(x: 180, y: 200), time: t))
        for i in 1 ... 10 {
            t += 1 / 60.0
            env.run(until: t)
            env.window.handlePointer(.pointerMove(Point(x: 180, y: 200 + 25 * Double(i)), time: t))
        }
        XCTAssertEqual(zoom.phase, .dragging)
        XCTAssertEqual(page.list.contentOffset.y, 0, "the list does not move")
        XCTAssertLessThan(zoom.scale, 0.9)
        env.window.handlePointer(.pointerUp(Point(x: 180, y: 450), time: t))
        XCTAssertEqual(zoom.lastRelease?.dismisses, true)
        env.settle()
        XCTAssertNil(page.presentingViewController)
    }

    func testAPressOnTheFlightThatScrollsTheListLetsTheFlightGoOn() {
        env.run(for: 0.05)
        XCTAssertEqual(zoom.phase, .presenting)
        let shown = zoom.cardFrame
        var t = env.clock.now
        env.window.handlePointer(.pointerDown(Point(x: shown.midX, y: shown.midY), time: t))
        XCTAssertFalse(zoom.isMoving, "the press catches the flight")
        for i in 1 ... 6 {
            t += 1 / 60.0
            env.run(until: t)
            env.window.handlePointer(.pointerMove(Point(x: shown.midX, y: shown.midY - 10 * Double(i)), time: t))
        }
        env.window.handlePointer(.pointerUp(Point(x: shown.midX, y: shown.midY - 60), time: t))
        XCTAssertGreaterThan(page.list.contentOffset.y, 0, "the list took the drag")
        env.settle()
        XCTAssertEqual(zoom.phase, .idle, "not left caught mid-flight")
        XCTAssertEqual(zoom.cardFrame, env.window.bounds)
    }
}
