import CX11
import Synchronization

extension XvfbClient {
    /// How many `ignoringGoneWindows` bodies are running, nested or on other threads (tests drive servers from
    /// several threads at once; the handler is the process's), and the handler to put back when none is: only the
    /// first swaps the handler in and only the last puts it back.
    private static let ignoring = Mutex<(depth: Int, previous: XErrorHandler?)>((0, nil))

    /// Runs `body` with X errors on this connection ignored, then puts back the handler that was there.
    ///
    /// A test's queries race the windows they look at: a window listed by `XQueryTree` may be destroyed before its
    /// attributes are asked for, and Xlib's default handler then ends the whole test process. Errors are bracketed
    /// by `XSync` on both sides (as st and dwm do), so none of the caller's earlier requests is swallowed and none
    /// of `body`'s reaches the previous handler — the host's, when a test runs one in the same process, whose traps
    /// must keep working. Query functions report a gone window as nil.
    func ignoringGoneWindows<T>(_ body: () -> T) -> T {
        XSync(connection, False)
        XvfbClient.ignoring.withLock { state in
            if state.depth == 0 { state.previous = XSetErrorHandler { _, _ in 0 } }
            state.depth += 1
        }
        defer {
            XSync(connection, False)
            XvfbClient.ignoring.withLock { state in
                state.depth -= 1
                if state.depth == 0 { XSetErrorHandler(state.previous) }
            }
        }
        return body()
    }
}
