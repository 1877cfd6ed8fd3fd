import XCTest
import ModalKit
@testable import ModalLab
@testable import ModalLabCore

/// A scene with HUD lines of its own: a page counter, written by the scene into the HUD's reused bytes.
private final class PagerScene: Scene, SceneSnippets, SceneReadouts {
    static let info = SceneInfo(
        name: "pager", title: "Pager", seed: "a test's scene with its own HUD lines",
        summary: "Nothing to drag.", parameters: [])
    let root: PresentingViewController
    var rule: DistanceRule { DistanceRule(threshold: 0.5) }
    /// The page the HUD line reports; the test changes it.
    var page = 3
    /// How many lines the scene writes (0, 1, or 3 to see the capacity hold).
    var lineCount = 1
    init(parameters: SceneParameters) { root = PresentingViewController(info: PagerScene.info, parameters: parameters) }
    func present(animated: Bool) {}
    var status: SceneStatus { .idle }
    var readouts: (any SceneReadouts)? { self }
    static func uikitSnippet(_ values: SnippetValues) -> String { "" }
    static func swiftUISnippet(_ values: SnippetValues) -> String { "" }

    func writeHUDLines(into lines: inout SceneHUDLines) {
        for i in 0 ..< lineCount {
            lines.add(color: Color(rgb: 0x64D2FF)) { text in
                text.append("page ")
                text.append(integer: Int64(page + i))
                text.append(" of 7")
            }
        }
    }
}

final class SceneHUDLinesTests: XCTestCase {
    private func labels(_ lab: Lab) -> [Label] {
        let hud = lab.window.subviews.first { $0.accessibilityIdentifier == "hud" }
        let panel = hud?.subviews.first { $0 is HUDPanel }
        return panel?.subviews.compactMap { $0 as? Label } ?? []
    }

    private func shown(_ lab: Lab) -> [(text: String, y: Double)] {
        labels(lab).filter { !$0.isHidden && !$0.text.isEmpty }.map { ($0.text, $0.convertToWindow(.zero).y) }
            .sorted { $0.y < $1.y }
    }

    private func pager() throws -> (HeadlessLab, PagerScene) {
        var configuration = LabConfiguration.pinned
        configuration.scenes = [SceneKind(PagerScene.self), SceneKind(InteractorScene.self)]
        configuration.sceneKind = SceneKind(PagerScene.self)
        let d = try HeadlessLab(configuration: configuration)
        d.settle()
        return (d, try XCTUnwrap(d.lab.scene as? PagerScene))
    }

    func testTheScenesLineIsShownBetweenItsRuleLineAndTheLastLine() throws {
        let (d, scene) = try pager()
        d.step()
        let lines = shown(d.lab).map(\.text)
        guard lines.count == 5 else { return XCTFail("five lines: \(lines)") }
        XCTAssertEqual(lines[2], "Nothing to drag.", "the summary where a rule would be")
        XCTAssertEqual(lines[3], "page 3 of 7", "the scene's own line, from the scene")
        XCTAssertTrue(lines[4].hasPrefix("render "), "the timings stay last: \(lines[4])")
        scene.page = 4
        d.lab.handle(.keyDown(.character("x"), time: d.clock.now))
        d.steps(10)
        XCTAssertEqual(shown(d.lab).map(\.text).dropFirst(3).first, "page 4 of 7", "the line follows the scene")
    }

    func testThePanelGrowsByTheScenesLinesAndNoMore() throws {
        let (d, scene) = try pager()
        let hud = try XCTUnwrap(d.lab.window.subviews.compactMap { $0 as? HUDView }.first)
        d.step()
        let oneLine = hud.panelFrame.height
        scene.lineCount = 3
        d.lab.handle(.keyDown(.character("x"), time: d.clock.now))
        d.steps(10)
        XCTAssertEqual(hud.panelFrame.height - oneLine, HUDPanel.lineHeight, "room for two lines, the capacity")
        XCTAssertEqual(Array(shown(d.lab).map(\.text).dropFirst(3).prefix(2)), ["page 3 of 7", "page 4 of 7"])
        d.key(.character("2"))
        d.settle()
        d.step()
        XCTAssertEqual(hud.panelFrame.height, oneLine - HUDPanel.lineHeight, "a scene without lines: the lab's four")
        XCTAssertEqual(shown(d.lab).count, 4)
        XCTAssertFalse(shown(d.lab).contains { $0.text.hasPrefix("page") }, "the pager's lines went with it")
    }
}
