import CX11
import ModalKitBase

/// Turns XEvents into `InputEvent`s: positions from pixels to points, server milliseconds to seconds. This is the
/// boundary past which no XEvent travels.
struct EventTranslator {
    let scale: Double
    /// The lab's window, to tell its own DestroyNotify apart.
    let window: Window
    let protocolsAtom: Atom
    let deleteWindowAtom: Atom
    private var serverTime = ServerTime()
    /// Whether button 1 is down, so that losing the pointer is reported only in the middle of an interaction.
    private(set) var pointerIsDown = false
    /// The last size reported, in pixels, so that moves of the window do not become resizes.
    var sizeInPixels: (width: Int, height: Int)
    /// The pointer through XInput 2 when the server has it (and it was not turned off); else core events.
    var xinput: XInput2?
    /// Ctrl + wheel and Ctrl + touchpad scroll as a pinch.
    private(set) var controlPinch = ControlScrollPinch()
    /// The host's clock (`DisplayLink.now`, seconds) when the last Ctrl-scroll came, to end its pinch once quiet.
    private(set) var lastControlScrollAt: Double?
    /// The host's clock; tests set their own.
    var hostNow: () -> Double = DisplayLink.now
    /// Events one XEvent meant beyond the first (a quiet pinch's end before a new one begins), in order.
    private var pending: [InputEvent] = []

    init(
        scale: Double, window: Window, protocolsAtom: Atom, deleteWindowAtom: Atom,
        sizeInPixels: (width: Int, height: Int)
    ) {
        self.scale = scale
        self.window = window
        self.protocolsAtom = protocolsAtom
        self.deleteWindowAtom = deleteWindowAtom
        self.sizeInPixels = sizeInPixels
    }

    /// The input event an XEvent means, or nil when it means nothing to the app; more may follow (`takePending`).
    mutating func translate(_ event: XEvent) -> InputEvent? {
        if event.type == KeyRelease { return controlReleased(event.xkey) }
        let input = plain(event)
        return pinching(input, control: holdsControl(event))
    }

    /// Whether Ctrl was held at `event` (a pointer event; an XI2 one once translated).
    private func holdsControl(_ event: XEvent) -> Bool {
        switch event.type {
        case ButtonPress, ButtonRelease: return event.xbutton.state & UInt32(ControlMask) != 0
        case MotionNotify: return event.xmotion.state & UInt32(ControlMask) != 0
        case GenericEvent: return xinput?.controlHeld == true
        default: return false
        }
    }

    /// The next event the last XEvent meant, if any.
    mutating func takePending() -> InputEvent? { pending.isEmpty ? nil : pending.removeFirst() }

    /// `input` with Ctrl-scrolls turned into a pinch, and the pinch ended by any other timed input.
    mutating func pinching(_ input: InputEvent?, control: Bool) -> InputEvent? {
        guard let input else { return nil }
        var events: [InputEvent]
        if case let .scroll(delta, at, time, precise) = input, control {
            events = controlPinch.scroll(delta: delta, at: at, time: time, precise: precise)
            lastControlScrollAt = hostNow()
        } else if let time = input.time, !(control && input.isPointerMove), let end = controlPinch.end(time: time) {
            events = [end, input]
        } else {
            events = [input]
        }
        pending += events.dropFirst()
        return events.first
    }

    /// When (host clock) the Ctrl-scroll pinch under way ends if no Ctrl-scroll comes first; nil with none.
    var controlPinchDeadline: Double? {
        guard controlPinch.active != nil, let last = lastControlScrollAt else { return nil }
        return last + ControlScrollPinch.quietGap
    }

    /// The end of a Ctrl-scroll pinch gone quiet for `ControlScrollPinch.quietGap` by the host's clock at `now`,
    /// stamped on the server's clock as far after its last event as the host's clock has moved.
    mutating func endQuietControlPinch(now: Double) -> InputEvent? {
        guard let deadline = controlPinchDeadline, now >= deadline, let last = lastControlScrollAt,
            let active = controlPinch.active
        else { return nil }
        return controlPinch.end(time: active.time + (now - last))
    }

    /// Letting go of Ctrl ends a Ctrl-scroll pinch.
    private mutating func controlReleased(_ k: XKeyEvent) -> InputEvent? {
        var k = k
        let keysym = XLookupKeysym(&k, 0)
        guard keysym == KeySym(XK_Control_L) || keysym == KeySym(XK_Control_R) else { return nil }
        return controlPinch.end(time: serverTime.seconds(for: UInt32(truncatingIfNeeded: k.time)))
    }

    private mutating func plain(_ event: XEvent) -> InputEvent? {
        var event = event
        switch event.type {
        case GenericEvent: return generic(&event.xcookie)
        case ButtonPress, ButtonRelease: return button(event.xbutton)
        case MotionNotify:
            let m = event.xmotion
            return .pointerMove(point(m.x, m.y), time: serverTime.seconds(for: UInt32(truncatingIfNeeded: m.time)))
        case KeyPress: return key(&event.xkey)
        case ConfigureNotify: return configure(event.xconfigure)
        case ClientMessage: return clientMessage(event.xclient)
        // Another client destroyed the window (`xdotool windowclose`): nothing is left to show, so it ends the
        // lab as a close request does.
        case DestroyNotify where event.xdestroywindow.window == window: return .close
        case FocusOut: return lost(.focusLost)
        case UnmapNotify: return lost(.unmapped)
        case LeaveNotify where event.xcrossing.mode == NotifyGrab: return lost(.grabBroken)
        default: return nil
        }
    }

    private func point(_ x: Int32, _ y: Int32) -> Point { Point(x: Double(x) / scale, y: Double(y) / scale) }

    private mutating func generic(_ cookie: inout XGenericEventCookie) -> InputEvent? {
        guard xinput != nil else { return nil }
        var clock = serverTime
        let scale = scale
        // In place: a copy of `xinput` would share its scroll state and copy it on the first write, every event.
        let event = xinput?.translate(&cookie, scale: scale) { clock.seconds(for: UInt32(truncatingIfNeeded: $0)) }
        serverTime = clock
        switch event {
        case .pointerDown?: pointerIsDown = true
        case .pointerUp?: pointerIsDown = false
        default: break
        }
        return event
    }

    /// The core fallback's wheel: buttons 4 and 5 scroll up and down, 6 and 7 left and right, one click each.
    static func wheelClick(button: UInt32, at point: Point, time: Double) -> InputEvent? {
        let d = InputEvent.wheelClickDistance
        let delta: Point
        switch button {
        case 4: delta = Point(x: 0, y: -d)
        case 5: delta = Point(x: 0, y: d)
        case 6: delta = Point(x: -d, y: 0)
        case 7: delta = Point(x: d, y: 0)
        default: return nil
        }
        return .scroll(delta: delta, at: point, time: time, precise: false)
    }

    private mutating func button(_ b: XButtonEvent) -> InputEvent? {
        let time = serverTime.seconds(for: UInt32(truncatingIfNeeded: b.time))
        if b.type == ButtonPress, (4 ... 7).contains(b.button) {
            return EventTranslator.wheelClick(button: b.button, at: point(b.x, b.y), time: time)
        }
        guard b.button == Button1 else { return nil }
        pointerIsDown = b.type == ButtonPress
        return b.type == ButtonPress
            ? .pointerDown(point(b.x, b.y), time: time) : .pointerUp(point(b.x, b.y), time: time)
    }

    private mutating func key(_ k: inout XKeyEvent) -> InputEvent? {
        var text = [CChar](repeating: 0, count: 8)
        var keysym: KeySym = 0
        let count = XLookupString(&k, &text, Int32(text.count - 1), &keysym, nil)
        let time = serverTime.seconds(for: UInt32(truncatingIfNeeded: k.time))
        switch Int32(truncatingIfNeeded: keysym) {
        case XK_Escape: return .keyDown(.escape, time: time)
        case XK_space: return .keyDown(.space, time: time)
        case XK_Return, XK_KP_Enter: return .keyDown(.returnKey, time: time)
        case XK_Tab: return .keyDown(.tab, time: time)
        case XK_Up, XK_KP_Up: return .keyDown(.up, time: time)
        case XK_Down, XK_KP_Down: return .keyDown(.down, time: time)
        default: break
        }
        if count > 0, let character = String(cString: text).lowercased().first, !character.isWhitespace {
            return .keyDown(.character(character), time: time)
        }
        return .keyDown(.other(UInt32(truncatingIfNeeded: keysym)), time: time)
    }

    private mutating func configure(_ c: XConfigureEvent) -> InputEvent? {
        let size = (width: Int(c.width), height: Int(c.height))
        guard size != sizeInPixels else { return nil }
        sizeInPixels = size
        return .resize(Size(width: Double(size.width) / scale, height: Double(size.height) / scale))
    }

    private func clientMessage(_ c: XClientMessageEvent) -> InputEvent? {
        guard c.message_type == protocolsAtom, c.format == 32,
            Atom(truncatingIfNeeded: c.data.l.0) == deleteWindowAtom
        else { return nil }
        return .close
    }

    private mutating func lost(_ reason: PointerLossReason) -> InputEvent? {
        guard pointerIsDown else { return nil }
        pointerIsDown = false
        return .pointerLost(reason)
    }
}

extension InputEvent {
    /// Whether this is a pointer move (which, with Ctrl still held, leaves a Ctrl-scroll pinch going).
    fileprivate var isPointerMove: Bool {
        if case .pointerMove = self { return true }
        return false
    }
}
