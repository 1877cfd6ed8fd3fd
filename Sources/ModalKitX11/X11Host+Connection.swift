import CX11

/// The host's reads and writes on the X connection, each at most once per wake-up: with libX11 over XCB every
/// XFlush and every XPending on an empty queue is also a recvmsg, and most of those found nothing.
extension X11Host {
    /// Sends what Xlib has buffered, if anything was asked of the server since the last flush. XFlush reads what
    /// has arrived as well, so the caller checks Xlib's queue before sleeping.
    func flushIfWritten() {
        let next = XNextRequest(display)
        guard next != flushedRequest else { return }
        XFlush(display)
        flushedRequest = XNextRequest(display)
    }

    /// Moves whatever the server has sent into Xlib's queue: one read of the socket, after poll() said it has data.
    func readConnection() {
        _ = XEventsQueued(display, QueuedAfterReading)
    }
}
