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

    /// The input event an XEvent means, or nil when it means nothing to the app.
    mutating func translate(_ event: XEvent) -> InputEvent? {
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
