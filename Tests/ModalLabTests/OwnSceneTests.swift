import XCTest
import ModalKit
import ModalLab

/// A scene written as a package that depends on ModalLab writes it, with only public API: a modal that a flick
/// down dismisses.
private final class FlickCardScene: Scene, SceneSnippets {
    static let velocity = Parameter.number("velocity", 0 ... 10_000, default: 800, source: "ours")
    static let info = SceneInfo(
        name: "flick-card", title: "Flick Card", seed: "a test's own scene",
        summary: "Flick the card down.", parameters: [velocity.spec])
    let root: PresentingViewController
    let rule: FlickRule
    private var modal: ViewController? { root.presentedViewController }

    init(parameters: SceneParameters) {
        root = PresentingViewController(info: FlickCardScene.info, parameters: parameters)
        rule = FlickRule(threshold: parameters[FlickCardScene.velocity], inclusive: true, elseDistance: false)
        root.onPresent = { [unowned self] in present(animated: true) }
    }

    private func makeModal() -> ViewController {
        let modal = ViewController()
        modal.modalPresentationStyle = .fullScreen
        modal.view.backgroundColor = Color(rgb: 0x0A84FF)
        return modal
    }

    func present(animated: Bool) { root.present(makeModal(), animated: animated) }
    var status: SceneStatus {
        SceneStatus(phase: transitionPhase(interactor: nil) ?? .idle, progress: modal == nil ? nil : 0)
    }
    static func uikitSnippet(_ values: SnippetValues) -> String {
        "let velocity: CGFloat = \(values.number("velocity"))\n"
    }
    static func swiftUISnippet(_ values: SnippetValues) -> String {
        "let minimumVelocity: CGFloat = \(values.number("velocity"))\n"
    }
}

/// A second scene, to switch to with key 2.
private final class OtherScene: Scene, SceneSnippets {
    static let info = SceneInfo(
        name: "other", title: "Other", seed: "a test's second scene",
        summary: "Nothing to do.", parameters: [])
    let root: PresentingViewController
    var rule: DistanceRule { DistanceRule(threshold: 0.5) }
    init(parameters: SceneParameters) { root = PresentingViewController(info: OtherScene.info, parameters: parameters) }
    func present(animated: Bool) {}
    var status: SceneStatus { .idle }
    static func uikitSnippet(_ values: SnippetValues) -> String { "" }
    static func swiftUISnippet(_ values: SnippetValues) -> String { "" }
}

/// The lab runs scenes it was given, not only modal-lab's: the command line, keys 1–9 and the headless
/// stepping API all see the given list.
final class OwnSceneTests: XCTestCase {
    private let scenes: [SceneKind] = [SceneKind(FlickCardScene.self), SceneKind(OtherScene.self)]

    func testTheCommandLineOffersTheGivenScenesAndRefusesOthers() throws {
        let configuration = try LabConfiguration(pinnedArguments: ["--set", "velocity=900"], scenes: scenes)
        XCTAssertTrue(configuration.sceneKind.name == FlickCardScene.info.name, "the first scene is the default")
        XCTAssertTrue(configuration.usage.contains("flick-card (default), other"), configuration.usage)
        XCTAssertTrue(configuration.usage.contains("1-2 scene"))
        XCTAssertThrowsError(try LabConfiguration(pinnedArguments: ["--scene", "sheet"], scenes: scenes)) { error in
            XCTAssertEqual(error as? LabError, .usage("unknown scene 'sheet' (scenes: flick-card, other)"))
        }
        XCTAssertThrowsError(try LabConfiguration(pinnedArguments: [], scenes: []))
    }

    func testTheUsageNamesTheProgramThatRunsTheLab() throws {
        defer { LabMain.programName = "modal-lab" }
        LabMain.programName = "photo-lab"
        let usage = try LabConfiguration(pinnedArguments: [], scenes: scenes).usage
        XCTAssertTrue(usage.hasPrefix("usage: photo-lab [--scene NAME]"), usage)
        XCTAssertTrue(usage.contains("\n                 [--"), "continuation lines indent under the program's name")
    }

    /// `--version` names the program and the ModalKit it runs on (modal-lab keeps its own version line), and the
    /// subcommands' usage and error lines name the program too.
    func testVersionAndSubcommandsNameTheProgramThatRunsTheLab() throws {
        defer { LabMain.programName = "modal-lab" }
        XCTAssertEqual(LabConfiguration.versionLine, LabConfiguration.version)
        LabMain.programName = "photo-lab"
        XCTAssertEqual(LabConfiguration.versionLine, "photo-lab (ModalKit \(LabConfiguration.modalKitVersion))")
        XCTAssertTrue(PlotCommand.usage.hasPrefix("usage: photo-lab plot "), PlotCommand.usage)
        XCTAssertTrue(RenderCommand.usage.hasPrefix("usage: photo-lab render "), RenderCommand.usage)
        let usage = try LabConfiguration(pinnedArguments: [], scenes: scenes).usage
        XCTAssertTrue(usage.contains("\nplot: photo-lab plot "), usage)
        XCTAssertFalse(usage.contains("modal-lab"), "nothing in the usage names modal-lab")
    }

    func testKeysSwitchAmongTheGivenScenesAndAFlickIsJudgedByTheScenesRule() throws {
        let configuration = try LabConfiguration(pinnedArguments: ["--set", "velocity=900", "--no-hud"], scenes: scenes)
        let lab = try HeadlessLab(configuration: configuration)
        lab.settle()
        XCTAssertEqual(lab.card?.minY, 0, "the modal starts presented")
        XCTAssertEqual(
            lab.lab.scene.rule.verdict(ReleaseReading(velocity: 1000, cardTop: 0, outcome: "")).text, "dismiss")
        XCTAssertEqual(
            lab.lab.scene.rule.verdict(ReleaseReading(velocity: 899, cardTop: 0, outcome: "")).text, "back")
        lab.key(.character("2"))
        XCTAssertTrue(lab.lab.kind.name == OtherScene.info.name)
        lab.key(.character("3"))
        XCTAssertTrue(lab.lab.kind.name == OtherScene.info.name, "no third scene: key 3 does nothing")
        lab.key(.character("1"))
        XCTAssertTrue(lab.lab.kind.name == FlickCardScene.info.name)
        XCTAssertEqual(lab.lab.parameters[FlickCardScene.velocity], 900, "the launched scene keeps --set")
        let picture = lab.render()
        XCTAssertEqual(picture.width, 375)
        XCTAssertEqual(picture[187, 300], Bitmap.premultiplied(Color(rgb: 0x0A84FF)), "the card fills the stage")
    }
}
