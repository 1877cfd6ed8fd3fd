import ModalKitTestSupport
import ModalLabDriver
import XCTest

/// Ctrl + wheel pinches the zoom scene's photo under Xvfb with real XTest input (Ctrl held, wheel clicks toward
/// the user, Ctrl let go): through the X server, the XI2 events' modifiers and the host's Ctrl-scroll pinch.
/// Xvfb has no touchpad or touchscreen: their translations are tested from synthetic events (PinchInputTests).
final class SceneZoomPinchXTests: LabXTestCase {
    /// XK_Control_L.
    private let control: Int32 = 0xFFE3

    /// Holds Ctrl and clicks the wheel toward the user `clicks` times at (187, 330), 40 ms apart, then lets go.
    private func ctrlWheel(_ lab: LabSession, clicks: Int) {
        lab.move(to: (187, 330))
        XCTAssertTrue(lab.client.setKey(control, down: true, delayMilliseconds: 20))
        for _ in 0 ..< clicks {
            lab.client.setButton(5, down: true, delayMilliseconds: 40)
            lab.client.setButton(5, down: false)
        }
        lab.client.setKey(control, down: false, delayMilliseconds: 40)
    }

    /// Twelve clicks: 1.1⁻¹² = 0.32 of the spread, the page at 0.35 (taken after the first click) lands.
    func testCtrlWheelPinchesThePhotoOntoItsCell() throws {
        let lab = try launch("zoom")
        let mark = lab.trace.mark
        ctrlWheel(lab, clicks: 12)
        XCTAssertEqual(lab.expectRest(from: mark).top, "presenting", lab.summary(from: mark))
        let frames = lab.trace.events(from: mark, type: "frame")
        XCTAssertTrue(frames.contains { $0.string("gesture") == "pinch" }, lab.summary(from: mark))
    }

    /// Three clicks: the page at 1.1⁻² = 0.83 springs back.
    func testAShortCtrlWheelPinchSpringsBack() throws {
        let lab = try launch("zoom")
        let mark = lab.trace.mark
        ctrlWheel(lab, clicks: 3)
        let rest = lab.expectRest(from: mark)
        XCTAssertEqual(rest.top, "detail", lab.summary(from: mark))
        XCTAssertEqual(rest.lastFrame?.card ?? [], [0, 0, 375, 667], lab.summary(from: mark))
        let frames = lab.trace.events(from: mark, type: "frame")
        XCTAssertTrue(frames.contains { $0.string("phase") == "cancelling" }, lab.summary(from: mark))
        XCTAssertTrue(frames.contains { $0.string("gesture") == "pinch" }, lab.summary(from: mark))
    }
}
