import Foundation
import XCTest
import ModalKit
import ModalKitTestSupport
@testable import ModalKitUI
@testable import ModalLab
@testable import ModalLabCore

/// The inspector, headless: its controls change the scene's parameters from the next gesture, "Reset to seed"
/// puts the seed's back, the stage keeps its size, and each release is read by every estimator.
final class InspectorTests: XCTestCase {
    private func harness(_ scene: SceneKind, showsHUD: Bool = true) throws -> HeadlessLab {
        var configuration = LabConfiguration.pinned
        configuration.sceneKind = scene
        configuration.showsInspector = true
        configuration.showsHUD = showsHUD
        let harness = try HeadlessLab(configuration: configuration)
        harness.settle()
        return harness
    }

    private func panel(_ harness: HeadlessLab, file: StaticString = #filePath, line: UInt = #line) throws
        -> InspectorView
    {
        try XCTUnwrap(harness.lab.inspector?.view, "no inspector", file: file, line: line)
    }

    /// Where `view` (in the panel) is in the host window, at `point` of its own.
    private func windowPoint(_ view: View, _ point: Point, _ harness: HeadlessLab) -> Point {
        let p = view.convertToWindow(point)
        return Point(x: p.x + harness.lab.window.bounds.width, y: p.y)
    }

    private func row(_ name: String, _ harness: HeadlessLab) throws -> ParameterRow {
        try XCTUnwrap(try panel(harness).rows.first { $0.spec.name == name }, "no row \(name)")
    }

    func testTheWindowWidensAndEveryParameterHasAControlShowingItsSeed() throws {
        let harness = try self.harness(SceneKind(SheetScene.self))
        XCTAssertEqual(harness.lab.windowSize, Size(width: 375 + InspectorView.width, height: 667))
        let rows = try panel(harness).rows
        XCTAssertEqual(rows.map(\.spec.name), SheetScene.info.allParameters.map(\.name))
        XCTAssertTrue(try row("response", harness).control is Slider)
        XCTAssertTrue(try row("grabber", harness).control is Switch)
        XCTAssertTrue(try row("rule", harness).control is SegmentedControl)
        XCTAssertTrue(try row("estimator", harness).control is SegmentedControl)
    }

    func testDraggingASliderChangesTheParameterFromTheNextGesture() throws {
        let harness = try self.harness(SceneKind(InteractorScene.self))
        let slider = try XCTUnwrap(try row("threshold", harness).control as? Slider)
        let start = windowPoint(slider, Point(x: slider.thumbRect.midX, y: slider.thumbRect.midY), harness)
        harness.drag(from: start, by: Point(x: slider.trackRect.width * 0.3, y: 0), over: 0.2)
        let threshold = harness.lab.parameters[InteractorScene.threshold]
        XCTAssertEqual(threshold, 0.6, accuracy: 0.01, "the thumb moved 0.3 of the track from 0.3")
        XCTAssertEqual(
            harness.lab.scene.rule.readout()?.text.hasSuffix("\(fmt(threshold)): will cancel"), true,
            "the rebuilt scene runs with it")
        XCTAssertEqual(harness.topName, "modal", "the scene came back at rest with the modal up")
        XCTAssertEqual(try row("threshold", harness).control is Slider, true)
        XCTAssertEqual((try row("threshold", harness).control as? Slider)?.value ?? 0, threshold, accuracy: 1e-9)
    }

    func testASliderHeldStillChangesNothing() throws {
        let harness = try self.harness(SceneKind(PannableScene.self))
        let slider = try XCTUnwrap(try row("animationDuration", harness).control as? Slider)
        harness.tap(windowPoint(slider, Point(x: slider.thumbRect.midX, y: slider.thumbRect.midY), harness))
        XCTAssertEqual(harness.lab.parameters, SceneParameters(specs: PannableScene.info.allParameters))
    }

    /// A value beyond the slider's usual travel (`--set minimumVelocityToHide=50000`; the travel for a seed of 1500
    /// ends at 6000) is shown as it is and kept by a click on the thumb; the travel reaches to it, so a drag of the
    /// thumb starts from it and moves down the widened travel without a jump.
    func testAValueBeyondTheTravelIsShownAndKeptByAClick() throws {
        var configuration = LabConfiguration.pinned
        configuration.sceneKind = SceneKind(PannableScene.self)
        configuration.showsInspector = true
        configuration.parameterOverrides = [("minimumVelocityToHide", .number(50_000))]
        let harness = try HeadlessLab(configuration: configuration)
        harness.settle()
        let slider = try XCTUnwrap(try row("minimumVelocityToHide", harness).control as? Slider)
        XCTAssertEqual(slider.value, 50_000, "shown as it is")
        harness.tap(windowPoint(slider, Point(x: slider.thumbRect.midX, y: slider.thumbRect.midY), harness))
        XCTAssertEqual(harness.lab.parameters[PannableScene.minimumVelocityToHide], 50_000, "a click changes nothing")
        let again = try XCTUnwrap(try row("minimumVelocityToHide", harness).control as? Slider)
        let start = windowPoint(again, Point(x: again.thumbRect.midX, y: again.thumbRect.midY), harness)
        harness.drag(from: start, by: Point(x: -again.trackRect.width / 2, y: 0), over: 0.2)
        XCTAssertEqual(
            harness.lab.parameters[PannableScene.minimumVelocityToHide], 25_000, accuracy: 100,
            "half the widened travel down from 50,000")
    }

    /// A value between the slider's steps (0.41987, from --set) is not rounded to a step by a click.
    func testAClickOnTheThumbDoesNotRoundTheValue() throws {
        var configuration = LabConfiguration.pinned
        configuration.sceneKind = SceneKind(PannableScene.self)
        configuration.showsInspector = true
        configuration.parameterOverrides = [("minimumScreenRatioToHide", .number(0.41987))]
        let harness = try HeadlessLab(configuration: configuration)
        harness.settle()
        let slider = try XCTUnwrap(try row("minimumScreenRatioToHide", harness).control as? Slider)
        harness.tap(windowPoint(slider, Point(x: slider.thumbRect.midX, y: slider.thumbRect.midY), harness))
        XCTAssertEqual(harness.lab.parameters[PannableScene.minimumScreenRatioToHide], 0.41987)
    }

    func testTappingASegmentAndASwitchChangesCurveAndChoice() throws {
        let harness = try self.harness(SceneKind(SheetScene.self))
        let segments = try XCTUnwrap(try row("estimator", harness).control as? SegmentedControl)
        let width = segments.bounds.width / Double(segments.numberOfSegments)
        harness.tap(windowPoint(segments, Point(x: width * 1.5, y: segments.bounds.height / 2), harness))
        XCTAssertEqual(harness.lab.parameters.velocityEstimator, .linear)
        let toggle = try XCTUnwrap(try row("grabber", harness).control as? Switch)
        harness.tap(windowPoint(toggle, Point(x: 25, y: 15), harness))
        XCTAssertEqual(harness.lab.parameters[SheetScene.grabber], false)
        XCTAssertEqual(harness.lab.parameters.velocityEstimator, .linear, "the earlier change stays")

        let curves = try self.harness(SceneKind(InteractorScene.self))
        let curve = try XCTUnwrap(try row("curve", curves).control as? SegmentedControl)
        curves.tap(windowPoint(curve, Point(x: 10, y: 10), curves))
        XCTAssertEqual(curves.lab.parameters[InteractorScene.curve], .linear)
    }

    func testResetToSeedPutsBackEveryDefault() throws {
        let harness = try self.harness(SceneKind(FreeDragScene.self))
        var tuned = harness.lab.parameters
        try tuned.set("velocity", .number(900))
        try tuned.set("estimator", .choice("impulse"))
        harness.lab.apply(tuned)
        let reset = try panel(harness).resetButton
        harness.tap(windowPoint(reset, Point(x: 20, y: 10), harness))
        XCTAssertEqual(harness.lab.parameters, SceneParameters(specs: FreeDragScene.info.allParameters))
        XCTAssertEqual((try row("velocity", harness).control as? Slider)?.value, 1500)
    }

    func testTheExportButtonWritesTheThreeFilesAndTheHUDNamesThem() throws {
        let folder = NSTemporaryDirectory() + "inspector-export-\(getpid())/"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var configuration = LabConfiguration.pinned
        configuration.sceneKind = SceneKind(SheetScene.self)
        configuration.showsInspector = true
        configuration.exportPath = folder + "tuned.json"
        let harness = try HeadlessLab(configuration: configuration)
        harness.settle()
        let export = try panel(harness).exportButton
        harness.tap(windowPoint(export, Point(x: 20, y: 10), harness))
        XCTAssertEqual(
            harness.lab.notice,
            "exported \(folder)tuned.json, \(folder)tuned.swift and \(folder)tuned-swiftui.swift")
        for name in ["tuned.json", "tuned.swift", "tuned-swiftui.swift"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: folder + name), name)
        }
    }

    func testTheStageKeepsItsSizeWhenTheWindowIsResized() throws {
        let harness = try self.harness(SceneKind(PannableScene.self))
        harness.send(.resize(Size(width: 1200, height: 900)))
        XCTAssertEqual(harness.lab.window.bounds.size, Size(width: 375, height: 667))
        XCTAssertEqual(harness.lab.inspector?.window.bounds.size, Size(width: 825, height: 900))
        harness.send(.resize(Size(width: 700, height: 500)))
        XCTAssertEqual(harness.lab.window.bounds.size, Size(width: 375, height: 667))
        var bitmap = Bitmap(width: 1400, height: 1000)
        XCTAssertNil(harness.lab.render(into: &bitmap, scale: 2), "a new frame size is drawn whole")
    }

    func testKeyITogglesThePanelAndAsksForTheWindowThatFits() throws {
        let harness = try self.harness(SceneKind(InteractorScene.self))
        var asked: [Size] = []
        harness.lab.onWindowSizeRequest = { asked.append($0) }
        harness.key(.character("i"))
        XCTAssertFalse(harness.lab.showsInspector)
        harness.key(.character("i"))
        XCTAssertTrue(harness.lab.showsInspector)
        XCTAssertEqual(asked, [Size(width: 375, height: 667), Size(width: 375 + InspectorView.width, height: 667)])
    }

    func testAfterAReleaseThePanelListsEachEstimatorWithItsDecision() throws {
        let harness = try self.harness(SceneKind(FreeDragScene.self))
        harness.drag(from: Point(x: 187, y: 300), by: Point(x: 0, y: 200), over: 0.1)
        harness.settle()
        let verdicts = try XCTUnwrap(try panel(harness).readout.verdicts)
        XCTAssertEqual(verdicts.lines.map(\.name), VelocityEstimator.allCases.map(\.name))
        XCTAssertEqual(verdicts.lines.filter(\.used).map(\.name), ["quadratic"])
        for line in verdicts.lines {
            XCTAssertEqual(line.verdict, line.velocity >= 1500 ? "dismiss" : "back", line.name)
        }
        XCTAssertTrue(verdicts.lines.contains { $0.dismisses == true }, "a 2000 pt/s flick dismisses")
        XCTAssertNotNil(try panel(harness).readout.story)
    }

    /// A sheet on rule=nearest decides by where it is, whatever the speed: the panel judges every estimator's
    /// reading by that same rule (it used to show each a projection the sheet never uses).
    func testASheetOnTheNearestRuleIsJudgedByWhereItIsNotByAProjection() throws {
        var configuration = LabConfiguration.pinned
        configuration.sceneKind = SceneKind(SheetScene.self)
        configuration.showsInspector = true
        configuration.parameterOverrides = [("rule", .choice("nearest"))]
        let harness = try HeadlessLab(configuration: configuration)
        harness.settle()
        let top = try XCTUnwrap(harness.lab.topCardFrame).minY
        // Frames go to the trace (the story's card positions) as a host's presented frames do.
        let present = { harness.lab.didPresent(FrameReport(frameTime: harness.clock.now, renderSeconds: 0)) }
        // Speeding up, so the estimators read different speeds at the release.
        harness.press(at: Point(x: 187, y: top + 100))
        for i in 1 ... 8 {
            harness.step()
            harness.move(to: Point(x: 187, y: top + 100 + Double(i * i)))
            present()
        }
        let released = try XCTUnwrap(harness.lab.topCardFrame).minY
        harness.release()
        harness.settle(afterEach: present)
        let verdicts = try XCTUnwrap(try panel(harness).readout.verdicts)
        XCTAssertTrue(verdicts.rule.hasPrefix("nearest"), verdicts.rule)
        XCTAssertGreaterThan(Set(verdicts.lines.map(\.velocity)).count, 1, "the estimators read different speeds")
        for line in verdicts.lines {
            let y = try XCTUnwrap(Double(line.verdict.dropFirst(4)), line.verdict)
            XCTAssertEqual(y, released, accuracy: 12, "\(line.name) at \(line.velocity) pt/s: \(line.verdict)")
        }
    }
}
