import Foundation
import XCTest
import ModalKit
import ModalKitTestSupport
@testable import ModalLab
@testable import ModalLabCore

/// A pinch in the lab: it dismisses the zoom scene's photo onto its cell with the HUD's pinch rule line, is
/// recorded and replayed as it came, and does nothing in the scenes that have no pinch.
final class ZoomPinchSceneTests: XCTestCase {
    private let files = TemporaryFiles()
    override func tearDown() { files.removeAll() }

    func testAPinchBelowHalfLandsThePhotoOnItsCellAndTheRuleLineSaysSo() throws {
        let d = try HeadlessLab(pinnedScene: SceneKind(ZoomScene.self), parameters: [])
        d.settle()
        let scene = try XCTUnwrap(d.lab.scene as? ZoomScene)
        let zoom = try XCTUnwrap(scene.zoom)
        let grid = try XCTUnwrap(scene.root as? ZoomGridViewController)
        d.pinch(to: 0.4, at: Point(x: 187, y: 330), over: 0.3, end: false)
        let rule = try XCTUnwrap(scene.rule.readout())
        XCTAssertTrue(rule.text.hasPrefix("scale 0.4"), rule.text)
        XCTAssertTrue(rule.text.hasSuffix(" < 0.500: will dismiss"), rule.text)
        XCTAssertFalse(rule.text.contains(" ms"), "a pinch is not projected: \(rule.text)")
        d.send(.pinch(.ended, scale: 0.4, center: Point(x: 187, y: 330), time: d.clock.now))
        XCTAssertEqual(zoom.phase, .landing)
        d.settle()
        XCTAssertNil(scene.zoom, "dismissed")
        XCTAssertEqual(zoom.cardFrame, grid.cells[4].frame, "exactly on its cell")
    }

    /// pinchStartDistance 30 on the 120-pt span: a pinch must change the scale by 25% before it takes the page.
    func testThePinchsStartIsAParameter() throws {
        let d = try HeadlessLab(
            pinnedScene: SceneKind(ZoomScene.self), parameters: [("pinchStartDistance", .number(30))])
        d.settle()
        let zoom = try XCTUnwrap((d.lab.scene as? ZoomScene)?.zoom)
        XCTAssertEqual(zoom.pinchStartScaleChange, 0.25, accuracy: 1e-12)
        d.pinch(to: 0.8, at: Point(x: 187, y: 330), over: 0.2, end: false)
        XCTAssertEqual(zoom.phase, .idle, "20% is short of 25%")
        d.send(.pinch(.changed, scale: 0.74, center: Point(x: 187, y: 330), time: d.clock.now))
        XCTAssertEqual(zoom.phase, .dragging)
    }

    func testAPinchIsRecordedAndReadBackUnchanged() throws {
        let record = files.path("pinch.jsonl")
        let d = try HeadlessLab(pinnedScene: SceneKind(ZoomScene.self), recordPath: record)
        let sent: [InputEvent] = [
            .pinch(.began, scale: 1, center: Point(x: 100.5, y: 200), time: 5.25),
            .pinch(.changed, scale: 0.812345, center: Point(x: 101, y: 202.125), time: 5.3),
            .pinch(.ended, scale: 0.5, center: Point(x: 101, y: 202.125), time: 5.35),
            .pinch(.cancelled, scale: 1.75, center: Point(x: -3, y: 4), time: 5.4)
        ]
        sent.forEach(d.send)
        d.lab.finish()
        let read = try Recording.read(from: record).entries.map(\.event).filter {
            if case .pinch = $0 { return true } else { return false }
        }
        XCTAssertEqual(read, sent)
    }

    func testAPinchInEveryOtherSceneChangesNothing() throws {
        for type in SceneCatalog.all where type.name != ZoomScene.info.name {
            let d = try HeadlessLab(pinnedScene: type, parameters: [])
            d.settle()
            let before = d.card
            d.pinch(to: 0.3, at: Point(x: 187, y: 400), over: 0.2)
            d.settle()
            XCTAssertEqual(d.card, before, "\(type.info.name)")
        }
    }
}
