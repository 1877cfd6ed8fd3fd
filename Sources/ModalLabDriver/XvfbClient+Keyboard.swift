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

    /// Presses (`down`) or releases the key that produces `keysym` through XTest and leaves it so, as a held
    /// modifier (Ctrl for a Ctrl + wheel pinch); the server waits `delayMilliseconds` first. Returns false when no
    /// key produces it.
    @discardableResult
    public func setKey(_ keysym: Int32, down: Bool, delayMilliseconds: UInt = 0) -> Bool {
        let keycode = XKeysymToKeycode(connection, KeySym(keysym))
        guard keycode != 0 else { return false }
        XTestFakeKeyEvent(connection, UInt32(keycode), down ? True : False, delayMilliseconds)
        XFlush(connection)
        return true
    }
}
