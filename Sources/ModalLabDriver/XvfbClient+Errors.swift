import CX11

extension XvfbClient {
    /// How deep `ignoringGoneWindows` is nested: only the outermost call swaps the handler.
    private static var ignoringDepth = 0

    /// Runs `body` with X errors on this connection ignored, then puts back the handler that was there.
    ///
    /// A test's queries race the windows they look at: a window listed by `XQueryTree` may be destroyed before its
    /// attributes are asked for, and Xlib's default handler then ends the whole test process. Errors are bracketed
    /// by `XSync` on both sides (as st and dwm do), so none of the caller's earlier requests is swallowed and none
    /// of `body`'s reaches the previous handler — the host's, when a test runs one in the same process, whose traps
    /// must keep working. Query functions report a gone window as nil.
    func ignoringGoneWindows<T>(_ body: () -> T) -> T {
        guard XvfbClient.ignoringDepth == 0 else { return body() }
        XSync(connection, False)
        let previous = XSetErrorHandler { _, _ in 0 }
        XvfbClient.ignoringDepth += 1
        defer {
            XSync(connection, False)
            XSetErrorHandler(previous)
            XvfbClient.ignoringDepth -= 1
        }
        return body()
    }
}
