import CX11

extension XvfbClient {
    /// Takes the keyboard focus away from every window, as a window manager does when another application is
    /// activated; `restoreFocus` gives it back to whatever is under the pointer.
    public func takeFocusAway() {
        XSetInputFocus(connection, Window(PointerRoot), Int32(RevertToPointerRoot), Time(CurrentTime))
        XSetInputFocus(connection, Window(None), Int32(RevertToNone), Time(CurrentTime))
        XFlush(connection)
    }

    /// Focus follows the pointer again (Xvfb's default with no window manager).
    public func restoreFocus() {
        XSetInputFocus(connection, Window(PointerRoot), Int32(RevertToPointerRoot), Time(CurrentTime))
        XFlush(connection)
    }

    /// Sets the root window's RESOURCE_MANAGER property (the X resources `xrdb` loads), e.g. "Xft.dpi:\t144\n".
    public func setResources(_ text: String) {
        let property = XInternAtom(connection, "RESOURCE_MANAGER", 0)
        let bytes = Array(text.utf8)
        XChangeProperty(connection, root, property, XA_STRING, 8, PropModeReplace, bytes, Int32(bytes.count))
        XSync(connection, 0)
    }
}
