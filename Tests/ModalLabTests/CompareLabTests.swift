import Foundation
import ModalKit
import ModalKitTestSupport
import ModalLabDriver

@testable import ModalKitUI
import XCTest

@testable import ModalLab
@testable import ModalLabCore

/// `--compare` without an X server: one pointer reaching both stages at the same stage point, keys to both, each
/// side deciding by its own parameters, and each side's trace lines saying which side they are.
final class CompareLabTests: XCTestCase {
    private let files = TemporaryFiles()
    /// Pannable at 0.25 of the screen against 0.5: a slow 200-pt drag passes A's line (167 pt), not B's (333.5).
    private let ratios = [
        "--scene", "pannable", "--set", "minimumScreenRatioToHide=0.25", "--compare", "minimumScreenRatioToHide=0.5"
    ]

    override func tearDown() {
        files.removeAll()
        super.tearDown()
    }

    private func compare(_ arguments: [String]) throws -> (harness: HeadlessLab, lab: CompareLab) {
        let harness = try HeadlessLab(configuration: try LabConfiguration(pinnedArguments: arguments))
        return (harness, try XCTUnwrap(harness.stage as? CompareLab, "--compare runs a CompareLab"))
    }

    /// A stage's controller in front, as the trace names it.
    private func top(_ lab: Lab) -> String {
        lab.scene.traceName(for: lab.window.topViewController ?? lab.scene.root)
    }

    func testLayoutPutsBothHalvesOnTheSameStagePoint() {
        let layout = CompareLayout(stage: Size(width: 375, height: 667))
        XCTAssertEqual(layout.windowSize, Size(width: 752, height: 691))
        XCTAssertEqual(layout.stagePoint(Point(x: 100, y: 224)), Point(x: 100, y: 200))
        XCTAssertEqual(layout.stagePoint(Point(x: 477, y: 224)), Point(x: 100, y: 200))
        XCTAssertEqual(layout.stagePoint(Point(x: 376, y: 24)), Point(x: 375, y: 0), "the divider is A's edge")
        XCTAssertEqual(CompareLayout(window: Size(width: 752, height: 691)), layout)
    }

    /// Each side's HUD holds its numbers back on its own schedule: the comparison asks the host for the earlier
    /// of the two sides' frames, the one side's when only it waits, and none when neither does.
    func testTheComparisonAsksForTheEarlierOfItsSidesLaterFrames() throws {
        let (harness, lab) = try compare(ratios)
        harness.settle()
        XCTAssertNil(lab.nextFrameTime, "at rest")
        let start = Point(x: 187, y: CompareLayout.labelHeight + 250)
        func dragFrame(_ y: Double) {
            harness.move(to: start + Point(x: 0, y: y))
            harness.step()
        }
        harness.press(at: start)
        dragFrame(10)
        dragFrame(20)
        let aShown = harness.clock.now
        lab.b.hud.toggle()
        lab.b.hud.toggle()
        dragFrame(30)
        let bShown = harness.clock.now
        dragFrame(40)
        let interval = HUDSchedule.numbersInterval
        XCTAssertEqual(try XCTUnwrap(lab.a.nextFrameTime), aShown + interval, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(lab.b.nextFrameTime), bShown + interval, accuracy: 1e-9, "B refreshed later")
        XCTAssertEqual(lab.nextFrameTime, lab.a.nextFrameTime, "the earlier")
        lab.a.hud.toggle()
        XCTAssertEqual(lab.nextFrameTime, lab.b.nextFrameTime, "only B waits")
        lab.b.hud.toggle()
        XCTAssertNil(lab.nextFrameTime, "neither waits")
    }

    func testADragOnBsHalfMovesBothCardsAlike() throws {
        let (harness, lab) = try compare(ratios)
        harness.settle()
        let start = Point(x: lab.layout.stageBX + 187, y: CompareLayout.labelHeight + 250)
        harness.drag(from: start, by: Point(x: 0, y: 120), over: 0.5, release: false)
        let a = try XCTUnwrap(lab.a.topCardFrame), b = try XCTUnwrap(lab.b.topCardFrame)
        XCTAssertEqual(b.minY, 120, accuracy: 0.5, "B's card follows the pointer")
        XCTAssertEqual(a, b, "A got the drag at the same stage point")
    }

    func testADragOnAsHalfMovesBothCardsAlike() throws {
        let (harness, lab) = try compare(ratios)
        harness.settle()
        harness.drag(
            from: Point(x: 187, y: CompareLayout.labelHeight + 250), by: Point(x: 0, y: 90), over: 0.5,
            release: false)
        XCTAssertEqual(try XCTUnwrap(lab.a.topCardFrame).minY, 90, accuracy: 0.5)
        XCTAssertEqual(lab.a.topCardFrame, lab.b.topCardFrame)
    }

    func testKeysReachBothStages() throws {
        let (harness, lab) = try compare(ratios)
        harness.settle()
        harness.key(.escape)
        harness.settle()
        XCTAssertEqual([top(lab.a), top(lab.b)], ["presenting", "presenting"], "Escape dismissed both")
        harness.key(.space)
        harness.settle()
        XCTAssertEqual([top(lab.a), top(lab.b)], ["modal", "modal"], "Space presented both again")
    }

    func testOneSlowDragDecidesByEachSidesRatio() throws {
        let trace = files.path("compare-trace.jsonl")
        let (harness, lab) = try compare(ratios + ["--trace", trace])
        harness.settle()
        harness.drag(
            from: Point(x: 187, y: CompareLayout.labelHeight + 250), by: Point(x: 0, y: 200), over: 1)
        XCTAssertTrue(harness.settle())
        XCTAssertEqual(top(lab.a), "presenting", "200 pt is past A's 0.25 of the screen")
        XCTAssertEqual(top(lab.b), "modal", "200 pt is short of B's 0.5")
        lab.finish()
        let settled = try jsonLines(trace).filter { $0["type"] as? String == "settled" }
        XCTAssertEqual(settled.last { $0["side"] as? String == "a" }?["top"] as? String, "presenting")
        XCTAssertEqual(settled.last { $0["side"] as? String == "b" }?["top"] as? String, "modal")
    }

    func testEveryTraceLineNamesItsSideThird() throws {
        let trace = files.path("compare-sides.jsonl")
        let (harness, lab) = try compare(ratios + ["--trace", trace])
        harness.drag(from: Point(x: 187, y: 300), by: Point(x: 0, y: 60), over: 0.3)
        harness.settle { harness.render() }
        lab.finish()
        let lines = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n")
        let side = try NSRegularExpression(pattern: #"^\{"t":[^,]+,"type":"[a-z_]+","side":"([ab])""#)
        var sides: [String: Int] = [:]
        for line in lines {
            let text = String(line)
            let match = side.firstMatch(in: text, range: NSRange(text.startIndex..., in: text))
            let range = try XCTUnwrap(match.flatMap { Range($0.range(at: 1), in: text) }, "no side: \(text)")
            sides[String(text[range]), default: 0] += 1
        }
        XCTAssertEqual(Set(sides.keys), ["a", "b"])
        XCTAssertEqual(sides["a"], sides["b"], "both stages write the same kinds of line: \(sides)")
    }

    /// The host's frame report and its shown report reach both stages whole: each side's `frame` and `shown`
    /// lines carry the host's number, instants and timings (README's trace fields: milliseconds to 3 and 2 places,
    /// instants to 6).
    func testTheHostsFrameReportsReachBothSidesWhole() throws {
        let trace = files.path("compare-reports.jsonl")
        let (harness, lab) = try compare(ratios + ["--trace", trace])
        harness.render()
        harness.stage.didPresent(
            FrameReport(
                frameTime: harness.clock.now, renderSeconds: 0.00125, presentSeconds: 0.0005, index: 7,
                presentedAt: 12.345678))
        harness.stage.didShow(FrameShown(index: 7, msc: 99, shownAt: 12.36, missed: 1, lead: 0.004))
        lab.finish()
        let lines = LabTrace(path: trace).events(from: 0)
        for side in ["a", "b"] {
            let frame = try XCTUnwrap(lines.last { $0.type == "frame" && $0.string("side") == side }, side)
            XCTAssertEqual(frame.number("index"), 7, side)
            XCTAssertEqual(frame.number("presented_at"), 12.345678, side)
            XCTAssertEqual(frame.number("render_ms"), 1.25, side)
            XCTAssertEqual(frame.number("present_ms"), 0.5, side)
            let shown = try XCTUnwrap(lines.last { $0.type == "shown" && $0.string("side") == side }, side)
            let fields = ["frame", "msc", "shown_at", "missed", "lead_ms"].map { shown.number($0) }
            XCTAssertEqual(fields, [7, 99, 12.36, 1, 4], side)
        }
    }

    func testALabAloneWritesNoSide() throws {
        let trace = files.path("alone.jsonl")
        let harness = try HeadlessLab(pinnedScene: SceneKind(PannableScene.self), tracePath: trace)
        harness.settle { harness.render() }
        harness.lab.finish()
        let text = try String(contentsOfFile: trace, encoding: .utf8)
        XCTAssertFalse(text.isEmpty)
        XCTAssertFalse(text.contains("\"side\""))
    }

    func testLabelsNameWhatDiffers() throws {
        let (_, lab) = try compare(ratios)
        XCTAssertEqual(lab.a.parameters.value("minimumScreenRatioToHide"), .number(0.25))
        XCTAssertEqual(lab.b.parameters.value("minimumScreenRatioToHide"), .number(0.5))
        let difference = CompareDifference(a: lab.a, b: lab.b)
        XCTAssertEqual(difference.a, "A · minimumScreenRatioToHide 0.25")
        XCTAssertEqual(difference.b, "B · minimumScreenRatioToHide 0.5")
    }

    func testSceneSpecRunsAnotherSceneOnB() throws {
        let (_, lab) = try compare(["--scene", "pannable", "--compare", "scene=sheet"])
        XCTAssertTrue(lab.a.scene is PannableScene)
        XCTAssertTrue(lab.b.scene is SheetScene)
        XCTAssertEqual(lab.title, "ModalLab — pannable vs sheet")
        let difference = CompareDifference(a: lab.a, b: lab.b)
        XCTAssertEqual([difference.a, difference.b], ["A · scene pannable", "B · scene sheet"])
    }

    /// Where `view` of B's inspector panel is in the compare window, at `point` of its own.
    private func panelPoint(_ view: View, _ point: Point, _ lab: CompareLab) -> Point {
        let p = view.convertToWindow(point)
        return Point(x: lab.layout.stageBX + lab.layout.stage.width + p.x, y: CompareLayout.labelHeight + p.y)
    }

    func testTheInspectorTunesBAloneAndTheLabelFollows() throws {
        let trace = files.path("inspector.jsonl")
        let (harness, lab) = try compare(["--compare", "threshold=0.5", "--inspector", "--trace", trace])
        harness.settle()
        XCTAssertNil(lab.a.inspector)
        XCTAssertEqual(lab.windowSize, Size(width: 752 + InspectorView.width, height: 691))
        let row = try XCTUnwrap(lab.b.inspector?.view.rows.first { $0.spec.name == "threshold" })
        let slider = try XCTUnwrap(row.control as? Slider)
        let start = panelPoint(slider, Point(x: slider.thumbRect.midX, y: slider.thumbRect.midY), lab)
        harness.drag(from: start, by: Point(x: slider.trackRect.width * 0.3, y: 0), over: 0.2)
        harness.settle()
        XCTAssertEqual(lab.b.parameters[InteractorScene.threshold], 0.8, accuracy: 0.01, "0.3 of the track from 0.5")
        XCTAssertEqual(lab.a.parameters[InteractorScene.threshold], 0.3, "A is not tuned")
        XCTAssertEqual(harness.topName, "modal", "A's modal stayed up: the drag on the panel was B's alone")
        let label = CompareDifference(a: lab.a, b: lab.b).b
        XCTAssertTrue(label.hasPrefix("B · threshold 0.8"), label)
        lab.didPresent(FrameReport(frameTime: harness.clock.now, renderSeconds: 0))
        lab.finish()
        let pointersOfA = try jsonLines(trace).filter { $0["side"] as? String == "a" }.compactMap {
            $0["pointer"] as? [Double]
        }
        XCTAssertEqual(pointersOfA, [], "A never saw the presses on B's panel")
    }

    func testKeyIOpensBsInspectorAndAsksForTheWiderWindow() throws {
        let (harness, lab) = try compare(["--compare", "threshold=0.5"])
        var asked: [Size] = []
        lab.onWindowSizeRequest = { asked.append($0) }
        harness.key(.character("i"))
        XCTAssertNotNil(lab.b.inspector)
        XCTAssertNil(lab.a.inspector)
        XCTAssertEqual(asked, [Size(width: 752 + InspectorView.width, height: 691)])
        harness.send(.resize(asked[0]))
        XCTAssertEqual(lab.layout.stage, Size(width: 375, height: 667), "the stages keep their size")
        XCTAssertEqual(harness.render().width, 752 + Int(InspectorView.width))
        harness.key(.character("i"))
        XCTAssertEqual(asked.last, Size(width: 752, height: 691))
    }

    func testConfigFileSpecAppliesItsValues() throws {
        let path = files.path("b.json")
        try #"{"minimumScreenRatioToHide": 0.3}"#.write(toFile: path, atomically: true, encoding: .utf8)
        let (_, lab) = try compare(["--scene", "pannable", "--compare", path])
        XCTAssertEqual(lab.a.parameters.value("minimumScreenRatioToHide"), .number(0.5))
        XCTAssertEqual(lab.b.parameters.value("minimumScreenRatioToHide"), .number(0.3))
    }

    func testWindowIsBothStagesAndTheBand() throws {
        let configuration = try LabConfiguration(pinnedArguments: ratios + ["--size", "300x500"])
        XCTAssertEqual(configuration.windowSize, Size(width: 602, height: 524))
        let (harness, _) = try compare(ratios + ["--size", "300x500"])
        let frame = harness.render(scale: 2)
        XCTAssertEqual([frame.width, frame.height], [1204, 1048])
    }

    /// Both stages mid-drag with their HUDs: the labels over them, the same card position, and each rule's own
    /// verdict (A's line at 166.75 pt is passed, B's at 333.5 is not).
    func testMidDragMatchesGolden() throws {
        let (harness, _) = try compare(ratios)
        harness.settle()
        harness.drag(
            from: Point(x: 187, y: CompareLayout.labelHeight + 250), by: Point(x: 0, y: 180), over: 0.5,
            release: false)
        harness.steps(20)
        assertMatchesGolden(harness.render(), named: "lab-compare-pannable-drag180@1x")
    }

    /// A compare session recorded headless: the 200-pt drag on B's half, released, to rest.
    private func recordDrag() throws -> String {
        let recording = files.path("compare.rec.jsonl")
        let (harness, lab) = try compare(ratios + ["--record", recording])
        harness.settle()
        harness.drag(
            from: Point(x: lab.layout.stageBX + 187, y: CompareLayout.labelHeight + 250), by: Point(x: 0, y: 200),
            over: 1)
        harness.settle()
        lab.finish()
        return recording
    }

    func testAReplayDecidesAsTheSessionDidAndShootsTheWholeWindow() throws {
        let recording = try recordDrag()
        let session = try XCTUnwrap(try jsonLines(recording).first?["args"] as? [String])
        XCTAssertEqual(session.suffix(2), ["--compare", "minimumScreenRatioToHide=0.5"])
        let trace = files.path("replay.jsonl"), shot = files.path("replay.png")
        let arguments = ratios + ["--headless", "--replay", recording, "--trace", trace, "--screenshot", shot]
        XCTAssertEqual(
            try HeadlessRun.run(
                try LabConfiguration(pinnedArguments: arguments), replay: try Recording.read(from: recording)), 0)
        let settled = try jsonLines(trace).filter { $0["type"] as? String == "settled" }
        XCTAssertEqual(settled.last { $0["side"] as? String == "a" }?["top"] as? String, "presenting")
        XCTAssertEqual(settled.last { $0["side"] as? String == "b" }?["top"] as? String, "modal")
        let png = try PNG.read(from: shot)
        XCTAssertEqual([png.width, png.height], [752, 691], "both stages and the band")
    }

    func testAReplayMustCompareAsTheSessionDid() throws {
        let recording = try recordDrag()
        let replay = try Recording.read(from: recording)
        let other = try LabConfiguration(pinnedArguments: ratios.dropLast() + ["minimumScreenRatioToHide=0.6"])
        XCTAssertThrowsError(try replay.checkCompare(other, path: "r")) {
            XCTAssertEqual(
                "\($0)", "recording r was made with --compare 'minimumScreenRatioToHide=0.5': replay it with the same")
        }
        XCTAssertThrowsError(try replay.checkCompare(LabConfiguration.pinned, path: "r"))
        XCTAssertNoThrow(try replay.checkCompare(try LabConfiguration(pinnedArguments: ratios), path: "r"))
    }

    func testARenderBuildsBothStagesFromTheSessionLine() throws {
        let recording = try recordDrag()
        let folder = files.path("frames")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Without the HUD: its render time reads 0 in a video and the machine's own time in a screenshot.
        XCTAssertEqual(RenderCommand.run([recording, folder + "/", "--no-hud"]), 0)
        let frames = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        XCTAssertGreaterThan(frames.count, 60, "a second of drag and the rest after it")
        let last = try PNG.read(from: folder + "/" + (frames.last ?? ""))
        let shot = files.path("render-shot.png")
        let arguments = ratios + ["--headless", "--replay", recording, "--screenshot", shot, "--no-hud"]
        _ = try HeadlessRun.run(
            try LabConfiguration(pinnedArguments: arguments), replay: try Recording.read(from: recording))
        XCTAssertEqual(last.pixels, try PNG.read(from: shot).pixels, "the render's last frame is the screenshot")
    }

    func testTheExportWritesBsParameters() throws {
        let export = files.path("b.json")
        files.path("b.swift")
        let arguments = ["--compare", "threshold=0.5", "--headless", "--export", export]
        XCTAssertEqual(try HeadlessRun.run(try LabConfiguration(pinnedArguments: arguments), replay: nil), 0)
        let data = try Data(contentsOf: URL(fileURLWithPath: export))
        let written = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        XCTAssertEqual(written["threshold"] as? Double, 0.5)
    }

    func testAPlotOfACompareTraceIsOfStageA() throws {
        let trace = try MotionTrace.parse(
            """
            {"t":0.1,"type":"frame","side":"a","phase":"idle","progress":null,"card":[0,10,375,667]}
            {"t":0.1,"type":"frame","side":"b","phase":"idle","progress":null,"card":[0,99,375,667]}
            """)
        XCTAssertEqual(trace.frames.map { $0.card?.minY }, [10])
    }

    func testAResizeSharesTheWindowBetweenTheStages() throws {
        let (harness, lab) = try compare(ratios)
        harness.send(.resize(Size(width: 952, height: 791)))
        XCTAssertEqual(lab.layout.stage, Size(width: 475, height: 767))
        XCTAssertEqual([lab.a.window.bounds.size, lab.b.window.bounds.size], [lab.layout.stage, lab.layout.stage])
        let frame = harness.render()
        XCTAssertEqual([frame.width, frame.height], [952, 791])
    }
}
