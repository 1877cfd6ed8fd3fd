import CX11
import Glibc

/// Xlib's process-wide error hooks. Xlib calls these through C function pointers that cannot capture, so the
/// little state they share lives in statics; the host is single-threaded, so nothing races on it.
enum XErrors {
    /// The error code caught while a trap is set, or nil.
    private static var trapped: UInt8?
    private static var trapping = false
    /// The prefix of the messages the hooks print: the program's name from the host's options.
    private static var programName = "modalkit"
    /// The host's window. Another client may destroy it (`xdotool windowclose`); requests already on their way
    /// then fail with BadWindow or BadDrawable before its DestroyNotify is read, which ends the lab quietly.
    static var ownWindow: Window = 0

    /// Reports ordinary protocol errors as one line instead of Xlib's default of exiting, and ends the process
    /// with one line and exit code 3 when the connection to the server is lost.
    static func install(on display: OpaquePointer, programName: String) {
        XErrors.programName = programName
        XSetErrorHandler { display, event in
            guard let display, let event else { return 0 }
            if XErrors.trapping {
                XErrors.trapped = event.pointee.error_code
                return 0
            }
            let code = Int32(event.pointee.error_code)
            if (code == BadWindow || code == BadDrawable) && event.pointee.resourceid == XErrors.ownWindow { return 0 }
            var text = [CChar](repeating: 0, count: 160)
            XGetErrorText(display, Int32(event.pointee.error_code), &text, Int32(text.count))
            let message = String(cString: text)
            fputs(
                "\(XErrors.programName): X error: \(message) (request \(event.pointee.request_code).\(event.pointee.minor_code))\n",
                stderr)
            return 0
        }
        // The classic handler must not print Xlib's multi-line message; the exit handler says it in one line.
        XSetIOErrorHandler { _ in 0 }
        XSetIOErrorExitHandler(
            display,
            { _, _ in
                fputs("\(XErrors.programName): lost the connection to the X server; exiting\n", stderr)
                exit(3)
            }, nil)
    }

    /// Runs `body`, then waits for the server to answer, and returns the first X error code it caused, if any.
    /// Remote displays advertise MIT-SHM and then refuse the attach; this is how that refusal is noticed.
    static func trap(_ display: OpaquePointer, _ body: () -> Void) -> UInt8? {
        XSync(display, False)
        trapped = nil
        trapping = true
        body()
        XSync(display, False)
        trapping = false
        defer { trapped = nil }
        return trapped
    }
}
