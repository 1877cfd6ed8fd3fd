import ModalKitTestSupport
import ModalLabDriver
import Foundation
import Testing

/// Ctrl + wheel pinches the zoom scene's photo under Xvfb with real XTest input (Ctrl held, wheel clicks toward
/// the user, Ctrl let go): through the X server, the XI2 events' modifiers and the host's Ctrl-scroll pinch.
/// Xvfb has no touchpad or touchscreen: their translations are tested from synthetic events (PinchInputTests).
@Suite final class SceneZoomPinchXTests: LabXTestCase {
    /// XK_Control_L.
    private let control: Int32 = 0xFFE3

    /// Holds Ctrl and clicks the wheel toward the user `clicks` times at (187, 330), 40 ms apart, then lets go.
    private func ctrlWheel(_ lab: LabSession, clicks: Int) {
        lab.move(to: (187, 330))
        #expect(lab.client.setKey(control, down: true, delayMilliseconds: 20))
        for _ in 0 ..< clicks {
            lab.client.setButton(5, down: true, delayMilliseconds: 40)
            lab.client.setButton(5, down: false)
        }
        lab.client.setKey(control, down: false, delayMilliseconds: 40)
    }

    /// Twelve clicks: 1.1⁻¹² = 0.32 of the spread, the page at 0.35 (taken after the first click) lands.
    @Test func testCtrlWheelPinchesThePhotoOntoItsCell() throws {
        let lab = try launch("zoom")
        let mark = lab.trace.mark
        ctrlWheel(lab, clicks: 12)
        #expect(lab.expectRest(from: mark).top == "presenting", Comment(rawValue: lab.summary(from: mark)))
        let frames = lab.trace.events(from: mark, type: "frame")
        #expect(frames.contains { $0.string("gesture") == "pinch" }, Comment(rawValue: lab.summary(from: mark)))
    }

    /// Three clicks: the page at 1.1⁻² = 0.83 springs back.
    @Test func testAShortCtrlWheelPinchSpringsBack() throws {
        let lab = try launch("zoom")
        let mark = lab.trace.mark
        ctrlWheel(lab, clicks: 3)
        let rest = lab.expectRest(from: mark)
        #expect(rest.top == "detail", Comment(rawValue: lab.summary(from: mark)))
        #expect(rest.lastFrame?.card ?? [] == [0, 0, 375, 667], Comment(rawValue: lab.summary(from: mark)))
        let frames = lab.trace.events(from: mark, type: "frame")
        #expect(frames.contains { $0.string("phase") == "cancelling" }, Comment(rawValue: lab.summary(from: mark)))
        #expect(frames.contains { $0.string("gesture") == "pinch" }, Comment(rawValue: lab.summary(from: mark)))
    }
}
