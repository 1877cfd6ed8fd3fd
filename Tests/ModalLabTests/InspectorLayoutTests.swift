import XCTest
import ModalKit
@testable import ModalKitUI
@testable import ModalLab

/// The inspector's last release is readable at 1x: the motion plot goes where it is drawn largest.
final class InspectorLayoutTests: XCTestCase {
    /// Beside the estimators' text the plot was 248 points wide, a third of its 760, and its 12-point labels
    /// came out 3.9 points high; under the text, as wide as the panel's height allows, 5.5 or more.
    func testAfterAReleaseThePlotIsDrawnLargerUnderTheText() throws {
        var configuration = LabConfiguration()
        configuration.sceneType = InteractorScene.self
        configuration.showsInspector = true
        let d = try HeadlessLab(configuration: configuration)
        d.settle()
        d.drag(from: Point(x: 187, y: 300), by: Point(x: 0, y: 200), over: 0.2)
        d.settle()
        let readout = try XCTUnwrap(d.lab.inspector?.view.readout)
        XCTAssertNotNil(readout.story, "the release is shown")
        XCTAssertGreaterThanOrEqual(readout.plotSize.width * 12 / MotionPlot.size.width, 5.5, "label size in points")
        let plot = readout.plotFrame
        XCTAssertLessThanOrEqual(plot.maxY, readout.bounds.height + 1e-9, "inside the panel")
        XCTAssertGreaterThanOrEqual(plot.minY, ReleaseReadoutView.textHeight, "under the estimators' lines")
    }
}
