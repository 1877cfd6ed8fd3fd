import XCTest
import ModalKit
import ModalKitTestSupport
@testable import ModalLab
@testable import ModalLabCore

/// The zoom scene's new parameters on a manual clock: `presentation=push` puts the grid under a navigation bar
/// and pushes the page out of its cell (a pan that lands pops it exactly onto the cell, Escape pops it, the trace's
/// card is the pushed page); the page's details list scrolls without dismissing; `reduceMotion` cross-fades.
final class ZoomScenePushTests: XCTestCase {
    private func lab(_ parameters: [(String, ParameterValue)]) throws -> HeadlessLab {
        let d = try HeadlessLab(pinnedScene: SceneKind(ZoomScene.self), parameters: parameters)
        d.settle()
        return d
    }

    private func scene(_ d: HeadlessLab) -> ZoomScene? { d.lab.scene as? ZoomScene }

    func testPushStartsWithThePagePushedUnderTheBar() throws {
        let d = try lab([("presentation", .choice("push"))])
        let grid = try XCTUnwrap(scene(d)?.root as? ZoomGridViewController)
        let navigation = try XCTUnwrap(grid.navigationController)
        XCTAssertTrue(d.lab.window.rootViewController === navigation)
        XCTAssertEqual(navigation.viewControllers.count, 2)
        XCTAssertEqual(d.card, Rect(x: 0, y: 64, width: 375, height: 603), "the area under the 64-point bar")
        XCTAssertEqual(navigation.navigationBar.barButton(leading: true)?.title, "‹ Photos")
        XCTAssertEqual(d.lab.scene.traceName(for: try XCTUnwrap(d.lab.window.topViewController)), "detail")
    }

    func testAPushedPanThatLandsPopsExactlyOntoItsCell() throws {
        let d = try lab([("presentation", .choice("push"))])
        let grid = try XCTUnwrap(scene(d)?.root as? ZoomGridViewController)
        let zoom = try XCTUnwrap(scene(d)?.zoom)
        let cell = grid.cells[4]
        d.drag(from: Point(x: 187, y: 300), by: Point(x: 0, y: 250), over: 0.4, restBeforeRelease: 0.1)
        XCTAssertEqual(zoom.phase, .landing)
        var last = zoom.cardFrame
        while scene(d)?.zoom != nil {
            d.step()
            if scene(d)?.zoom != nil { last = zoom.cardFrame }
        }
        // Where the cell is with the grid back at full size, under the bar.
        let cellInWindow = Rect(origin: cell.superview!.convertToWindow(cell.frame.origin), size: cell.frame.size)
        XCTAssertEqual(cellInWindow.minY, cell.frame.minY + 64)
        for (a, b) in [(last.minX, cellInWindow.minX), (last.minY, cellInWindow.minY), (last.width, cell.frame.width)] {
            XCTAssertEqual(a, b, accuracy: 0.5, "on its cell: \(last) vs \(cellInWindow)")
        }
        XCTAssertEqual(grid.navigationController?.viewControllers.count, 1, "popped")
        XCTAssertEqual(cell.alpha, 1)
        XCTAssertNil(d.card, "only the grid is up")
    }

    func testEscapePopsAndSpacePushesAgain() throws {
        let d = try lab([("presentation", .choice("push"))])
        let grid = try XCTUnwrap(scene(d)?.root as? ZoomGridViewController)
        d.key(.escape)
        XCTAssertEqual(scene(d)?.status.phase, .dismissing)
        d.settle()
        XCTAssertEqual(grid.navigationController?.viewControllers.count, 1)
        d.key(.space)
        XCTAssertEqual(scene(d)?.status.phase, .presenting)
        d.settle()
        XCTAssertEqual(grid.navigationController?.viewControllers.count, 2)
        d.key(.space)
        XCTAssertEqual(grid.navigationController?.viewControllers.count, 2, "one page at a time")
    }

    func testADragOnTheScrolledDetailsScrollsThemAndNeverDismisses() throws {
        let d = try lab([])
        let page = try XCTUnwrap(d.lab.window.topViewController as? ZoomDetailViewController)
        d.drag(from: Point(x: 187, y: 600), by: Point(x: 0, y: -300), over: 0.3, restBeforeRelease: 0.1)
        d.settle()
        let scrolled = page.scrollView.contentOffset.y
        XCTAssertGreaterThan(scrolled, 200, "the details scrolled up")
        d.drag(from: Point(x: 187, y: 300), by: Point(x: 0, y: 120), over: 0.3, restBeforeRelease: 0.1)
        XCTAssertEqual(scene(d)?.zoom?.scale, 1, "the page never shrank")
        d.settle()
        XCTAssertLessThan(page.scrollView.contentOffset.y, scrolled, "it scrolled back down")
        XCTAssertTrue(d.lab.window.topViewController === page, "still up")
    }

    func testReduceMotionCrossFadesTheOpeningOfACell() throws {
        let d = try lab([("reduceMotion", .choice("on"))])
        d.key(.escape)
        d.settle()
        XCTAssertNil(scene(d)?.zoom)
        let grid = try XCTUnwrap(scene(d)?.root as? ZoomGridViewController)
        let cell = grid.cells[2].frame
        d.tap(Point(x: cell.midX, y: cell.midY))
        let zoom = try XCTUnwrap(scene(d)?.zoom)
        XCTAssertEqual(zoom.cardFrame, d.lab.window.bounds, "full size at once: no scale")
        XCTAssertEqual(zoom.crossFadeDuration, 0.14)
        var frames = 0
        while zoom.isMoving, frames < 60 {
            d.step()
            frames += 1
        }
        XCTAssertLessThanOrEqual(frames, 9, "140 ms at 60 fps")
        XCTAssertEqual(zoom.phase, .idle)
        XCTAssertEqual(grid.view.transform, .identity)
    }

    func testTheUIKitExportShowsThePageTheWayTheSceneDoes() throws {
        var parameters = SceneParameters(specs: ZoomScene.info.parameters)
        XCTAssertTrue(
            ZoomScene.uikitSnippet(SnippetValues(parameters)).contains("        present(detail, animated: true)"))
        try parameters.set("presentation", .choice("push"))
        try parameters.set("crossFadeDuration", .number(0.2))
        let pushed = ZoomScene.uikitSnippet(SnippetValues(parameters))
        XCTAssertTrue(pushed.contains("        navigationController?.pushViewController(detail, animated: true)\n"))
        XCTAssertFalse(pushed.contains("present(detail"))
        XCTAssertTrue(pushed.contains("let crossFadeDuration: TimeInterval = 0.2"))
    }

    func testEscapeRightAfterAReleaseComesToRestPushedWithReduceMotion() throws {
        for dy in [60.0, 210] {
            let d = try lab([("presentation", .choice("push")), ("reduceMotion", .choice("on"))])
            d.drag(from: Point(x: 187, y: 450), by: Point(x: 0, y: dy), over: 0.2)
            d.key(.escape)
            XCTAssertTrue(d.settle(), "at rest after a \(dy)-point pan")
            XCTAssertEqual(scene(d)?.status.phase, .idle)
            XCTAssertNil(d.lab.window.activeTransition)
            XCTAssertNil(scene(d)?.zoom, "popped")
        }
    }
}
