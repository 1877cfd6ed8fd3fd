import CX11
import Glibc

/// What a desktop test asks of the server besides input: windows under a reparenting manager, focus, the
/// manager's close and resize, and whether a window or compositing manager runs.
extension XvfbClient {
    /// A viewable window with that WM_CLASS class anywhere in the tree: under a reparenting window manager the
    /// client's window is a child of the manager's frame, not of the root.
    public func waitForViewableWindow(class windowClass: String, timeout: Double = 10) -> XWindowID? {
        let deadline = ChildProcess.now() + timeout
        while ChildProcess.now() < deadline {
            if let found = search(root, windowClass) { return found }
            var pause = timespec(tv_sec: 0, tv_nsec: 20_000_000)
            nanosleep(&pause, nil)
        }
        return nil
    }

    private func search(_ parent: XWindowID, _ windowClass: String) -> XWindowID? {
        var rootReturn: Window = 0, parentReturn: Window = 0, count: UInt32 = 0
        var children: UnsafeMutablePointer<Window>?
        guard XQueryTree(connection, parent, &rootReturn, &parentReturn, &children, &count) != 0, let children else {
            return nil
        }
        defer { XFree(children) }
        for i in 0 ..< Int(count) {
            var attributes = XWindowAttributes()
            if self.windowClass(children[i])?.class == windowClass,
                XGetWindowAttributes(connection, children[i], &attributes) != 0, attributes.map_state == IsViewable
            {
                return children[i]
            }
            if let found = search(children[i], windowClass) { return found }
        }
        return nil
    }

    /// Every window with that WM_CLASS class anywhere in the tree, viewable or not, with its map state and parent:
    /// what a desktop test reports when the window it waits for does not become viewable.
    public func describeWindows(class windowClass: String) -> String {
        ignoringGoneWindows {
            var found: [String] = []
            collect(root, windowClass, into: &found)
            return found.isEmpty
                ? "no window of class \(windowClass) anywhere in the tree" : found.joined(separator: "; ")
        }
    }

    private func collect(_ parent: XWindowID, _ windowClass: String, into found: inout [String]) {
        var rootReturn: Window = 0, parentReturn: Window = 0, count: UInt32 = 0
        var children: UnsafeMutablePointer<Window>?
        guard XQueryTree(connection, parent, &rootReturn, &parentReturn, &children, &count) != 0, let children else {
            return
        }
        defer { XFree(children) }
        for i in 0 ..< Int(count) {
            var attributes = XWindowAttributes()
            if self.windowClass(children[i])?.class == windowClass,
                XGetWindowAttributes(connection, children[i], &attributes) != 0
            {
                let state = ["unmapped", "unviewable", "viewable"][Int(max(0, min(2, attributes.map_state)))]
                found.append("window \(children[i]) \(state), parent \(parent == root ? "the root" : "\(parent)")")
            }
            collect(children[i], windowClass, into: &found)
        }
    }

    /// The parent of `window` in the tree.
    public func parent(of window: Window) -> XWindowID? {
        ignoringGoneWindows {
            var rootReturn: Window = 0, parent: Window = 0, count: UInt32 = 0
            var children: UnsafeMutablePointer<Window>?
            guard XQueryTree(connection, window, &rootReturn, &parent, &children, &count) != 0 else { return nil }
            if let children { XFree(children) }
            return parent
        }
    }

    /// The window with the keyboard focus.
    public var focusedWindow: XWindowID {
        var focus: Window = 0
        var revert: Int32 = 0
        XGetInputFocus(connection, &focus, &revert)
        return focus
    }

    /// Asks the window manager to close `window` the way its close button does (_NET_CLOSE_WINDOW to the root;
    /// the manager then sends the client WM_DELETE_WINDOW).
    public func askManagerToClose(_ window: XWindowID) {
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = window
        event.xclient.message_type = XInternAtom(connection, "_NET_CLOSE_WINDOW", False)
        event.xclient.format = 32
        event.xclient.data.l.0 = Int(CurrentTime)
        event.xclient.data.l.1 = 2 // source: a pager or a user action
        XSendEvent(connection, root, False, SubstructureRedirectMask | SubstructureNotifyMask, &event)
        XFlush(connection)
    }

    /// Asks the window manager to resize `window` (a ConfigureRequest it intercepts and applies).
    public func requestSize(_ window: XWindowID, width: Int, height: Int) {
        XResizeWindow(connection, window, UInt32(width), UInt32(height))
        XFlush(connection)
    }

    /// Whether a window manager announces itself (_NET_SUPPORTING_WM_CHECK on the root).
    public var hasWindowManager: Bool { cardinalWindow(root, "_NET_SUPPORTING_WM_CHECK") != nil }

    /// Whether the window manager manages a window mapped now, within `timeout` seconds. Announcing itself is not
    /// being ready: openbox sets _NET_SUPPORTING_WM_CHECK as it takes the screen and drops the map requests that
    /// arrive during the rest of its start-up, so such a window stays unmapped under the root for good. Only a
    /// window it has put in a frame shows it handles maps. The probe is destroyed either way, and its frame is
    /// waited out: a walk of the tree that met the frame as the manager destroys it would end this process (Xlib's
    /// default handler exits on the BadWindow).
    public func managesNewWindow(within timeout: Double = 0.5) -> Bool {
        let probe = XCreateSimpleWindow(connection, root, 0, 0, 16, 16, 0, 0, 0)
        XMapWindow(connection, probe)
        XFlush(connection)
        let deadline = ChildProcess.now() + timeout
        var frame = root
        while frame == root, ChildProcess.now() < deadline {
            pause(milliseconds: 10)
            frame = topLevel(of: probe)
        }
        XDestroyWindow(connection, probe)
        XSync(connection, False)
        guard frame != root else { return false }
        let gone = ChildProcess.now() + 5
        while rootChildren().contains(frame), ChildProcess.now() < gone { pause(milliseconds: 10) }
        return true
    }

    /// The child of the root that holds `window` (the root itself while `window` is a child of the root).
    private func topLevel(of window: Window) -> Window {
        var child = window
        while let parent = parent(of: child), parent != root, parent != 0 { child = parent }
        return child == window ? root : child
    }

    private func rootChildren() -> [Window] {
        ignoringGoneWindows {
            var rootReturn: Window = 0, parent: Window = 0, count: UInt32 = 0
            var children: UnsafeMutablePointer<Window>?
            guard XQueryTree(connection, root, &rootReturn, &parent, &children, &count) != 0, let children else {
                return []
            }
            defer { XFree(children) }
            return Array(UnsafeBufferPointer(start: children, count: Int(count)))
        }
    }

    private func pause(milliseconds: Int) {
        var pause = timespec(tv_sec: 0, tv_nsec: milliseconds * 1_000_000)
        nanosleep(&pause, nil)
    }

    /// Whether a compositing manager owns the screen's _NET_WM_CM_S0 selection.
    public var hasCompositingManager: Bool {
        XGetSelectionOwner(connection, XInternAtom(connection, "_NET_WM_CM_S0", False)) != 0
    }

    private func cardinalWindow(_ window: XWindowID, _ property: String) -> XWindowID? {
        var type: Atom = 0, format: Int32 = 0, count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard
            XGetWindowProperty(
                connection, window, XInternAtom(connection, property, False), 0, 1, False,
                XA_WINDOW, &type, &format, &count, &after, &data) == Success, let data
        else { return nil }
        defer { XFree(data) }
        return count == 1 ? UnsafeRawPointer(data).load(as: Window.self) : nil
    }

    /// Creates and maps a plain window of another client at a root position, and waits until the server has it.
    public func mapOtherWindow(x: Int32, y: Int32, width: UInt32, height: UInt32) -> XWindowID {
        let window = XCreateSimpleWindow(connection, root, x, y, width, height, 0, 0, 0)
        XMapWindow(connection, window)
        XSync(connection, False)
        return window
    }
}
