import XCTest
import ModalKit
@testable import ModalLab
@testable import ModalLabCore

/// The plot's labels never lie over its lines: the release's label and the boxed legend go where neither the card's
/// line nor the pointer's runs. The sheet inspector's plot had "release → finish" across both lines.
final class PlotLabelPlacementTests: XCTestCase {
    /// The sheet's inspector after a flick (as its golden), its plot laid out for the readout's room.
    func testTheSheetInspectorsReleaseLabelCrossesNoLine() throws {
        var configuration = LabConfiguration.pinned
        configuration.sceneKind = SceneKind(SheetScene.self)
        configuration.showsInspector = true
        let harness = try HeadlessLab(configuration: configuration)
        var bitmap = Bitmap(width: Int(harness.lab.windowSize.width), height: Int(harness.lab.windowSize.height))
        let frame = {
            harness.lab.render(into: &bitmap, scale: 1)
            harness.lab.didPresent(FrameReport(frameTime: harness.clock.now, renderSeconds: 0))
        }
        harness.settle(afterEach: frame)
        harness.drag(from: Point(x: 187, y: 420), by: Point(x: 0, y: 180), over: 0.1, afterEach: frame)
        harness.settle(afterEach: frame)
        harness.steps(10, afterEach: frame)
        let readout = try XCTUnwrap(harness.lab.inspector?.view.readout)
        let story = try XCTUnwrap(readout.story)
        assertLabelClear(story, layout: .compact(readout.plotSize))
    }

    /// A drag whose lines run along the panel's bottom right, where the label used to go, and through its top
    /// right, where the boxed legend used to go: both clear of the lines, in the plot file's layout and the
    /// inspector's.
    func testLabelsMoveOffLinesAlongTheirUsualPlaces() throws {
        var lines = [#"{"t":0,"type":"scene","name":"pannable","threshold_y":333.5,"velocity_threshold":1500}"#]
        // The card goes down 600 pt in 0.3 s, rests there, and springs back to the top in the last quarter (through
        // the top right); the finger, let go at frame 20, stays 10 pt above the bottom (along the bottom right).
        for i in 0 ... 42 {
            let t = 1 + Double(i) / 60
            let y = i <= 28 ? min(Double(i) / 18, 1) * 600 : 600 * (1 - Double(i - 28) / 14)
            let pointer = i <= 20 ? y + 100 : 690
            lines.append(
                #"{"t":\#(t),"type":"frame","phase":"interactive","progress":0.5,"card":[0,\#(y),375,667],"#
                    + #""render_ms":1,"present_ms":0,"pointer":[187,\#(pointer)]}"#)
            if i == 0 {
                lines.append(#"{"t":1,"type":"gesture","state":"began","translation":[0,0],"velocity":[0,0]}"#)
            }
            if i == 20 {
                lines.append(
                    #"{"t":\#(t),"type":"gesture","state":"ended","translation":[0,600],"velocity":[0,2000]}"#)
                lines.append(
                    #"{"t":\#(t),"type":"transition","event":"began","kind":"dismiss","interactive":false}"#)
            }
        }
        let story = try ReleaseStory(MotionTrace.parse(lines.joined(separator: "\n")))
        assertLabelClear(story, layout: .full)
        assertLabelClear(story, layout: .compact(Size(width: 260, height: 200)))
        let series = PlotSeries(story)
        let (time, position, _) = MotionPlot.axes(series, .full)
        let canvas = Canvas(bitmap: Bitmap(width: 1, height: 1), scale: 1)
        let drawn = series.positionLines(time: time, position: position)
        let legend: [PlotLegend.Entry] = [
            ("card top", MotionPlot.cardColor, .line),
            ("pointer (held where it grabbed)", MotionPlot.pointerColor, .line)
        ]
        let box = PlotLegend.boxFrame(
            legend, in: PlotLayout.full.positionPanel, left: time.from, right: time.to, avoiding: drawn,
            font: PlotLayout.full.font, canvas: canvas)
        XCTAssertEqual(
            PlotLegend.crossings(of: box.insetBy(dx: -3, dy: -3), drawn), 0, "the legend box \(box) is clear")
    }

    private func assertLabelClear(
        _ story: ReleaseStory, layout: PlotLayout, file: StaticString = #filePath, line: UInt = #line
    ) {
        let series = PlotSeries(story)
        let (time, position, _) = MotionPlot.axes(series, layout)
        let canvas = Canvas(bitmap: Bitmap(width: 1, height: 1), scale: 1)
        guard let label = series.releaseLabelFrame(time: time, position: position, layout, canvas: canvas) else {
            return XCTFail("no release label", file: file, line: line)
        }
        let panel = layout.positionPanel
        XCTAssertGreaterThanOrEqual(label.minY, panel.top, "inside the panel", file: file, line: line)
        XCTAssertLessThanOrEqual(label.maxY, panel.bottom, "inside the panel", file: file, line: line)
        let drawn = series.positionLines(time: time, position: position)
        XCTAssertGreaterThan(drawn[0].count, 2, file: file, line: line)
        XCTAssertEqual(
            PlotLegend.crossings(of: label.insetBy(dx: -3, dy: -3), drawn), 0,
            "label \(label) is within 3 pt of a line",
            file: file, line: line)
        // The check itself: a rectangle over the card's line is seen as crossing it.
        let mid = drawn[0][drawn[0].count / 2]
        XCTAssertGreaterThan(
            PlotLegend.crossings(of: Rect(x: mid.x - 2, y: mid.y - 2, width: 4, height: 4), drawn), 0, file: file,
            line: line)
    }
}
