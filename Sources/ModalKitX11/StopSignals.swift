import CX11
import Glibc

/// SIGTERM, SIGINT, SIGHUP and SIGQUIT turned into a file descriptor (a signalfd) that the run loop polls, so the
/// program ends between two events with its files flushed and closed, instead of dying mid-write or printing a
/// crash report. Make it first thing in `main`, before any thread starts, since threads inherit the signal mask.
public final class StopSignals {
    /// The signals that stop the program cleanly.
    public static let numbers: [Int32] = [SIGTERM, SIGINT, SIGHUP, SIGQUIT]
    /// The one the program made, for code that reads input before the run loop starts.
    public nonisolated(unsafe) static var installed: StopSignals?

    /// Readable once one of the signals is pending.
    public let fileDescriptor: Int32
    private var set = sigset_t()

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

    /// Runs `body` with the signals' default action (ending the process) back, for a call that may block with
    /// nothing to flush yet: opening a FIFO that has no reader must still give way to Ctrl-C.
    public func withDefaultAction<T>(_ body: () throws -> T) rethrows -> T {
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        defer { pthread_sigmask(SIG_BLOCK, &set, nil) }
        return try body()
    }

    /// The signal that arrived, if one did (without waiting).
    public func take() -> Int32? {
        var info = signalfd_siginfo()
        let n = read(fileDescriptor, &info, MemoryLayout<signalfd_siginfo>.size)
        return n == MemoryLayout<signalfd_siginfo>.size ? Int32(info.ssi_signo) : nil
    }

    /// Waits until `fd` is readable or a signal arrives; returns the signal, or nil when `fd` is ready.
    public func wait(for fd: Int32) -> Int32? {
        var fds = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)]
        while poll(&fds, 2, -1) < 0 && errno == EINTR {}
        return fds[1].revents != 0 ? take() : nil
    }
}
