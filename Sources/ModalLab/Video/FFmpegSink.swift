#if canImport(Glibc)
import Glibc
#endif
import ModalKit
import ModalKitX11

/// An H.264 MP4 made by the `ffmpeg` program, fed raw frames on a pipe: the lab links no video codec, and ffmpeg
/// is in every distribution. It writes the file at `path` (a temporary name `OutputFile` renames when done).
///
/// The pipe follows the output rule's stalled-reader rule (`OutputFile.stallLimit`): it is non-blocking, and an
/// ffmpeg that takes nothing for that long (stopped, hung, or gone without closing its end) fails the render with
/// one line and is killed. A stop signal ends every wait at once: the frames' writes, and ffmpeg's exit.
final class FFmpegSink: VideoSink {
    /// The Debian package that has the program, named when it is missing.
    static let package = "ffmpeg"
    private let pid: pid_t
    private var input: Int32
    private let path: String
    private let signals: StopSignals?
    /// Whether `pid` was waited for (it is then gone, and must not be waited for or signalled again).
    private var reaped = false
    private let clock = MonotonicClock()

    /// The program's path on PATH, nil when it is not installed.
    static func program() -> String? {
        let folders = (getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin").split(separator: ":")
        return folders.map { "\($0)/ffmpeg" }.first { access($0, X_OK) == 0 }
    }

    /// Starts ffmpeg writing `width`×`height` frames at `fps` to `path`.
    init(program: String, path: String, width: Int, height: Int, fps: Double, signals: StopSignals? = nil) throws {
        self.path = path
        self.signals = signals
        // Odd sizes are padded by a pixel: 4:2:0 chroma (what players take) needs even sides.
        let arguments = [
            program, "-hide_banner", "-loglevel", "error", "-f", "rawvideo", "-pix_fmt", "bgra",
            "-s", "\(width)x\(height)", "-r", "\(fps)", "-i", "pipe:0",
            "-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2", "-c:v", "libx264", "-preset", "fast", "-crf", "18",
            "-pix_fmt", "yuv420p", "-movflags", "+faststart", "-f", "mp4", "-y", path
        ]
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw LabError.io("cannot start ffmpeg: \(InputFile.reason())") }
        // Only the child's standard input may stay open in it, or it never sees the end of the frames.
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        defer { close(fds[0]) }
        input = fds[1]
        _ = fcntl(input, F_SETFL, fcntl(input, F_GETFL) | O_NONBLOCK)
        do { pid = try FFmpegSink.spawn(arguments, stdin: fds[0]) } catch {
            close(fds[1])
            throw error
        }
    }

    /// Runs the program with `stdin` as its input, its output and errors discarded, and the stop signals the lab
    /// blocks unblocked again (a blocked mask survives exec: the lab could not end it with SIGTERM).
    private static func spawn(_ arguments: [String], stdin: Int32) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdin, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t(), defaults = sigset_t()
        sigemptyset(&empty)
        sigemptyset(&defaults)
        for number in [SIGPIPE, SIGXFSZ] { sigaddset(&defaults, number) }
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        // A group of its own: Ctrl-C at the terminal reaches the lab, which ends the render and ffmpeg with it,
        // instead of ffmpeg dying first and the lab reporting a broken pipe.
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))
        var argv = arguments.map { strdup($0) }
        argv.append(nil)
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let result = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, environ)
        guard result == 0 else { throw LabError.io("cannot start ffmpeg: \(String(cString: strerror(result)))") }
        return pid
    }

    func add(_ frame: Bitmap, count: Int) throws {
        try frame.pixels.withUnsafeBytes { bytes in
            for _ in 0 ..< count { try write(bytes) }
        }
    }

    /// Writes one frame's bytes, waiting at most `stallLimit` at a time for ffmpeg to take more, and no longer
    /// than a stop signal takes to come.
    private func write(_ bytes: UnsafeRawBufferPointer) throws {
        var offset = 0
        while offset < bytes.count {
            let n = Glibc.write(input, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
            if n > 0 {
                offset += n
                continue
            }
            if n < 0 && errno == EINTR { continue }
            if n < 0 && errno == EAGAIN, try waitUntilWritable() { continue }
            let reason = n < 0 ? OutputFile.reason() : "nothing was written", broken = n < 0 && errno == EPIPE
            close(input)
            input = -1
            // Gone (a broken pipe): say how it ended. Still there: it stopped reading, and is ended here.
            if broken, let status = try waitForExit(within: OutputFile.stallLimit) {
                throw LabError.io("ffmpeg stopped (exit status \(status)) before it had every frame")
            }
            kill(pid, SIGKILL)
            _ = try waitForExit(within: nil)
            throw LabError.io("cannot write frames to ffmpeg: \(reason)")
        }
    }

    /// Waits until the pipe takes more bytes: true; false (errno EAGAIN) after `stallLimit` seconds of nothing.
    /// A stop signal throws `RenderStopped`.
    private func waitUntilWritable() throws -> Bool {
        var entries = [
            pollfd(fd: input, events: Int16(POLLOUT), revents: 0),
            pollfd(fd: signals?.fileDescriptor ?? -1, events: Int16(POLLIN), revents: 0)
        ]
        let deadline = clock.now + OutputFile.stallLimit
        while true {
            let left = deadline - clock.now
            let ready = poll(&entries, 2, Int32(max(0, left) * 1000))
            if ready < 0 && errno == EINTR { continue }
            if entries[1].revents != 0, let signal = signals?.take() { throw RenderStopped(signal: signal) }
            if ready > 0 && entries[0].revents != 0 { return true }
            if ready <= 0 && left <= 0 || ready < 0 {
                errno = EAGAIN
                return false
            }
        }
    }

    func finish() throws {
        close(input)
        input = -1
        // ffmpeg encodes what it holds and writes the file's index after its input ends: as long as it takes.
        let status = try waitForExit(within: nil) ?? 1
        guard status == 0 else { throw LabError.io("ffmpeg failed (exit status \(status)) writing the MP4") }
    }

    func abandon() {
        if input >= 0 { close(input) }
        input = -1
        guard !reaped else { return }
        kill(pid, SIGKILL)
        _ = try? waitForExit(within: nil, stoppable: false)
    }

    /// Waits for the program to end, at most `limit` seconds (nil: for as long as it takes); its exit status,
    /// or 128 + the signal that ended it, or nil when it did not end in time. A stop signal throws
    /// `RenderStopped` (unless `stoppable` is false: after SIGKILL the wait is short anyway).
    private func waitForExit(within limit: Double?, stoppable: Bool = true) throws -> Int32? {
        let deadline = limit.map { clock.now + $0 }
        var status: Int32 = 0
        while true {
            let done = waitpid(pid, &status, WNOHANG)
            if done == pid { break }
            if done < 0 && errno != EINTR { return nil }
            if let deadline, clock.now >= deadline { return nil }
            // No descriptor tells when a child ends (without a SIGCHLD handler): look every 10 ms, and at the
            // stop signals meanwhile.
            var entry = pollfd(fd: stoppable ? signals?.fileDescriptor ?? -1 : -1, events: Int16(POLLIN), revents: 0)
            if poll(&entry, 1, 10) > 0, let signal = signals?.take() { throw RenderStopped(signal: signal) }
        }
        reaped = true
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }
}
