import CX11
import CXTest

extension XvfbClient {
    /// Presses and releases the key that produces `keysym` (for example `XK_Escape`) through XTest, as a keyboard
    /// would; the server waits `delayMilliseconds` before the press. Returns false when no key produces it.
    @discardableResult
    public func tapKey(_ keysym: Int32, delayMilliseconds: UInt = 0) -> Bool {
        let keycode = XKeysymToKeycode(connection, KeySym(keysym))
        guard keycode != 0 else { return false }
        XTestFakeKeyEvent(connection, UInt32(keycode), True, delayMilliseconds)
        XTestFakeKeyEvent(connection, UInt32(keycode), False, 0)
        XFlush(connection)
        return true
    }
}
