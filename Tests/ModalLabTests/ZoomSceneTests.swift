import XCTest
import ModalKit
import ModalKitTestSupport
@testable import ModalLab
@testable import ModalLabCore

/// The zoom scene on a manual clock: it starts with a photo up, a pan shrinks it under the pointer and lands it
/// exactly on its cell, a short one springs back, the HUD's rule line reads the projected scale, and the trace's
/// frame lines carry the page's frame and scale.
final class ZoomSceneTests: XCTestCase {
    private let files = TemporaryFiles()
    override func tearDown() { files.removeAll() }

    private func zoomLab(trace: String? = nil) throws -> HeadlessLab {
        let d = try HeadlessLab(pinnedScene: SceneKind(ZoomScene.self), parameters: [], tracePath: trace)
        d.settle()
        return d
    }

    private func scene(_ d: HeadlessLab) -> ZoomScene? { d.lab.scene as? ZoomScene }

    func testItStartsWithAPhotoUpCoveringTheWindow() throws {
        let d = try zoomLab()
        XCTAssertEqual(d.card, d.lab.window.bounds)
        XCTAssertEqual(scene(d)?.status.phase, .idle)
        XCTAssertEqual(scene(d)?.zoom?.scale, 1)
        XCTAssertEqual(ZoomScene.info.name, "zoom")
        XCTAssertTrue(SceneCatalog.all.last?.name == ZoomScene.info.name, "key 7")
    }

    func testAPanThatLandsEndsExactlyOnItsCell() throws {
        let d = try zoomLab()
        let zoom = try XCTUnwrap(scene(d)?.zoom)
        let grid = try XCTUnwrap(scene(d)?.root as? ZoomGridViewController)
        let cell = grid.cells[4]
        var widths: [Double] = []
        d.drag(from: Point(x: 187, y: 300), by: Point(x: 0, y: 250), over: 0.4, restBeforeRelease: 0.1) {
            widths.append(zoom.cardFrame.width)
        }
        XCTAssertEqual(zip(widths, widths.dropFirst()).filter { $1 > $0 + 1e-9 }.count, 0, "shrinks, never grows")
        XCTAssertEqual(zoom.phase, .landing)
        d.settle()
        XCTAssertNil(scene(d)?.zoom, "dismissed")
        XCTAssertEqual(zoom.cardFrame, cell.frame, "exactly on its cell")
        XCTAssertEqual(cell.alpha, 1)
        XCTAssertEqual(grid.view.transform, .identity)
    }

    func testAShortPanSpringsBackAndTheRuleLineSaysSo() throws {
        let d = try zoomLab()
        d.drag(from: Point(x: 187, y: 300), by: Point(x: 0, y: 40), over: 0.3, restBeforeRelease: 0.1, release: false)
        let rule = try XCTUnwrap(scene(d)?.rule.readout())
        XCTAssertTrue(rule.text.hasPrefix("scale 0.9"), rule.text)
        XCTAssertTrue(rule.text.contains(" in 120 ms ≥ 0.905: will spring back"), rule.text)
        XCTAssertFalse(rule.willDismiss)
        d.release()
        XCTAssertEqual(scene(d)?.status.phase, .cancelling)
        d.settle()
        XCTAssertEqual(d.card, d.lab.window.bounds)
    }

    func testTheRuleLineReadsTheProjectedScaleWhileMoving() throws {
        let d = try zoomLab()
        d.drag(from: Point(x: 187, y: 300), by: Point(x: 0, y: 120), over: 0.3, release: false)
        let rule = try XCTUnwrap(scene(d)?.rule.readout())
        let zoom = try XCTUnwrap(scene(d)?.zoom)
        let decision = try XCTUnwrap(zoom.pendingDecision)
        XCTAssertLessThan(decision.projectedScale, decision.scale, "moving down: the projection is smaller")
        XCTAssertEqual(
            rule.text,
            "scale \(fmt(decision.scale, 2)) → \(fmt(decision.projectedScale, 2)) in 120 ms < 0.905: will dismiss")
    }

    func testTheTraceFrameLinesCarryThePagesFrameAndScale() throws {
        let path = files.path("zoom-trace.jsonl")
        let d = try zoomLab(trace: path)
        d.drag(from: Point(x: 187, y: 300), by: Point(x: 0, y: 200), over: 0.3, release: false)
        d.step()
        let zoom = try XCTUnwrap(scene(d)?.zoom)
        let shown = zoom.cardFrame, scale = zoom.scale
        d.lab.didPresent(FrameReport(frameTime: d.clock.now, renderSeconds: 0))
        d.lab.finish()
        let frames = try jsonLines(path).filter { $0["type"] as? String == "frame" }
        let last = try XCTUnwrap(frames.last)
        let card = try XCTUnwrap(last["card"] as? [Double])
        XCTAssertEqual(card.count, 4)
        XCTAssertEqual(card[2], shown.width, accuracy: 0.01)
        XCTAssertEqual(card[1], shown.minY, accuracy: 0.01)
        XCTAssertEqual(try XCTUnwrap(last["scale"] as? Double), scale, accuracy: 0.001)
        XCTAssertEqual(last["gesture"] as? String, "pan")
    }

    func testATapOnACellOpensItsPageOutOfIt() throws {
        let d = try zoomLab()
        d.key(.escape)
        d.settle()
        XCTAssertNil(scene(d)?.zoom)
        let grid = try XCTUnwrap(scene(d)?.root as? ZoomGridViewController)
        let cell = grid.cells[2].frame
        d.tap(Point(x: cell.midX, y: cell.midY))
        let zoom = try XCTUnwrap(scene(d)?.zoom)
        XCTAssertEqual(scene(d)?.status.phase, .presenting)
        XCTAssertLessThan(zoom.cardFrame.width, d.lab.window.bounds.width)
        d.settle()
        XCTAssertEqual(d.card, d.lab.window.bounds)
        XCTAssertEqual((d.lab.window.topViewController as? ZoomDetailViewController)?.index, 2)
    }

    func testBothSnippetsCarryTheTunedValues() {
        let values = SnippetValues(SceneParameters(specs: ZoomScene.info.parameters))
        let uikit = ZoomScene.uikitSnippet(values)
        XCTAssertTrue(uikit.contains("preferredTransition = .zoom(options: options)"))
        XCTAssertTrue(uikit.contains("panThreshold = 0.905"))
        XCTAssertTrue(uikit.contains("stiffness: 484, damping: 39.6"))
        let swiftUI = ZoomScene.swiftUISnippet(values)
        XCTAssertTrue(swiftUI.contains(".matchedTransitionSource(id: photo.id, in: zoom)"))
        XCTAssertTrue(swiftUI.contains(".navigationTransition(.zoom(sourceID: photo.id, in: zoom))"))
    }
}

/// Drawing frames lays views out: a landing drawn frame by frame still flies all the way to its cell.
final class ZoomDrawnLandingTests: XCTestCase {
    func testALandingDrawnEveryFrameTakesManyFramesToReachItsCell() throws {
        let d = try HeadlessLab(pinnedScene: SceneKind(ZoomScene.self), parameters: [])
        d.settle()
        d.drag(from: Point(x: 187, y: 300), by: Point(x: 0, y: 250), over: 0.4, restBeforeRelease: 0.1) {
            _ = d.render()
        }
        var landingFrames = 0
        while (d.lab.scene as? ZoomScene)?.zoom != nil, landingFrames < 120 {
            d.step()
            _ = d.render()
            landingFrames += 1
        }
        XCTAssertGreaterThan(landingFrames, 10, "about 230 ms of landing, not one frame")
    }
}

/// Each dragged frame changes what is on screen: the lab's incremental render reports damage for it.
final class ZoomDamageTests: XCTestCase {
    func testEveryDraggedFrameIsDamaged() throws {
        let d = try HeadlessLab(pinnedScene: SceneKind(ZoomScene.self), parameters: [])
        d.settle()
        var bitmap = Bitmap(width: 375, height: 667)
        d.lab.render(into: &bitmap, scale: 1)
        var undamaged = 0
        d.drag(from: Point(x: 187, y: 300), by: Point(x: 0, y: 200), over: 0.3, release: false) {
            if d.lab.window.needsDisplay == false { undamaged += 1 }
            if d.lab.render(into: &bitmap, scale: 1) == nil { undamaged += 1 }
        }
        XCTAssertLessThanOrEqual(undamaged, 1, "only the first frame, inside the slop, leaves the page still")
    }
}
