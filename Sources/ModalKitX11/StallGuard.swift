import CX11
import Glibc

/// Ends the process when a stop signal came and the thread that should end it cannot: one blocked in an X call
/// whose reply never comes (the server stopped with SIGSTOP, or hung), which no signal can interrupt since the
/// stop signals are blocked and read from a descriptor. A thread of its own waits on that descriptor; `grace`
/// seconds after a signal is pending it takes the lock the program holds while it writes its outputs (so a
/// file being finished is finished), and ends the process with 128 + the signal's number, as the orderly path
/// would have. A program that is not stuck has ended by then and the guard never acts.
final class StallGuard: @unchecked Sendable {
    private let signalDescriptor: Int32
    private let grace: Double
    /// A pipe: written to end the thread (`stop`), which polls its other end.
    private let wake: (read: Int32, write: Int32)
    private var thread = pthread_t()
    /// Held while outputs are written (`StopSignals.finishingOutputs`): the guard waits for it.
    private let outputs = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    /// Guards `taken` and `stopping`, which the program's thread writes and this one reads.
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var taken: Int32?
    private var stopping = false

    init(signals signalDescriptor: Int32, grace: Double) throws {
        self.signalDescriptor = signalDescriptor
        self.grace = grace
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw HostError.windowSystem("cannot create a pipe") }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        wake = (ends[0], ends[1])
        pthread_mutex_init(outputs, nil)
        pthread_mutex_init(lock, nil)
        let started = pthread_create(
            &thread, nil,
            { argument in
                guard let argument else { return nil }
                Unmanaged<StallGuard>.fromOpaque(argument).takeUnretainedValue().watch()
                return nil
            }, Unmanaged.passUnretained(self).toOpaque())
        guard started == 0 else {
            close(wake.read)
            close(wake.write)
            throw HostError.windowSystem("cannot start the stop-signal guard")
        }
    }

    /// Ends the thread and waits for it.
    func stop() {
        pthread_mutex_lock(lock)
        stopping = true
        pthread_mutex_unlock(lock)
        poke()
        pthread_join(thread, nil)
        close(wake.read)
        close(wake.write)
        pthread_mutex_destroy(outputs)
        pthread_mutex_destroy(lock)
        outputs.deallocate()
        lock.deallocate()
    }

    /// Notes the signal the program's own thread took, which the guard ends the process with if it must. The
    /// guard is told through its pipe: having taken the signal, the program left nothing pending on the signalfd
    /// for the guard to see (a poll that wakes for it finds it gone and sleeps on).
    func noteTaken(_ signal: Int32) {
        pthread_mutex_lock(lock)
        taken = signal
        pthread_mutex_unlock(lock)
        poke()
    }

    /// Runs `body` with the guard held off: it ends the process only once `body` is done.
    func holdingOff<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(outputs)
        defer { pthread_mutex_unlock(outputs) }
        return try body()
    }

    private func poke() {
        var one: UInt8 = 1
        _ = write(wake.write, &one, 1)
    }

    private func watch() {
        var entries = [
            pollfd(fd: signalDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0)
        ]
        while true {
            entries[0].revents = 0
            entries[1].revents = 0
            guard poll(&entries, 2, -1) >= 0 || errno == EINTR else { return }
            if entries[1].revents != 0 { drain() }
            pthread_mutex_lock(lock)
            let (stopped, noted) = (stopping, taken != nil)
            pthread_mutex_unlock(lock)
            if stopped { return }
            // Nothing yet: a wake-up for a signal the program took before this thread looked, which its note
            // (in the pipe) is about to say.
            if !noted && entries[0].revents == 0 { continue }
            // A signal is pending or taken: a program that is not stuck ends within the grace.
            if !sleep(grace) { return }
            pthread_mutex_lock(outputs)
            pthread_mutex_lock(lock)
            if let signal = taken ?? StallGuard.read(signalDescriptor) { _exit(128 + signal) }
            pthread_mutex_unlock(lock)
            pthread_mutex_unlock(outputs)
        }
    }

    /// Waits `seconds`; false when `stop` came meanwhile.
    private func sleep(_ seconds: Double) -> Bool {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let deadline = Double(now.tv_sec) + Double(now.tv_nsec) / 1e9 + seconds
        while true {
            clock_gettime(CLOCK_MONOTONIC, &now)
            let left = deadline - (Double(now.tv_sec) + Double(now.tv_nsec) / 1e9)
            if left <= 0 { return true }
            var entry = pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0)
            if poll(&entry, 1, Int32((left * 1000).rounded(.up))) > 0 {
                drain()
                pthread_mutex_lock(lock)
                let stopped = stopping
                pthread_mutex_unlock(lock)
                if stopped { return false }
            }
        }
    }

    /// Empties the pipe (after poll said it holds something, so the read does not wait).
    private func drain() {
        var bytes = [UInt8](repeating: 0, count: 64)
        _ = Glibc.read(wake.read, &bytes, bytes.count)
    }

    /// The pending signal's number, read from the signalfd without waiting.
    static func read(_ descriptor: Int32) -> Int32? {
        var info = signalfd_siginfo()
        let n = Glibc.read(descriptor, &info, MemoryLayout<signalfd_siginfo>.size)
        return n == MemoryLayout<signalfd_siginfo>.size ? Int32(info.ssi_signo) : nil
    }
}
