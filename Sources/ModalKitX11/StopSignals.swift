import CX11
import Glibc

/// SIGTERM, SIGINT, SIGHUP and SIGQUIT turned into a file descriptor (a signalfd) that the run loop polls, so the
/// program ends between two events with its files flushed and closed, instead of dying mid-write or printing a
/// crash report. Make it first thing in `main`, before any thread starts, since threads inherit the signal mask.
public final class StopSignals {
    /// The signals that stop the program cleanly.
    public static let numbers: [Int32] = [SIGTERM, SIGINT, SIGHUP, SIGQUIT]

    /// Readable once one of the signals is pending.
    public let fileDescriptor: Int32
    private var set = sigset_t()
    private var stallGuard: StallGuard?

    /// How long after a stop signal a process that is stuck (in an X call to a stopped server) is ended anyway,
    /// by `endingStuckCalls`.
    public static let stuckGrace = 1.0

    /// Blocks the signals (they stay pending instead of killing the process) and opens a descriptor for them.
    public init() throws {
        var mask = sigset_t()
        sigemptyset(&mask)
        for number in StopSignals.numbers { sigaddset(&mask, number) }
        pthread_sigmask(SIG_BLOCK, &mask, nil)
        fileDescriptor = signalfd(-1, &mask, Int32(SFD_NONBLOCK | SFD_CLOEXEC))
        set = mask
        guard fileDescriptor >= 0 else { throw HostError.windowSystem("cannot create a signalfd") }
    }

    deinit { close(fileDescriptor) }

    /// Runs `body` with the signals ending the process at once with exit code 128 + N, for a call that may block
    /// with nothing to flush yet (reading a stream, opening a FIFO with no one at the other end): Ctrl-C must still
    /// work there. A handler, not the default action: the Swift runtime would answer SIGQUIT with a crash report.
    public func endingAtOnce<T>(_ body: () throws -> T) rethrows -> T {
        let previous = StopSignals.numbers.map { signal($0) { number in _exit(128 + number) } }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        defer {
            pthread_sigmask(SIG_BLOCK, &set, nil)
            for (number, handler) in zip(StopSignals.numbers, previous) { signal(number, handler) }
        }
        return try body()
    }

    /// Runs `body` (a session with the X server) with a guard that ends the process `stuckGrace` seconds after a
    /// stop signal if `body` has not ended it by then, with 128 + N: a call to a server that is stopped (SIGSTOP)
    /// or hung waits for its reply in poll() for good, deaf to the blocked signals. Outputs written inside
    /// `finishingOutputs` are finished first; lines written whole (a trace, a recording) are whole anyway.
    public func endingStuckCalls<T>(_ body: () throws -> T) rethrows -> T {
        stallGuard = try? StallGuard(signals: fileDescriptor, grace: StopSignals.stuckGrace)
        defer {
            stallGuard?.stop()
            stallGuard = nil
        }
        return try body()
    }

    /// Runs `body`, which finishes the outputs, before the guard of `endingStuckCalls` may end the process.
    public func finishingOutputs<T>(_ body: () throws -> T) rethrows -> T {
        guard let stallGuard else { return try body() }
        return try stallGuard.holdingOff(body)
    }

    /// The signal that arrived, if one did (without waiting).
    public func take() -> Int32? {
        let signal = StallGuard.read(fileDescriptor)
        if let signal { stallGuard?.noteTaken(signal) }
        return signal
    }
}
