import CX11

/// The host's reads and writes on the X connection, each at most once per wake-up: with libX11 over XCB every
/// XFlush and every XPending on an empty queue is also a recvmsg, and most of those found nothing.
extension X11Host {
    /// Sends what Xlib has buffered, if anything was asked of the server since the last flush. Xlib's own send,
    /// not XFlush: XFlush then reads the socket as well, a recvmsg a frame that nearly always found nothing
    /// (the loop reads once poll() says data is there).
    func flushIfWritten() {
        let next = XNextRequest(display)
        guard next != flushedRequest else { return }
        _XSend(display, nil, 0)
        flushedRequest = XNextRequest(display)
    }

    /// Moves whatever the server has sent into Xlib's queue: one read of the socket, after poll() said it has data.
    func readConnection() {
        _ = XEventsQueued(display, QueuedAfterReading)
    }
}
