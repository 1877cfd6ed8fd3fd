import Foundation
import XCTest
import ModalKit
import ModalKitTestSupport
@testable import ModalLab
@testable import ModalLabCore

/// Every gesture that begins ends in the trace, and the card stays where it can legally be, whatever happens
/// mid-drag: a release that completes the transition at once, a resize storm, a scene switch, focus loss.
final class TraceGapTests: XCTestCase {
    private let middle = Point(x: 187, y: 300)
    private let files = TemporaryFiles()
    private var traces = 0

    override func tearDown() {
        files.removeAll()
        super.tearDown()
    }

    private func traceLab(_ scene: SceneKind) throws -> (HeadlessLab, String) {
        traces += 1
        let path = files.path("gaps-\(traces).jsonl")
        return (try HeadlessLab(pinnedScene: scene, tracePath: path), path)
    }

    /// The gesture states in a trace, in order.
    private func gestureStates(_ path: String) throws -> [String] {
        try jsonLines(path).compactMap { $0["type"] as? String == "gesture" ? $0["state"] as? String : nil }
    }

    /// A drag past the whole height reaches progress 1; the release finishes with nothing left to play, so the
    /// transition completes (and the card leaves the window) inside the release itself.
    func testAReleaseAtFullProgressEndsTheGestureInTheTrace() throws {
        for scene in [SceneKind(InteractorScene.self), SceneKind(NavigationScene.self)] as [SceneKind] {
            let (d, path) = try traceLab(scene)
            d.drag(from: middle, by: Point(x: 0, y: 700), over: 0.5)
            d.settle()
            d.lab.finish()
            let states = try gestureStates(path)
            XCTAssertEqual(states.first, "began", scene.info.name)
            XCTAssertEqual(states.last, "ended", "\(scene.info.name): the release is in the trace")
            XCTAssertEqual(d.topName, "presenting", scene.info.name)
        }
    }

    /// Focus lost, a scene switch and a reset in the middle of a drag each end it as cancelled in the trace.
    func testADragInterruptedByTheSystemEndsCancelled() throws {
        let interruptions: [(String, (HeadlessLab) -> Void)] = [
            ("focus lost", { $0.send(.pointerLost(.focusLost)) }),
            ("scene switch", { $0.key(.character("3")) }),
            ("reset", { $0.key(.character("r")) })
        ]
        for scene in SceneCatalog.all {
            for (name, interrupt) in interruptions {
                let (d, path) = try traceLab(scene)
                // On the card: a sheet at its medium detent starts half way down.
                let start = Point(x: middle.x, y: (d.card?.minY ?? 0) + 150)
                d.drag(from: start, by: Point(x: 0, y: 120), over: 0.3, release: false)
                interrupt(d)
                d.send(.pointerUp(start + Point(x: 0, y: 120), time: d.clock.now))
                d.settle()
                d.lab.finish()
                // The zoom's page is a list: its pan fails first (at the top, a pull down is the zoom's).
                let states = try gestureStates(path).drop { $0 == "failed" }
                XCTAssertEqual(states.first, "began", "\(scene.info.name), \(name)")
                XCTAssertEqual(states.last, "cancelled", "\(scene.info.name), \(name): the drag ends in the trace")
            }
        }
    }
}
