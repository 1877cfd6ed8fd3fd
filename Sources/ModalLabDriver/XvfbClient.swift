import CX11
import CXTest
import Glibc

/// A test's own connection to an X server: it injects real input with XTest and inspects the windows other
/// clients map, as a user and a window manager would.
public final class XvfbClient {
    /// The Xlib connection.
    public let connection: OpaquePointer
    /// The root window of the default screen.
    public let root: XWindowID

    /// Connects to `display` (":N").
    public init(display: String) throws {
        guard let connection = XOpenDisplay(display) else {
            throw Xvfb.StartError(description: "cannot connect to \(display)")
        }
        self.connection = connection
        root = XDefaultRootWindow(connection)
        XSelectInput(connection, root, SubstructureNotifyMask)
    }

    deinit { XCloseDisplay(connection) }

    /// Moves the pointer to (x, y) root pixels; the server waits `delayMilliseconds` first, which spaces the
    /// events' timestamps without the test sleeping.
    public func movePointer(x: Int, y: Int, delayMilliseconds: UInt = 0) {
        XTestFakeMotionEvent(connection, -1, Int32(x), Int32(y), delayMilliseconds)
        XFlush(connection)
    }

    /// Presses or releases a mouse button (1 is the primary one).
    public func setButton(_ button: UInt32 = 1, down: Bool, delayMilliseconds: UInt = 0) {
        XTestFakeButtonEvent(connection, button, down ? True : False, delayMilliseconds)
        XFlush(connection)
    }

    /// Waits until the server has handled every request sent on this connection (a delayed XTest move included).
    public func sync() { XSync(connection, False) }

    /// Waits up to `timeout` seconds for a viewable top-level window whose WM_CLASS class is `windowClass`.
    public func waitForWindow(class windowClass: String, timeout: Double = 10) -> XWindowID? {
        let deadline = ChildProcess.now() + timeout
        while true {
            if let window = findWindow(class: windowClass) { return window }
            let left = Int32((deadline - ChildProcess.now()) * 1000)
            guard left > 0 else { return nil }
            var p = pollfd(fd: XConnectionNumber(connection), events: Int16(POLLIN), revents: 0)
            _ = poll(&p, 1, min(left, 50))
            var event = XEvent()
            while XPending(connection) > 0 { XNextEvent(connection, &event) }
        }
    }

    /// Windows created on the server since the last call (CreateNotify on the root), after a round trip.
    public func drainCreatedWindows() -> [XWindowID] {
        XSync(connection, False)
        var created: [Window] = []
        var event = XEvent()
        while XPending(connection) > 0 {
            XNextEvent(connection, &event)
            if event.type == CreateNotify { created.append(event.xcreatewindow.window) }
        }
        return created
    }

    /// A viewable child of the root with that WM_CLASS class, if any.
    public func findWindow(class windowClass: String) -> XWindowID? {
        ignoringGoneWindows {
            var rootReturn: Window = 0, parent: Window = 0, count: UInt32 = 0
            var children: UnsafeMutablePointer<Window>?
            guard XQueryTree(connection, root, &rootReturn, &parent, &children, &count) != 0, let children else {
                return nil
            }
            defer { XFree(children) }
            for i in 0 ..< Int(count) where self.windowClass(children[i])?.class == windowClass {
                var attributes = XWindowAttributes()
                if XGetWindowAttributes(connection, children[i], &attributes) != 0, attributes.map_state == IsViewable {
                    return children[i]
                }
            }
            return nil
        }
    }

    /// WM_CLASS as (instance, class).
    public func windowClass(_ window: XWindowID) -> (instance: String, class: String)? {
        ignoringGoneWindows {
            var hint = XClassHint()
            guard XGetClassHint(connection, window, &hint) != 0 else { return nil }
            defer { XFree(hint.res_name); XFree(hint.res_class) }
            guard let name = hint.res_name, let cls = hint.res_class else { return nil }
            return (String(cString: name), String(cString: cls))
        }
    }

    /// WM_NAME decoded as a window manager that reads only it would (STRING as Latin-1, COMPOUND_TEXT by its
    /// escapes), so a title stored in the wrong encoding reads back wrong.
    public func title(_ window: XWindowID) -> String? {
        ignoringGoneWindows {
            var property = XTextProperty()
            guard XGetWMName(connection, window, &property) != 0, property.value != nil else { return nil }
            defer { XFree(property.value) }
            var list: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
            var count: Int32 = 0
            // Xlib decodes with the current locale's charsets; the C locale knows only Latin-1.
            let saved = setlocale(LC_CTYPE, nil).map { String(cString: $0) }
            let switched = setlocale(LC_CTYPE, "C.UTF-8") != nil
            defer { if switched, let saved { setlocale(LC_CTYPE, saved) } }
            guard Xutf8TextPropertyToTextList(connection, &property, &list, &count) >= Success, let list, count > 0,
                let first = list[0]
            else { return nil }
            defer { XFreeStringList(list) }
            return String(cString: first)
        }
    }

    /// A UTF8_STRING property such as _NET_WM_NAME.
    public func utf8Property(_ window: XWindowID, _ name: String) -> String? {
        ignoringGoneWindows {
            var type: Atom = 0, format: Int32 = 0, count: UInt = 0, after: UInt = 0
            var data: UnsafeMutablePointer<UInt8>?
            guard
                XGetWindowProperty(
                    connection, window, XInternAtom(connection, name, False), 0, 1024, False,
                    XInternAtom(connection, "UTF8_STRING", False), &type, &format, &count, &after,
                    &data) == Success, let data
            else { return nil }
            defer { XFree(data) }
            return String(decoding: UnsafeBufferPointer(start: data, count: Int(count)), as: UTF8.self)
        }
    }

    /// The first 32-bit value of a CARDINAL property such as _NET_WM_PID.
    public func cardinal(_ window: XWindowID, property: String) -> UInt? {
        ignoringGoneWindows {
            var type: Atom = 0, format: Int32 = 0, count: UInt = 0, after: UInt = 0
            var data: UnsafeMutablePointer<UInt8>?
            guard
                XGetWindowProperty(
                    connection, window, XInternAtom(connection, property, False), 0, 1, False,
                    XA_CARDINAL, &type, &format, &count, &after, &data) == Success,
                let data
            else { return nil }
            defer { XFree(data) }
            guard format == 32, count == 1 else { return nil }
            return UnsafeRawPointer(data).load(as: UInt.self)
        }
    }

    /// Sends WM_PROTOCOLS / WM_DELETE_WINDOW, as a window manager does when the user closes a window.
    public func sendDeleteWindow(_ window: XWindowID) {
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = window
        event.xclient.message_type = XInternAtom(connection, "WM_PROTOCOLS", False)
        event.xclient.format = 32
        event.xclient.data.l.0 = Int(XInternAtom(connection, "WM_DELETE_WINDOW", False))
        event.xclient.data.l.1 = Int(CurrentTime)
        XSendEvent(connection, window, False, 0, &event)
        XFlush(connection)
    }
}
