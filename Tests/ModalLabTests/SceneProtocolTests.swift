import XCTest
import ModalKit
import ModalKitTestSupport
@testable import ModalLab
@testable import ModalLabCore

/// A gauge's rule: its line, verdict and marker are read from the scene each time the lab asks.
private struct GaugeRule: SceneRule {
    let level: Double
    let lineY: Double?

    var velocityThreshold: Double? { 900 }
    func summary(outcome: String) -> String { "a gauge" }
    func verdict(_ reading: ReleaseReading) -> ReleaseVerdict { ReleaseVerdict("back", dismisses: false) }

    func writeReadout(into text: inout TextBuffer) -> Bool? {
        text.append("level ")
        text.append(level, digits: 2)
        return level > 0.5
    }

    var marker: RuleMarker? { lineY.map { RuleMarker(y: $0, title: "gauge line") } }
}

/// A scene whose status, rule and readouts the test sets, to see each reach the HUD and the trace.
private final class GaugeScene: Scene, SceneSnippets, SceneReadouts {
    static let info = SceneInfo(
        name: "gauge", title: "Gauge", seed: "a test's scene with a rule of its own",
        summary: "Nothing to drag.", parameters: [])
    let root: PresentingViewController
    var status = SceneStatus(phase: .interactive, progress: 0.25)
    var level = 0.75
    var lineY: Double? = 300
    var atTop = false

    init(parameters: SceneParameters) { root = PresentingViewController(info: GaugeScene.info, parameters: parameters) }
    func present(animated: Bool) {}
    var rule: GaugeRule { GaugeRule(level: level, lineY: lineY) }
    var readouts: (any SceneReadouts)? { self }
    var prefersHUDAtTop: Bool { atTop }
    func writeTraceFields(into fields: inout TraceFields) { fields.number("level", level) }
    static func uikitSnippet(_ values: SnippetValues) -> String { "let gauge = 1\n" }
    static func swiftUISnippet(_ values: SnippetValues) -> String { "" }
}

/// What a scene hands the lab through its few requirements: its rule writes the HUD's rule line and places the
/// marker under its own title, its status is the HUD's and the trace's phase and progress, its readouts add trace
/// fields and move the HUD, and its exports are its registration's.
final class SceneProtocolTests: XCTestCase {
    private let files = TemporaryFiles()
    override func tearDown() { files.removeAll() }

    private func gauge(trace: String? = nil) throws -> (HeadlessLab, GaugeScene, HUDView) {
        let d = try HeadlessLab(scene: SceneKind(GaugeScene.self), tracePath: trace)
        d.step()
        let hud = try XCTUnwrap(d.lab.window.subviews.compactMap { $0 as? HUDView }.first)
        return (d, try XCTUnwrap(d.lab.scene as? GaugeScene), hud)
    }

    /// The HUD's lines, top to bottom.
    private func lines(_ hud: HUDView) -> [Label] {
        let panel = hud.subviews.first { $0 is HUDPanel }
        return (panel?.subviews.compactMap { $0 as? Label } ?? []).filter { !$0.isHidden && !$0.text.isEmpty }
            .sorted { $0.convertToWindow(.zero).y < $1.convertToWindow(.zero).y }
    }

    /// Input marks the HUD's lines stale; the frames after it show them.
    private func refresh(_ d: HeadlessLab) {
        d.lab.handle(.keyDown(.character("x"), time: d.clock.now))
        d.steps(10)
    }

    func testTheRuleWritesTheRuleLineAndPlacesItsMarkerUnderItsTitle() throws {
        let (d, scene, hud) = try gauge()
        XCTAssertEqual(lines(hud).map(\.text).dropFirst(2).first, "level 0.75")
        XCTAssertEqual(lines(hud).dropFirst(2).first?.textColor, Color(rgb: 0x30D158), "green: it would dismiss")
        XCTAssertEqual(hud.markerFrames.map(\.midY), [300, 300], "a tick at each edge, at the rule's line")
        let ticks = hud.subviews.filter { !$0.isHidden && !($0 is HUDPanel) }
        XCTAssertEqual(Set(ticks.map(\.accessibilityIdentifier)), ["gauge line"], "named by the rule")
        scene.level = 0.25
        scene.lineY = 120
        refresh(d)
        XCTAssertEqual(lines(hud).map(\.text).dropFirst(2).first, "level 0.25")
        XCTAssertEqual(lines(hud).dropFirst(2).first?.textColor, Color(rgb: 0xFF9F0A), "orange: it would not")
        XCTAssertEqual(hud.markerFrames.map(\.midY), [120, 120], "the marker follows the rule")
        scene.lineY = nil
        refresh(d)
        XCTAssertEqual(hud.markerFrames, [], "a rule without a marker shows none")
    }

    func testWithNothingUpTheHUDShowsTheSummaryAndNoMarker() throws {
        let (d, scene, hud) = try gauge()
        scene.status = SceneStatus(phase: .idle, progress: nil)
        refresh(d)
        XCTAssertEqual(lines(hud).map(\.text).dropFirst(2).first, "Nothing to drag.", "the summary, not the rule")
        XCTAssertEqual(hud.markerFrames, [])
    }

    func testTheStatusIsTheHUDsAndTheTracesPhaseAndProgressAndTheReadoutsAddTheirFields() throws {
        let path = files.path("gauge-trace.jsonl")
        let (d, scene, hud) = try gauge(trace: path)
        XCTAssertEqual(lines(hud).first?.text, "gauge · interactive")
        XCTAssertEqual(lines(hud).dropFirst().first?.text, "progress 0.25")
        d.lab.didPresent(FrameReport(frameTime: d.clock.now, renderSeconds: 0))
        scene.status = SceneStatus(phase: .cancelling, progress: 0.5)
        scene.level = 0.125
        d.lab.didPresent(FrameReport(frameTime: d.clock.now, renderSeconds: 0))
        d.lab.finish()
        let frames = try jsonLines(path).filter { $0["type"] as? String == "frame" }.suffix(2)
        XCTAssertEqual(frames.map { $0["phase"] as? String }, ["interactive", "cancelling"])
        XCTAssertEqual(frames.map { $0["progress"] as? Double }, [0.25, 0.5])
        XCTAssertEqual(frames.map { $0["level"] as? Double }, [0.75, 0.125], "the readouts' own field")
        let record = try XCTUnwrap(try jsonLines(path).first { $0["type"] as? String == "scene" })
        XCTAssertEqual(record["threshold_y"] as? Double, 300, "the rule's marker is the trace's threshold line")
        XCTAssertEqual(record["velocity_threshold"] as? Double, 900)
    }

    func testTheReadoutsPutTheHUDAtTheTop() throws {
        let (d, scene, hud) = try gauge()
        XCTAssertGreaterThan(hud.panelFrame.minY, d.lab.window.bounds.midY, "at the bottom by default")
        scene.atTop = true
        refresh(d)
        XCTAssertLessThan(hud.panelFrame.maxY, d.lab.window.bounds.midY, "at the top when the readouts ask")
    }

    func testTheExportsAreTheRegistrations() {
        let kind = SceneKind(GaugeScene.self)
        XCTAssertEqual(kind.uikitSnippet(SnippetValues(SceneParameters(specs: []))), "let gauge = 1\n")
    }
}
