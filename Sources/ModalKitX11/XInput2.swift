import CX11
import CXi
import ModalKitBase

/// The pointer through XInput 2.2: presses, releases and motion with sub-pixel positions, and smooth scrolling
/// from scroll valuators (touchpads, high-resolution wheels, and wheels on servers that express clicks as
/// valuator motion); a touchscreen's first touch as the pointer (XI 2.2) and a touchpad's pinch (XI 2.4, where the
/// server has it). The only place that knows XI2; it yields the same `InputEvent`s as the core path.
struct XInput2 {
    let display: OpaquePointer
    /// The extension's major opcode, which GenericEvent cookies carry.
    let opcode: Int32
    /// Scroll state per source device (the physical device behind the master pointer).
    private var scrolls: [Int32: SmoothScroll] = [:]
    /// The touchscreen's first touch, which stands for the pointer.
    private var touchPointer = TouchPointer()
    /// Whether Ctrl was held at the last pointer event (a Ctrl-scroll is a pinch).
    private(set) var controlHeld = false

    /// Selects XI2 pointer and touch events on `window` if the server has XInput 2.2, and touchpad pinches where it
    /// has 2.4 (silently not where it has not); nil (and core events stay) without 2.2.
    static func enable(display: OpaquePointer, window: Window) -> XInput2? {
        var opcode: Int32 = 0, firstEvent: Int32 = 0, firstError: Int32 = 0
        guard XQueryExtension(display, "XInputExtension", &opcode, &firstEvent, &firstError) != 0 else { return nil }
        // The server answers with the lower of this and its own version.
        var major: Int32 = 2, minor: Int32 = 4
        guard XIQueryVersion(display, &major, &minor) == Success, major > 2 || (major == 2 && minor >= 2) else {
            return nil
        }
        var bits = [UInt8](repeating: 0, count: (Int(XI_LASTEVENT) >> 3) + 1)
        for type in selectedEvents(major: major, minor: minor) {
            bits[Int(type) >> 3] |= UInt8(1 << (Int(type) & 7))
        }
        let status = bits.withUnsafeMutableBufferPointer { buffer -> Int32 in
            var mask = XIEventMask(
                deviceid: XIAllMasterDevices, mask_len: Int32(buffer.count),
                mask: buffer.baseAddress)
            return XISelectEvents(display, window, &mask, 1)
        }
        return status == Success ? XInput2(display: display, opcode: opcode) : nil
    }

    /// The XI2 event types selected on a server of XInput `major`.`minor` (2.2 or later).
    static func selectedEvents(major: Int32, minor: Int32) -> [Int32] {
        var types = [
            XI_ButtonPress, XI_ButtonRelease, XI_Motion, XI_DeviceChanged, XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd
        ]
        if major > 2 || minor >= 4 { types += [XI_GesturePinchBegin, XI_GesturePinchUpdate, XI_GesturePinchEnd] }
        return types
    }

    /// The input event a GenericEvent cookie means, or nil (not XI2, or nothing for the app).
    mutating func translate(
        _ cookie: inout XGenericEventCookie, scale: Double,
        time: (UInt) -> Double
    ) -> InputEvent? {
        guard cookie.extension == opcode, XGetEventData(display, &cookie) != 0 else { return nil }
        defer { XFreeEventData(display, &cookie) }
        guard let data = cookie.data else { return nil }
        switch cookie.evtype {
        case XI_Motion, XI_ButtonPress, XI_ButtonRelease:
            let e = data.assumingMemoryBound(to: XIDeviceEvent.self).pointee
            guard e.event_x.isFinite, e.event_y.isFinite else { return nil }
            controlHeld = XInput2.holdsControl(e)
            let at = Point(x: e.event_x / scale, y: e.event_y / scale)
            let seconds = time(e.time)
            if cookie.evtype == XI_Motion { return motion(e, at: at, time: seconds) }
            return button(e, at: at, time: seconds)
        case XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd:
            let e = data.assumingMemoryBound(to: XIDeviceEvent.self).pointee
            return touchPointer.translate(e, scale: scale, time: time(e.time))
        case XI_GesturePinchBegin, XI_GesturePinchUpdate, XI_GesturePinchEnd:
            let e = data.assumingMemoryBound(to: XIGesturePinchEvent.self).pointee
            return GesturePinch.translate(e, scale: scale, time: time(e.time))
        case XI_DeviceChanged:
            let e = data.assumingMemoryBound(to: XIDeviceChangedEvent.self).pointee
            scrolls[e.sourceid] = nil
            return nil
        default:
            return nil
        }
    }

    /// Whether Ctrl is among `e`'s effective modifiers.
    static func holdsControl(_ e: XIDeviceEvent) -> Bool { e.mods.effective & Int32(ControlMask) != 0 }

    /// A motion: a scroll when a scroll valuator moved, else a pointer move. Reads the valuators where the event
    /// keeps them and updates the device's scroll state in place: nothing is allocated per event.
    private mutating func motion(_ e: XIDeviceEvent, at: Point, time: Double) -> InputEvent {
        let valuators = Valuators(e.valuators)
        if !valuators.isEmpty {
            let display = display
            let moved = scrolls[e.sourceid, default: XInput2.queryScroll(display, device: e.sourceid)]
                .delta { valuators[$0] }
            if let moved { return .scroll(delta: moved.delta, at: at, time: time, precise: moved.precise) }
        }
        return .pointerMove(at, time: time)
    }

    private func button(_ e: XIDeviceEvent, at: Point, time: Double) -> InputEvent? {
        let pressed = e.evtype == XI_ButtonPress
        switch e.detail {
        case 1: return pressed ? .pointerDown(at, time: time) : .pointerUp(at, time: time)
        // A wheel whose device has scroll valuators sends both the valuator motion and emulated buttons 4–7;
        // the motion is the real thing. A device without scroll valuators sends only buttons.
        case 4 ... 7 where pressed && e.flags & XIPointerEmulated == 0:
            return EventTranslator.wheelClick(button: UInt32(e.detail), at: at, time: time)
        default: return nil
        }
    }

    /// The device's scroll axes and their current values, asked of the server once per device (and again after
    /// it changes).
    private static func queryScroll(_ display: OpaquePointer, device: Int32) -> SmoothScroll {
        var scroll = SmoothScroll()
        var count: Int32 = 0
        guard let info = XIQueryDevice(display, device, &count) else { return scroll }
        defer { XIFreeDeviceInfo(info) }
        var axes: [ScrollAxis] = [], values: [Int32: Double] = [:]
        for i in 0 ..< Int(count) {
            let device = info[i]
            for c in 0 ..< Int(device.num_classes) {
                guard let any = device.classes[c] else { continue }
                switch any.pointee.type {
                case XIScrollClass:
                    let s = UnsafeRawPointer(any).assumingMemoryBound(to: XIScrollClassInfo.self).pointee
                    axes.append(
                        ScrollAxis(
                            number: s.number, vertical: s.scroll_type == XIScrollTypeVertical,
                            increment: s.increment))
                case XIValuatorClass:
                    let v = UnsafeRawPointer(any).assumingMemoryBound(to: XIValuatorClassInfo.self).pointee
                    values[v.number] = v.value
                default: break
                }
            }
        }
        scroll.reset(axes: axes, values: values)
        return scroll
    }

    /// The valuators an event carries, number → value, from the mask's bytes and the packed values in plain
    /// arrays (tests build these by hand; events are read in place through `Valuators`).
    static func values(mask: [UInt8], packed: [Double]) -> [Int32: Double] {
        mask.withUnsafeBufferPointer { m in
            packed.withUnsafeBufferPointer { p in Valuators(mask: m, packed: p).dictionary }
        }
    }
}

/// The valuators of one XI2 event, read in place: the mask says which valuators the event carries, and their
/// values are packed in mask order.
struct Valuators {
    let mask: UnsafeBufferPointer<UInt8>
    let packed: UnsafeBufferPointer<Double>

    init(mask: UnsafeBufferPointer<UInt8>, packed: UnsafeBufferPointer<Double>) {
        self.mask = mask
        self.packed = packed
    }

    /// Over an event's valuator state (its mask and values stay valid while the event's data is held).
    init(_ state: XIValuatorState) {
        guard let bits = state.mask, let values = state.values, state.mask_len > 0 else {
            self.init(
                mask: UnsafeBufferPointer(start: nil, count: 0), packed: UnsafeBufferPointer(start: nil, count: 0))
            return
        }
        let mask = UnsafeBufferPointer(start: bits, count: Int(state.mask_len))
        let count = mask.reduce(0) { $0 + $1.nonzeroBitCount }
        self.init(mask: mask, packed: UnsafeBufferPointer(start: values, count: count))
    }

    /// True when the event carries no valuator.
    var isEmpty: Bool { packed.isEmpty || !mask.contains { $0 != 0 } }

    /// Valuator `number`'s value, nil when the event does not carry it.
    subscript(number: Int32) -> Double? {
        let n = Int(number)
        guard n >= 0, n >> 3 < mask.count, mask[n >> 3] & UInt8(1 << (n & 7)) != 0 else { return nil }
        var index = (mask[n >> 3] & UInt8((1 << (n & 7)) - 1)).nonzeroBitCount
        for byte in mask[..<(n >> 3)] { index += byte.nonzeroBitCount }
        return index < packed.count ? packed[index] : nil
    }

    /// Every valuator carried, number → value.
    var dictionary: [Int32: Double] {
        var result: [Int32: Double] = [:]
        for number in 0 ..< Int32(mask.count * 8) { if let v = self[number] { result[number] = v } }
        return result
    }
}
