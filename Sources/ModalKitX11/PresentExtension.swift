import CX11
import CXpresent

/// The server's Present extension as the host uses it: its opcode, to recognize its events, and the selection
/// of completion events on the window, made once for the window's life.
struct PresentExtension {
    let opcode: Int32

    /// Nil when the server lacks Present or XFixes (the update region is an XFixes region).
    init?(display: OpaquePointer, window: Window) {
        var opcode: Int32 = 0, eventBase: Int32 = 0, errorBase: Int32 = 0
        guard XPresentQueryExtension(display, &opcode, &eventBase, &errorBase) != 0,
            XFixesQueryExtension(display, &eventBase, &errorBase) != 0
        else { return nil }
        var major: Int32 = 0, minor: Int32 = 0
        _ = XFixesQueryVersion(display, &major, &minor)
        self.opcode = opcode
        _ = XPresentSelectInput(display, window, UInt32(PresentCompleteNotifyMask))
    }
}
