import CX11
import CXi
import Foundation
import ModalKitBase
@testable import ModalKitX11
import XCTest

/// The pinch and touch translations, from XI2 events and core events built in memory (Xvfb has no touchpad or
/// touchscreen, and XTest cannot make either): a touchpad's pinch gesture, Ctrl + wheel and Ctrl + touchpad scroll
/// as a pinch, and a touchscreen's first touch as the pointer.
final class PinchInputTests: XCTestCase {
    private func gesture(_ type: Int32, x: Double, y: Double, scale: Double, flags: Int32 = 0) -> XIGesturePinchEvent {
        var e = XIGesturePinchEvent()
        e.evtype = type
        e.event_x = x
        e.event_y = y
        e.scale = scale
        e.flags = flags
        return e
    }

    private func touch(_ type: Int32, id: Int32, x: Double, y: Double) -> XIDeviceEvent {
        var e = XIDeviceEvent()
        e.evtype = type
        e.detail = id
        e.event_x = x
        e.event_y = y
        return e
    }

    func testATouchpadPinchBeginsChangesAndEndsInPointsWithTheServersScale() {
        let events = [
            gesture(XI_GesturePinchBegin, x: 200, y: 300, scale: 1),
            gesture(XI_GesturePinchUpdate, x: 210, y: 320, scale: 0.8),
            gesture(XI_GesturePinchEnd, x: 210, y: 320, scale: 0.6)
        ].map { GesturePinch.translate($0, scale: 2, time: 1.5) }
        XCTAssertEqual(
            events,
            [
                .pinch(.began, scale: 1, center: Point(x: 100, y: 150), time: 1.5),
                .pinch(.changed, scale: 0.8, center: Point(x: 105, y: 160), time: 1.5),
                .pinch(.ended, scale: 0.6, center: Point(x: 105, y: 160), time: 1.5)
            ])
    }

    func testATouchpadPinchTheServerCancelsEndsCancelled() {
        let end = gesture(
            XI_GesturePinchEnd, x: 10, y: 10, scale: 0.7, flags: Int32(XIGesturePinchEventCancelled))
        XCTAssertEqual(
            GesturePinch.translate(end, scale: 1, time: 0),
            .pinch(.cancelled, scale: 0.7, center: Point(x: 10, y: 10), time: 0))
    }

    func testAPinchAtNoNumberOrOfAnotherTypeIsDropped() {
        XCTAssertNil(GesturePinch.translate(gesture(XI_GesturePinchUpdate, x: .nan, y: 1, scale: 1), scale: 1, time: 0))
        XCTAssertNil(
            GesturePinch.translate(gesture(XI_GesturePinchUpdate, x: 1, y: 1, scale: .infinity), scale: 1, time: 0))
        XCTAssertNil(GesturePinch.translate(gesture(XI_GesturePinchUpdate, x: 1, y: 1, scale: 0), scale: 1, time: 0))
        XCTAssertNil(GesturePinch.translate(gesture(XI_GestureSwipeBegin, x: 1, y: 1, scale: 1), scale: 1, time: 0))
    }

    func testTheFirstTouchDrivesThePointerAndASecondIsIgnored() {
        var pointer = TouchPointer()
        let events = [
            touch(XI_TouchBegin, id: 7, x: 100, y: 100),
            touch(XI_TouchBegin, id: 8, x: 300, y: 100),
            touch(XI_TouchUpdate, id: 8, x: 310, y: 100),
            touch(XI_TouchUpdate, id: 7, x: 100, y: 140),
            touch(XI_TouchEnd, id: 8, x: 310, y: 100),
            touch(XI_TouchEnd, id: 7, x: 100, y: 160),
            touch(XI_TouchBegin, id: 8, x: 50, y: 60)
        ].map { pointer.translate($0, scale: 2, time: 3) }
        XCTAssertEqual(
            events,
            [
                .pointerDown(Point(x: 50, y: 50), time: 3), nil, nil, .pointerMove(Point(x: 50, y: 70), time: 3), nil,
                .pointerUp(Point(x: 50, y: 80), time: 3), .pointerDown(Point(x: 25, y: 30), time: 3)
            ])
    }

    func testPinchGesturesAreSelectedOnlyFromXInput24() {
        let older = XInput2.selectedEvents(major: 2, minor: 2)
        let newer = XInput2.selectedEvents(major: 2, minor: 4)
        XCTAssertFalse(older.contains(XI_GesturePinchBegin))
        XCTAssertTrue(older.contains(XI_TouchBegin) && older.contains(XI_TouchUpdate) && older.contains(XI_TouchEnd))
        for type in [XI_GesturePinchBegin, XI_GesturePinchUpdate, XI_GesturePinchEnd] {
            XCTAssertTrue(newer.contains(type))
        }
    }

    func testCtrlIsReadFromAnXI2EventsEffectiveModifiers() {
        var e = XIDeviceEvent()
        e.mods.effective = Int32(ControlMask | ShiftMask)
        XCTAssertTrue(XInput2.holdsControl(e))
        e.mods.effective = Int32(ShiftMask)
        XCTAssertFalse(XInput2.holdsControl(e))
    }

    // MARK: Ctrl + wheel

    private func translator() -> EventTranslator {
        EventTranslator(scale: 2, window: 1, protocolsAtom: 2, deleteWindowAtom: 3, sizeInPixels: (750, 1334))
    }

    private func button(_ number: UInt32, control: Bool, ms: Int, x: Int32 = 100, y: Int32 = 200) -> XEvent {
        var event = XEvent()
        event.xbutton.type = ButtonPress
        event.xbutton.button = number
        event.xbutton.state = control ? UInt32(ControlMask) : 0
        event.xbutton.time = Time(ms)
        event.xbutton.x = x
        event.xbutton.y = y
        return event
    }

    private func motion(control: Bool, ms: Int) -> XEvent {
        var event = XEvent()
        event.xmotion.type = MotionNotify
        event.xmotion.state = control ? UInt32(ControlMask) : 0
        event.xmotion.time = Time(ms)
        event.xmotion.x = 120
        event.xmotion.y = 200
        return event
    }

    /// Everything `events` mean, pending ones included.
    private func all(_ translator: inout EventTranslator, _ events: [XEvent]) -> [InputEvent] {
        var result: [InputEvent] = []
        for event in events {
            if let first = translator.translate(event) { result.append(first) }
            while let more = translator.takePending() { result.append(more) }
        }
        return result
    }

    func testCtrlWheelClicksPinchByAStepOf1_1AndOtherInputEndsThePinch() {
        var t = translator()
        let events = all(
            &t,
            [
                button(5, control: true, ms: 1000), button(5, control: true, ms: 1050),
                motion(control: true, ms: 1060), button(4, control: true, ms: 1100), motion(control: false, ms: 1200)
            ])
        let center = Point(x: 50, y: 100)
        XCTAssertEqual(events.count, 6, "\(events)")
        guard events.count == 6 else { return }
        // Toward you closes the pinch, as Ctrl + wheel down zooms out in a browser: ÷1.1 a click.
        assertPinch(events[0], .began, 1 / 1.1, center, 1.0)
        assertPinch(events[1], .changed, 1 / 1.21, center, 1.05)
        XCTAssertEqual(events[2], .pointerMove(Point(x: 60, y: 100), time: 1.06), "a move with Ctrl held goes on")
        assertPinch(events[3], .changed, 1 / 1.1, center, 1.1)
        assertPinch(events[4], .ended, 1 / 1.1, center, 1.2)
        XCTAssertEqual(events[5], .pointerMove(Point(x: 60, y: 100), time: 1.2))
    }

    func testACtrlWheelPinchEndsAfterAQuietGapOnTheHostsClockStampedOnTheServers() {
        var t = translator()
        var hostClock = 100.0
        t.hostNow = { hostClock }
        XCTAssertEqual(all(&t, [button(5, control: true, ms: 2000)]).count, 1)
        XCTAssertEqual(t.controlPinchDeadline ?? 0, 100.3, accuracy: 1e-12)
        hostClock = 100.29
        XCTAssertNil(t.endQuietControlPinch(now: hostClock), "not quiet long enough")
        hostClock = 100.31
        assertPinch(t.endQuietControlPinch(now: hostClock), .ended, 1 / 1.1, Point(x: 50, y: 100), 2.31)
        XCTAssertNil(t.controlPinchDeadline, "ended once")
        XCTAssertNil(t.endQuietControlPinch(now: 200))
    }

    func testAWheelWithoutCtrlStillScrolls() {
        var t = translator()
        XCTAssertEqual(
            all(&t, [button(5, control: false, ms: 10)]),
            [.scroll(delta: Point(x: 0, y: 48), at: Point(x: 50, y: 100), time: 0.01, precise: false)])
    }

    func testAPreciseCtrlScrollScalesByExpOfMinusDyOver250() {
        var pinch = ControlScrollPinch()
        let first = pinch.scroll(delta: Point(x: 0, y: 25), at: Point(x: 5, y: 6), time: 1, precise: true)
        let second = pinch.scroll(delta: Point(x: 0, y: -50), at: Point(x: 9, y: 9), time: 1.01, precise: true)
        XCTAssertEqual(first.count, 1)
        XCTAssertEqual(second.count, 1)
        assertPinch(first.first, .began, exp(-0.1), Point(x: 5, y: 6), 1)
        assertPinch(second.first, .changed, exp(0.1), Point(x: 5, y: 6), 1.01)
    }

    func testAQuietGapEndsThePinchAndTheNextCtrlScrollBeginsAnother() {
        var pinch = ControlScrollPinch()
        _ = pinch.scroll(delta: Point(x: 0, y: 48), at: .zero, time: 1, precise: false)
        let within = pinch.scroll(delta: Point(x: 0, y: 48), at: .zero, time: 1.29, precise: false)
        XCTAssertEqual(within.count, 1)
        let after = pinch.scroll(delta: Point(x: 0, y: 48), at: Point(x: 1, y: 1), time: 1.6, precise: false)
        XCTAssertEqual(after.count, 2, "\(after)")
        guard after.count == 2 else { return }
        assertPinch(after[0], .ended, 1 / 1.21, .zero, 1.29)
        assertPinch(after[1], .began, 1 / 1.1, Point(x: 1, y: 1), 1.6)
        XCTAssertNotNil(pinch.end(time: 2), "letting go of Ctrl ends it")
        XCTAssertNil(pinch.end(time: 2), "once")
    }

    private func assertPinch(
        _ event: InputEvent?, _ phase: PinchPhase, _ scale: Double, _ center: Point, _ time: Double,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        guard case let .pinch(p, s, c, t)? = event else {
            return XCTFail("not a pinch: \(String(describing: event))", file: file, line: line)
        }
        XCTAssertEqual(p, phase, file: file, line: line)
        XCTAssertEqual(s, scale, accuracy: 1e-12, file: file, line: line)
        XCTAssertEqual(c, center, file: file, line: line)
        XCTAssertEqual(t, time, accuracy: 1e-9, file: file, line: line)
    }
}
