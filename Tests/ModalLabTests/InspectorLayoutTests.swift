import XCTest
import ModalKit
@testable import ModalKitUI
@testable import ModalLab
@testable import ModalLabCore

/// The inspector's last release is readable at 1x: the motion plot is laid out for its room with 10-point text.
final class InspectorLayoutTests: XCTestCase {
    /// Before, the full 760-point plot was shrunk to the 248 points beside the estimators' text: its 12-point
    /// labels came out 3.9 points high. Now it is laid out for the room under the text, its text at 10 points.
    func testAfterAReleaseThePlotIsLaidOutForItsRoomWithReadableText() throws {
        var configuration = LabConfiguration.pinned
        configuration.sceneKind = SceneKind(InteractorScene.self)
        configuration.showsInspector = true
        let d = try HeadlessLab(configuration: configuration)
        d.settle()
        d.drag(from: Point(x: 187, y: 300), by: Point(x: 0, y: 200), over: 0.2)
        d.settle()
        let readout = try XCTUnwrap(d.lab.inspector?.view.readout)
        XCTAssertNotNil(readout.story, "the release is shown")
        let plot = readout.plotFrame
        XCTAssertEqual(plot.width, readout.bounds.width, "the panel's full width")
        XCTAssertGreaterThanOrEqual(plot.minY, ReleaseReadoutView.textHeight, "under the estimators' lines")
        XCTAssertLessThanOrEqual(plot.maxY, readout.bounds.height + 1e-9, "inside the panel")
        XCTAssertGreaterThanOrEqual(
            try valueLabelHeight(d, readout), 7,
            "dark rows of a digit at 1x (the full plot shrunk into the room gives 1)")
    }

    /// The tallest run of dark rows in the plot's value-label margin, as the inspector's window draws it.
    private func valueLabelHeight(_ d: HeadlessLab, _ readout: ReleaseReadoutView) throws -> Int {
        let window = try XCTUnwrap(d.lab.inspector?.window)
        var bitmap = Bitmap(width: Int(window.bounds.width), height: Int(window.bounds.height))
        window.render(into: &bitmap, scale: 1)
        let origin = readout.convertToWindow(readout.plotFrame.origin)
        let columns = Int(origin.x) + 2 ..< Int(origin.x) + 36
        var best = 0, run = 0
        for y in Int(origin.y) ..< Int(origin.y + readout.plotFrame.height) {
            run = columns.contains { x in bitmap[x, y] & 0xFF < 0x90 } ? run + 1 : 0
            best = max(best, run)
        }
        return best
    }
}
