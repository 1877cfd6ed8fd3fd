import Glibc
import Synchronization

/// A fixed table of process ids that a signal handler may read: no allocation, no lock, only loads and kill(2).
/// Writers (tests start children from several threads at once) take a lock among themselves. Children beyond its
/// capacity are not tracked (modal-bench runs at most a server and a program at once).
final class LivePIDs {
    private static let capacity = 64
    private let slots = UnsafeMutablePointer<pid_t>.allocate(capacity: LivePIDs.capacity)
    private let writers = Mutex(())

    init() { slots.initialize(repeating: 0, count: LivePIDs.capacity) }

    /// Remembers a process, or a process group given as its negated id.
    func insert(_ pid: pid_t) {
        writers.withLock { _ in
            for i in 0 ..< LivePIDs.capacity where slots[i] == 0 {
                slots[i] = pid
                return
            }
        }
    }

    /// Forgets `pid`, whether it was inserted as a process or (negated) as a process group.
    func remove(_ pid: pid_t) {
        writers.withLock { _ in
            for i in 0 ..< LivePIDs.capacity where slots[i] == pid || slots[i] == -pid { slots[i] = 0 }
        }
    }

    /// Nothing: touching the table (a lazily made static) before a handler can run is what it is for.
    func prepare() {}

    /// `signal` to each (a negative entry is a process group: kill(2) signals all of it); a pid already reaped is
    /// never in the table, so no other process is hit.
    func signalAll(_ signal: Int32) {
        for i in 0 ..< LivePIDs.capacity where slots[i] != 0 { kill(slots[i], signal) }
    }
}
