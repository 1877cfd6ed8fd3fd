import CX11
import CXi
import ModalKitBase

/// The pointer through XInput 2.2: presses, releases and motion with sub-pixel positions, and smooth scrolling
/// from scroll valuators (touchpads, high-resolution wheels, and wheels on servers that express clicks as
/// valuator motion). The only place that knows XI2; it yields the same `InputEvent`s as the core path.
struct XInput2 {
    let display: OpaquePointer
    /// The extension's major opcode, which GenericEvent cookies carry.
    let opcode: Int32
    /// Scroll state per source device (the physical device behind the master pointer).
    private var scrolls: [Int32: SmoothScroll] = [:]

    /// Selects XI2 pointer events on `window` if the server has XInput 2.2; nil (and core events stay) otherwise.
    static func enable(display: OpaquePointer, window: Window) -> XInput2? {
        var opcode: Int32 = 0, firstEvent: Int32 = 0, firstError: Int32 = 0
        guard XQueryExtension(display, "XInputExtension", &opcode, &firstEvent, &firstError) != 0 else { return nil }
        var major: Int32 = 2, minor: Int32 = 2
        guard XIQueryVersion(display, &major, &minor) == Success, major > 2 || (major == 2 && minor >= 2) else {
            return nil
        }
        var bits = [UInt8](repeating: 0, count: (Int(XI_LASTEVENT) >> 3) + 1)
        for type in [XI_ButtonPress, XI_ButtonRelease, XI_Motion, XI_DeviceChanged] {
            bits[Int(type) >> 3] |= UInt8(1 << (Int(type) & 7))
        }
        let status = bits.withUnsafeMutableBufferPointer { buffer -> Int32 in
            var mask = XIEventMask(deviceid: XIAllMasterDevices, mask_len: Int32(buffer.count),
                                   mask: buffer.baseAddress)
            return XISelectEvents(display, window, &mask, 1)
        }
        return status == Success ? XInput2(display: display, opcode: opcode) : nil
    }

    /// The input event a GenericEvent cookie means, or nil (not XI2, or nothing for the app).
    mutating func translate(_ cookie: inout XGenericEventCookie, scale: Double,
                            time: (UInt) -> Double) -> InputEvent? {
        guard cookie.extension == opcode, XGetEventData(display, &cookie) != 0 else { return nil }
        defer { XFreeEventData(display, &cookie) }
        guard let data = cookie.data else { return nil }
        switch cookie.evtype {
        case XI_Motion, XI_ButtonPress, XI_ButtonRelease:
            let e = data.assumingMemoryBound(to: XIDeviceEvent.self).pointee
            guard e.event_x.isFinite, e.event_y.isFinite else { return nil }
            let at = Point(x: e.event_x / scale, y: e.event_y / scale)
            let seconds = time(e.time)
            if cookie.evtype == XI_Motion { return motion(e, at: at, time: seconds) }
            return button(e, at: at, time: seconds)
        case XI_DeviceChanged:
            let e = data.assumingMemoryBound(to: XIDeviceChangedEvent.self).pointee
            scrolls[e.sourceid] = nil
            return nil
        default:
            return nil
        }
    }

    private mutating func motion(_ e: XIDeviceEvent, at: Point, time: Double) -> InputEvent {
        let values = XInput2.values(e.valuators)
        if !values.isEmpty {
            var scroll = scrolls[e.sourceid] ?? queryScroll(device: e.sourceid)
            let moved = scroll.delta(values: values)
            scrolls[e.sourceid] = scroll
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
        case 4...7 where pressed && e.flags & XIPointerEmulated == 0:
            return EventTranslator.wheelClick(button: UInt32(e.detail), at: at, time: time)
        default: return nil
        }
    }

    /// The device's scroll axes and their current values, asked of the server once per device (and again after
    /// it changes).
    private func queryScroll(device: Int32) -> SmoothScroll {
        var scroll = SmoothScroll()
        var count: Int32 = 0
        guard let info = XIQueryDevice(display, device, &count) else { return scroll }
        defer { XIFreeDeviceInfo(info) }
        var axes: [ScrollAxis] = [], values: [Int32: Double] = [:]
        for i in 0..<Int(count) {
            let device = info[i]
            for c in 0..<Int(device.num_classes) {
                guard let any = device.classes[c] else { continue }
                switch any.pointee.type {
                case XIScrollClass:
                    let s = UnsafeRawPointer(any).assumingMemoryBound(to: XIScrollClassInfo.self).pointee
                    axes.append(ScrollAxis(number: s.number, vertical: s.scroll_type == XIScrollTypeVertical,
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

    /// The valuators an event carries: number → value (the values array is packed in mask order).
    static func values(_ state: XIValuatorState) -> [Int32: Double] {
        guard let mask = state.mask, let packed = state.values else { return [:] }
        let bytes = Array(UnsafeBufferPointer(start: mask, count: max(Int(state.mask_len), 0)))
        let count = bytes.reduce(0) { $0 + $1.nonzeroBitCount }
        return values(mask: bytes, packed: Array(UnsafeBufferPointer(start: packed, count: count)))
    }

    /// The same from the mask's bytes and the packed values, in plain arrays (tests build these by hand).
    static func values(mask: [UInt8], packed: [Double]) -> [Int32: Double] {
        var result: [Int32: Double] = [:]
        var k = 0
        for number in 0..<(mask.count * 8) where mask[number >> 3] & UInt8(1 << (number & 7)) != 0 && k < packed.count {
            result[Int32(number)] = packed[k]
            k += 1
        }
        return result
    }
}
