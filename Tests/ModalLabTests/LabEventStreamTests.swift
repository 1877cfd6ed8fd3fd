import Foundation
import XCTest
import ModalKit
import ModalKitTestSupport
@testable import ModalLab
@testable import ModalLabCore

/// The lab publishes each event once to a fixed set of subscribers: the trace writer, the live plot, the
/// inspector and the HUD all see the same events in the same order, and what one of them does (or that it is not
/// there) never changes the trace's bytes.
final class LabEventStreamTests: XCTestCase {
    private let files = TemporaryFiles()
    override func tearDown() { files.removeAll() }

    /// Keeps the type and time of every event it takes, then hands it on (to the HUD, which the lab needs).
    private final class Recorder: LabEventSubscriber {
        var taken: [String] = []
        let next: (any LabEventSubscriber)?
        init(next: (any LabEventSubscriber)? = nil) { self.next = next }
        func take(_ event: LabEvent) {
            taken.append("\(LabEventStreamTests.type(of: event)) \(event.t)")
            next?.take(event)
        }
    }

    /// The trace's `type` for an event: the subscribers' sequences are compared with the trace's lines.
    private static func type(of event: LabEvent) -> String {
        switch event {
        case .scene: return "scene"
        case .frame: return "frame"
        case .shown: return "shown"
        case .gesture: return "gesture"
        case .transition: return "transition"
        case .detent: return "detent"
        case .dismissAttempt: return "dismiss_attempt"
        case .settled: return "settled"
        }
    }

    /// A drag that dismisses, a switch to the sheet and a drag that raises it to large, every frame presented.
    private func run(_ d: HeadlessLab) {
        var index = 0
        let present = {
            index += 1
            d.lab.didPresent(
                FrameReport(frameTime: d.clock.now, renderSeconds: 0.002, presentSeconds: 0.001, index: index))
            d.lab.didShow(FrameShown(index: index, msc: UInt64(index), shownAt: Double(index) / 60, missed: 0))
        }
        d.settle(afterEach: present)
        d.drag(from: Point(x: 187, y: 300), by: Point(x: 0, y: 400), over: 0.3, afterEach: present)
        d.settle(afterEach: present)
        d.key(.character("6"))
        d.settle(afterEach: present)
        d.drag(from: Point(x: 187, y: 500), by: Point(x: 0, y: -300), over: 0.2, afterEach: present)
        d.settle(afterEach: present)
        d.lab.finish()
    }

    private func lab(trace: String) throws -> HeadlessLab {
        try HeadlessLab(pinnedScene: SceneKind(InteractorScene.self), tracePath: trace)
    }

    func testEverySubscriberTakesEachEventOnceInOrder() throws {
        let path = files.path("stream.trace")
        let d = try lab(trace: path)
        let plot = Recorder(), panel = Recorder(), hud = Recorder(next: d.lab.hud)
        // The lines of the first scene, written before the recorders were installed (each line is written whole).
        let before = try jsonLines(path).count
        XCTAssertGreaterThan(before, 0)
        let trace = Recorder(next: try XCTUnwrap(d.lab.events.trace))
        d.lab.events.trace = trace
        d.lab.events.plot = plot
        d.lab.events.panel = panel
        d.lab.events.hud = hud
        run(d)
        let lines = try jsonLines(path).map { $0["type"] as? String ?? "?" }.dropFirst(before)
        XCTAssertGreaterThan(trace.taken.count, 100, "frames, gestures, transitions, a detent, settles")
        for kind in ["scene", "frame", "shown", "gesture", "transition", "detent", "settled"] {
            XCTAssertTrue(trace.taken.contains { $0.hasPrefix(kind + " ") }, "a \(kind) event was published")
        }
        XCTAssertEqual(
            Array(lines), trace.taken.map { String($0.split(separator: " ")[0]) },
            "one line per event the trace writer took, in its order")
        XCTAssertEqual(plot.taken, trace.taken, "the plot took each event once, in the trace's order")
        XCTAssertEqual(panel.taken, trace.taken, "the panel took each event once, in the trace's order")
        XCTAssertEqual(hud.taken, trace.taken, "the HUD took each event once, in the trace's order")
    }

    /// The trace written with the trace writer alone, with a live plot whose every write fails and the HUD gone,
    /// and with the inspector open and the HUD hidden: the same bytes.
    func testASubscribersFailureOrAbsenceLeavesTheTraceBytesAlone() throws {
        let alone = files.path("alone.trace"), failing = files.path("failing.trace"), panel = files.path("panel.trace")
        let a = try lab(trace: alone)
        a.lab.events.hud = nil
        run(a)
        let b = try lab(trace: failing)
        var delivered = 0
        b.lab.events.plot = LivePlot { _ in
            delivered += 1
            throw LabError.io("the plot's disk is full")
        }
        run(b)
        XCTAssertGreaterThan(delivered, 0, "the failing plot was asked for a plot")
        let c = try lab(trace: panel)
        c.lab.toggleInspector()
        c.key(.character("h"))
        XCTAssertNotNil(c.lab.events.panel)
        run(c)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: alone))
        XCTAssertGreaterThan(bytes.count, 10_000)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: failing)), bytes, "a failing plot")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: panel)), bytes, "the panel there, the HUD hidden")
    }

    /// Coming to rest publishes `settled` (after the frame that shows it); the HUD takes only frame timings from the
    /// stream, so that event asks for no frame: once drawn, an idle lab asks for nothing (a HUD marked stale by
    /// every event woke the lab once more at each rest).
    func testComingToRestAsksForNoFurtherFrame() throws {
        let d = try HeadlessLab(pinnedScene: SceneKind(InteractorScene.self))
        let rests = Recorder()
        d.lab.events.plot = rests
        var bitmap = Bitmap(width: 375, height: 667)
        d.settle()
        // The first rest (the modal up) is published once its frame is out; the one waited for is the next.
        let restsBefore = rests.taken.filter { $0.hasPrefix("settled") }.count
        d.drag(from: Point(x: 187, y: 300), by: Point(x: 0, y: 400), over: 0.3)
        var frames = 0
        while rests.taken.filter({ $0.hasPrefix("settled") }).count <= restsBefore, frames < 300 {
            d.step()
            d.lab.render(into: &bitmap, scale: 1)
            frames += 1
        }
        XCTAssertLessThan(frames, 300, "the dismissal came to rest")
        XCTAssertFalse(d.lab.isAnimating)
        XCTAssertFalse(d.lab.needsDisplay, "the frame that came to rest was the last one asked for")
    }
}
