import Foundation
import XCTest
import ModalKit
import ModalKitTestSupport
@testable import ModalLab
@testable import ModalLabCore

/// The sheet list in the trace (`content_offset`) and in recordings: a replay scrolls it to the same place.
final class SheetScrollTraceTests: XCTestCase {
    private let files = TemporaryFiles()

    override func tearDown() {
        files.removeAll()
        super.tearDown()
    }

    private func temporary(_ name: String) -> String { files.path(name) }

    private func frames(_ path: String) throws -> [[String: Any]] {
        try jsonLines(path).filter { $0["type"] as? String == "frame" }
    }

    /// Runs a headless replay of `recording` in the sheet scene and returns its trace's frames.
    private func replay(_ recording: String) throws -> [[String: Any]] {
        let trace = temporary("replay.jsonl")
        var configuration = LabConfiguration.pinned
        configuration.sceneKind = SceneKind(SheetScene.self)
        configuration.headless = true
        configuration.tracePath = trace
        XCTAssertEqual(try HeadlessRun.run(configuration, replay: try Recording.read(from: recording)), 0)
        return try frames(trace)
    }

    func testContentOffsetIsTracedForTheSheetNullWithoutOneAndAbsentElsewhere() throws {
        let recording = temporary("escape.rec")
        let d = try HeadlessLab(pinnedScene: SceneKind(SheetScene.self), recordPath: recording)
        d.scroll(by: Point(x: 0, y: 48), at: Point(x: 187, y: 600), precise: true)
        d.steps(20)
        d.key(.escape)
        d.settle()
        d.lab.finish()
        let sheet = try replay(recording)
        XCTAssertEqual(sheet.first?["content_offset"] as? [Double], [0, 0])
        XCTAssertTrue(sheet.last.map { $0["content_offset"] is NSNull } ?? false, "no sheet up: null")

        let trace = temporary("interactor.jsonl")
        var configuration = LabConfiguration.pinned
        configuration.sceneKind = SceneKind(InteractorScene.self)
        configuration.headless = true
        configuration.tracePath = trace
        XCTAssertEqual(try HeadlessRun.run(configuration, replay: nil), 0)
        let other = try frames(trace)
        XCTAssertFalse(other.isEmpty)
        XCTAssertTrue(other.allSatisfy { $0["content_offset"] == nil }, "no field in scenes without a list")
    }

    /// A live session (a hand-off drag, a flick of the list, wheel clicks and touchpad scrolling) recorded and
    /// replayed headless leaves the list and the sheet where the live run left them.
    func testAReplayOfAScrollSessionReproducesTheContentOffset() throws {
        let recording = temporary("scroll.rec")
        let d = try HeadlessLab(pinnedScene: SceneKind(SheetScene.self), recordPath: recording)
        d.settle()
        d.drag(from: Point(x: 187, y: 600), by: Point(x: 0, y: -420), over: 0.3)
        d.steps(30)
        for _ in 0 ..< 4 {
            d.scroll(by: Point(x: 0, y: 48), at: Point(x: 187, y: 400), precise: false)
            d.steps(3)
        }
        for _ in 0 ..< 10 {
            d.scroll(by: Point(x: 0, y: -7.5), at: Point(x: 187, y: 400), precise: true)
            d.step()
        }
        d.settle()
        let sheet = try XCTUnwrap((d.lab.scene as? SheetScene)?.sheet),
            list = try XCTUnwrap((d.lab.scene as? SheetScene)?.list)
        let liveOffset = list.contentOffset.y, liveY = sheet.position
        XCTAssertGreaterThan(liveOffset, 200, "the list was scrolled well down")
        d.lab.finish()
        let replayed = try replay(recording)
        let last = try XCTUnwrap(replayed.last)
        let offset = try XCTUnwrap(last["content_offset"] as? [Double])
        XCTAssertEqual(offset[1], liveOffset, accuracy: 0.01)
        XCTAssertEqual((last["card"] as? [Double])?[1] ?? .nan, liveY, accuracy: 0.01)
    }
}
