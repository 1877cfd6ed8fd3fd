import CX11
import CXi
import Glibc
import ModalKitBase

/// A touchpad's XInput 2.4 pinch gesture as the lab's pinch: begin, update and end (cancelled when the server says
/// so), the cumulative scale as the server reports it, the fingers' center in points. Pure: tests build the event.
enum GesturePinch {
    /// The pinch `e` means; nil for another event type, or a position or scale that is not a number.
    static func translate(_ e: XIGesturePinchEvent, scale: Double, time: Double) -> InputEvent? {
        guard e.event_x.isFinite, e.event_y.isFinite, e.scale.isFinite, e.scale > 0 else { return nil }
        let phase: PinchPhase
        switch e.evtype {
        case XI_GesturePinchBegin: phase = .began
        case XI_GesturePinchUpdate: phase = .changed
        case XI_GesturePinchEnd: phase = e.flags & Int32(XIGesturePinchEventCancelled) != 0 ? .cancelled : .ended
        default: return nil
        }
        return .pinch(phase, scale: e.scale, center: Point(x: e.event_x / scale, y: e.event_y / scale), time: time)
    }
}

/// A touchscreen's XInput 2.2 touches as the pointer, as a phone's one finger: the first touch presses, moves and
/// releases; touches that come while it is down are ignored, and a new first touch starts after it lifts.
struct TouchPointer {
    /// The touch standing for the pointer (its XI2 touch id, the event's `detail`).
    private(set) var touch: Int32?

    /// The pointer event `e` means; nil for a touch other than the first, or one at no number.
    mutating func translate(_ e: XIDeviceEvent, scale: Double, time: Double) -> InputEvent? {
        guard e.event_x.isFinite, e.event_y.isFinite else { return nil }
        let at = Point(x: e.event_x / scale, y: e.event_y / scale)
        switch e.evtype {
        case XI_TouchBegin where touch == nil:
            touch = e.detail
            return .pointerDown(at, time: time)
        case XI_TouchUpdate where touch == e.detail:
            return .pointerMove(at, time: time)
        case XI_TouchEnd where touch == e.detail:
            touch = nil
            return .pointerUp(at, time: time)
        default:
            return nil
        }
    }
}

/// Ctrl + wheel and Ctrl + touchpad scroll as a pinch, as desktop browsers map them: a pinch begins on the first
/// Ctrl-scroll, each wheel click toward you closes it by `wheelStep` (away opens it by as much), a precise scroll
/// of `dy` points multiplies its scale by exp(−dy / `preciseDistance`); it ends when Ctrl is let go, when other
/// input comes, or when a Ctrl-scroll comes after `quietGap` seconds of none (which then begins a new one). Times
/// are the events' own.
struct ControlScrollPinch {
    /// The scale a wheel click multiplies or divides by: 1.1, Firefox's and Chrome's zoom step.
    static let wheelStep = 1.1
    /// Points of precise scroll that change the scale by a factor e: 250 pt, so that a 173-pt swipe halves it.
    static let preciseDistance = 250.0
    /// Seconds without a Ctrl-scroll after which the next one starts a new pinch.
    static let quietGap = 0.3

    /// The pinch under way: its cumulative scale, its center, the time of its last event.
    private(set) var active: (scale: Double, center: Point, time: Double)?

    /// The pinch events a scroll with Ctrl held means: a change, or a begin (after the end of a pinch gone quiet).
    mutating func scroll(delta: Point, at: Point, time: Double, precise: Bool) -> [InputEvent] {
        var events: [InputEvent] = []
        if let current = active, time - current.time > ControlScrollPinch.quietGap {
            events += end(time: current.time).map { [$0] } ?? []
        }
        let factor = ControlScrollPinch.factor(dy: delta.y, precise: precise)
        if let current = active {
            let scale = min(max(current.scale * factor, 1e-3), 1e3)
            active = (scale, current.center, time)
            events.append(.pinch(.changed, scale: scale, center: current.center, time: time))
        } else {
            active = (factor, at, time)
            events.append(.pinch(.began, scale: factor, center: at, time: time))
        }
        return events
    }

    /// The end of the pinch under way, if any (Ctrl let go, other input).
    mutating func end(time: Double) -> InputEvent? {
        guard let current = active else { return nil }
        active = nil
        return .pinch(.ended, scale: current.scale, center: current.center, time: max(time, current.time))
    }

    /// What one scroll multiplies the scale by: a wheel click toward you (positive `dy`) closes the pinch.
    static func factor(dy: Double, precise: Bool) -> Double {
        guard dy.isFinite else { return 1 }
        if precise { return exp(-dy / preciseDistance) }
        return pow(wheelStep, -dy / InputEvent.wheelClickDistance)
    }
}
