import CX11
import CXDamage
import Glibc

/// Watches everything drawn on a server's screen through the DAMAGE extension on the root window, which sees
/// every client's drawing into any window: how `modal-bench workload` counts the frames of a program that does
/// not report them (the Qt peer) the same way as the lab's.
public final class DamageWatcher {
    /// One damaged rectangle as the server reported it.
    public struct Event {
        /// Server time, milliseconds (Xvfb's is CLOCK_MONOTONIC, truncated to 32 bits).
        public let time: UInt32
        /// Its area in pixels.
        public let pixels: Int
    }

    private let connection: OpaquePointer
    private let damage: Damage
    private let eventBase: Int32
    /// Events drained so far, oldest first.
    public private(set) var events: [Event] = []

    /// Connects to `display` and starts watching its root window; nil without the DAMAGE extension.
    public init?(display: String) {
        guard let connection = XOpenDisplay(display) else { return nil }
        var eventBase: Int32 = 0, errorBase: Int32 = 0
        guard XDamageQueryExtension(connection, &eventBase, &errorBase) != 0 else {
            XCloseDisplay(connection)
            return nil
        }
        self.connection = connection
        self.eventBase = eventBase
        // Raw rectangles: one event per damaged rectangle, with nothing to acknowledge (no DamageSubtract).
        damage = XDamageCreate(connection, XDefaultRootWindow(connection), Int32(XDamageReportRawRectangles))
        XSync(connection, False)
    }

    deinit {
        XDamageDestroy(connection, damage)
        XCloseDisplay(connection)
    }

    /// Reads every event the server has sent (after a round trip, so all drawing it has done is in).
    public func drain() {
        XSync(connection, False)
        var event = XEvent()
        while XPending(connection) > 0 {
            XNextEvent(connection, &event)
            guard event.type == eventBase + Int32(XDamageNotify) else { continue }
            let notify = withUnsafePointer(to: &event) {
                $0.withMemoryRebound(to: XDamageNotifyEvent.self, capacity: 1) { $0.pointee }
            }
            events.append(
                Event(
                    time: UInt32(truncatingIfNeeded: notify.timestamp),
                    pixels: Int(notify.area.width) * Int(notify.area.height)))
        }
    }

    /// Forgets the events drained so far.
    public func reset() {
        drain()
        events.removeAll(keepingCapacity: true)
    }

    /// CLOCK_MONOTONIC in milliseconds, truncated to 32 bits as the server stamps its events.
    public static func serverMilliseconds(_ monotonicSeconds: Double) -> UInt32 {
        UInt32(truncatingIfNeeded: Int64((monotonicSeconds * 1000).rounded(.down)))
    }
}
