#if canImport(Glibc)
import Glibc
#endif
import ModalKit

/// An H.264 MP4 made by the `ffmpeg` program, fed raw frames on a pipe: the lab links no video codec, and ffmpeg
/// is in every distribution. It writes the file at `path` (a temporary name `OutputFile` renames when done).
final class FFmpegSink: VideoSink {
    /// The Debian package that has the program, named when it is missing.
    static let package = "ffmpeg"
    private let pid: pid_t
    private var input: Int32
    private let path: String

    /// The program's path on PATH, nil when it is not installed.
    static func program() -> String? {
        let folders = (getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin").split(separator: ":")
        return folders.map { "\($0)/ffmpeg" }.first { access($0, X_OK) == 0 }
    }

    /// Starts ffmpeg writing `width`×`height` frames at `fps` to `path`.
    init(program: String, path: String, width: Int, height: Int, fps: Double) throws {
        self.path = path
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
        let bytes = frame.pixels.withUnsafeBytes { Array($0) }
        for _ in 0 ..< count where !OutputFile.writeAll(input, bytes) {
            close(input)
            input = -1
            throw LabError.io("ffmpeg stopped (exit status \(wait())) before it had every frame")
        }
    }

    func finish() throws {
        close(input)
        input = -1
        let status = wait()
        guard status == 0 else { throw LabError.io("ffmpeg failed (exit status \(status)) writing the MP4") }
    }

    func abandon() {
        guard input >= 0 else { return }
        close(input)
        input = -1
        kill(pid, SIGKILL)
        _ = wait()
    }

    /// Waits for the program; its exit status, or 128 + the signal that ended it.
    private func wait() -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }
}
