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

    /// Blocks the signals (they stay pending instead of killing the process) and opens a descriptor for them.
    public init() throws {
        var set = sigset_t()
        sigemptyset(&set)
        for number in StopSignals.numbers { sigaddset(&set, number) }
        pthread_sigmask(SIG_BLOCK, &set, nil)
        fileDescriptor = signalfd(-1, &set, Int32(SFD_NONBLOCK | SFD_CLOEXEC))
        guard fileDescriptor >= 0 else { throw HostError.windowSystem("cannot create a signalfd") }
    }

    deinit { close(fileDescriptor) }

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
