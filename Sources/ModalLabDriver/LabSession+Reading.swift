import CX11
import Glibc
import ModalKitPixels

extension LabSession {
    /// The next `settled` line at `from` or later (nil if nothing came to rest within `timeout` seconds) and the
    /// frame that shows the rest: the last one between them, or the next one for a scene shown at rest.
    public func waitForRest(from start: Int, timeout: Double = 15) -> (settled: LabTraceEvent?, frame: LabTraceEvent?) {
        guard let settled = trace.waitFor(from: start, timeout: timeout, { $0.type == "settled" }) else {
            return (nil, nil)
        }
        // After motion the lab writes `settled` after the frame that showed the rest; a scene shown at rest is
        // settled at once, before its first frame.
        let before = trace.events(from: start, type: "frame").last { $0.index < settled.index }
        return (settled, before ?? trace.waitFor(from: settled.index, timeout: 2) { $0.type == "frame" })
    }

    /// The trace from `start` in short form, for failure messages.
    public func summary(from start: Int) -> String {
        trace.events(from: start).filter { $0.type != "frame" }.map { event in
            [event.type, event.string("state"), event.string("event"), event.string("kind"), event.string("top")]
                .compactMap { $0 }.joined(separator: " ")
        }.joined(separator: "; ")
    }

    /// Where the server has the pointer and the last frame's pointer, asked on a second connection (this one may
    /// be asleep in the server on a delayed XTest request), for failure messages.
    public func serverSideState() -> String {
        var text = "last frame pointer \(trace.events(from: 0, type: "frame").last?.pointer ?? [])"
        if let spy = try? XvfbClient(display: display) {
            var r: CX11.Window = 0, c: CX11.Window = 0
            var rx: Int32 = 0, ry: Int32 = 0, wx: Int32 = 0, wy: Int32 = 0, mask: UInt32 = 0
            XQueryPointer(spy.connection, spy.root, &r, &c, &rx, &ry, &wx, &wy, &mask)
            text += ", server pointer \(Int(rx) - origin.x),\(Int(ry) - origin.y) buttons 0x\(String(mask, radix: 16))"
        }
        return text + ", lab \(process.wait(timeout: 0).map { "ended \($0)" } ?? "running")"
    }

    /// What the window shows once two reads a display refresh apart agree (a frame may be on its way to the
    /// server, or, with Present, waiting for the next vertical blank); nil when it kept changing.
    public func stableCapture() -> Bitmap? {
        var previous = client.captureWindow(window)
        for _ in 0 ..< 20 {
            usleep(UInt32((LabSession.period + 0.004) * 1_000_000))
            let next = client.captureWindow(window)
            if let next, next == previous { return next }
            previous = next
        }
        return nil
    }
}
