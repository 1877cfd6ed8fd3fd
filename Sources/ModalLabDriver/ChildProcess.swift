import Glibc
import Synchronization

/// A child process started with posix_spawn, its stdout and stderr captured in temporary files, for tests that
/// run the real executable. It is killed and reaped when released, so no child outlives a test.
public final class ChildProcess {
    /// How a child ended.
    public enum Termination: Equatable {
        case exited(Int32)
        case signaled(Int32)
    }

    /// The child's process id.
    public let pid: pid_t
    /// How it ended, once `wait` has seen it end.
    public private(set) var termination: Termination?
    private let outputPath: String
    private let errorPath: String

    /// A spawn failure, naming the program.
    public struct LaunchError: Error, CustomStringConvertible {
        /// What could not be started and why.
        public let description: String
    }

    /// Whether the child leads a process group of its own, which `kill` and release signal as a whole.
    public let ownsProcessGroup: Bool

    /// Marks every descriptor above 2 of this process close-on-exec, so a child gets only what it is given
    /// (`dup2` mappings are fresh descriptors, inherited): one a library or an earlier test left inheritable would
    /// change what the child can open (under `ulimit -n 4` the loader of a child found no descriptor for its
    /// libraries, but only after some earlier tests had run).
    private static func closeInheritedOnExec() {
        guard let dir = opendir("/proc/self/fd") else { return }
        defer { closedir(dir) }
        let own = dirfd(dir)
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard let fd = Int32(name), fd > 2, fd != own else { continue }
            let flags = fcntl(fd, F_GETFD)
            if flags >= 0 && flags & FD_CLOEXEC == 0 { _ = fcntl(fd, F_SETFD, flags | FD_CLOEXEC) }
        }
    }

    /// Starts `path` with `arguments` in `environment` (nil: this process's); `dup2` maps parent descriptors to
    /// descriptor numbers in the child (the way `-displayfd 3` gets its pipe). With `ownProcessGroup`, the child
    /// and everything it starts form one group that `kill` ends together: a wrapper script that runs the lab
    /// without `exec` takes the lab with it.
    public init(
        _ path: String, arguments: [String], environment: [String: String]? = nil,
        dup2 mappings: [(parent: Int32, child: Int32)] = [], ownProcessGroup: Bool = false
    ) throws {
        let stem = "/tmp/child-\(getpid())-\(ChildProcess.counter())"
        outputPath = stem + ".out"
        errorPath = stem + ".err"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        for m in mappings { posix_spawn_file_actions_adddup2(&actions, m.parent, m.child) }
        let env = (environment ?? ChildProcess.currentEnvironment()).map { "\($0.key)=\($0.value)" }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The child starts with no signal blocked and the stop signals and SIGPIPE at their defaults, as from a
        // shell: a lab run inside this process (a test's) blocks the stop signals for its signalfd and ignores
        // SIGPIPE, and a child inheriting that outlived SIGTERM (an Xvfb took stop()'s 5 s, then SIGKILL).
        var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
        var none = sigset_t(), defaults = sigset_t()
        sigemptyset(&none)
        sigemptyset(&defaults)
        for number in [SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGPIPE, SIGXFSZ] { sigaddset(&defaults, number) }
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        if ownProcessGroup {
            flags |= POSIX_SPAWN_SETPGROUP
            posix_spawnattr_setpgroup(&attributes, 0)
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))
        var child: pid_t = 0
        let result = ChildProcess.spawning.withLock { _ in
            ChildProcess.closeInheritedOnExec()
            return ChildProcess.withCStrings([path] + arguments) { argv in
                ChildProcess.withCStrings(env) { envp in posix_spawn(&child, path, &actions, &attributes, argv, envp) }
            }
        }
        guard result == 0 else { throw LaunchError(description: "cannot start \(path): error \(result)") }
        pid = child
        ownsProcessGroup = ownProcessGroup
        ChildProcess.live.insert(ownProcessGroup ? -child : child)
    }

    deinit {
        if termination == nil {
            kill(SIGKILL)
            _ = wait(timeout: 5)
        } else if ownsProcessGroup {
            // The leader is gone; what it started may not be (a wrapper's lab ignoring SIGTERM).
            kill(SIGKILL)
        }
        ChildProcess.live.remove(pid)
        unlink(outputPath)
        unlink(errorPath)
    }

    /// Sends a signal: to the child, or to its whole process group when it has one.
    public func kill(_ signal: Int32) { Glibc.kill(ownsProcessGroup ? -pid : pid, signal) }

    /// Waits up to `timeout` seconds for the child to end; nil when it is still running.
    @discardableResult
    public func wait(timeout: Double) -> Termination? {
        let deadline = ChildProcess.now() + timeout
        while termination == nil {
            var status: Int32 = 0
            let r = waitpid(pid, &status, WNOHANG)
            if r == pid {
                let signal = status & 0x7F
                termination = signal == 0 ? .exited((status >> 8) & 0xFF) : .signaled(signal)
                ChildProcess.live.remove(pid)
            } else if r < 0 || ChildProcess.now() >= deadline {
                break
            } else {
                var pause = timespec(tv_sec: 0, tv_nsec: 2_000_000)
                nanosleep(&pause, nil)
            }
        }
        return termination
    }

    /// Everything the child wrote to stdout so far.
    public var standardOutput: String { ChildProcess.read(outputPath) }
    /// Everything the child wrote to stderr so far.
    public var standardError: String { ChildProcess.read(errorPath) }

    /// CLOCK_MONOTONIC in seconds.
    public static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// This process's environment as a dictionary.
    public static func currentEnvironment() -> [String: String] {
        var result: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let eq = text.firstIndex(of: "=") {
                result[String(text[..<eq])] = String(text[text.index(after: eq)...])
            }
            entry += 1
        }
        return result
    }

    /// Makes SIGINT, SIGTERM and SIGHUP end every child still running (SIGTERM, so an Xvfb removes its lock file
    /// and socket), then this process with 128 + the signal, as a shell reports it: a benchmark stopped with
    /// Ctrl-C or kill leaves no X server or lab behind.
    public static func endChildrenOnSignals() {
        live.prepare()
        for stop in [SIGINT, SIGTERM, SIGHUP] {
            signal(stop) { received in
                ChildProcess.live.signalAll(SIGTERM)
                _exit(128 + received)
            }
        }
    }

    /// The children not yet reaped, in a table set up before any signal handler can run.
    fileprivate static let live = LivePIDs()

    /// Held from marking descriptors close-on-exec to the spawn, and while a pipe is made and marked: tests start
    /// children from several threads at once, and a descriptor made between the marking and another thread's
    /// spawn would leak into that child.
    private static let spawning = Mutex(())

    /// `pipe(2)` with both ends close-on-exec before any other thread's child can inherit them; false on failure.
    public static func makeClosedOnExecPipe(_ fds: inout [Int32]) -> Bool {
        spawning.withLock { _ in
            guard pipe(&fds) == 0 else { return false }
            _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
            _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
            return true
        }
    }

    /// Children started so far, for unique output file names: tests start them from several threads at once.
    private static let launched = Atomic<Int>(0)
    private static func counter() -> Int { launched.add(1, ordering: .relaxed).newValue }

    private static func read(_ path: String) -> String {
        guard let file = fopen(path, "rb") else { return "" }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = fread(&chunk, 1, chunk.count, file)
            if n <= 0 { break }
            bytes += chunk[0 ..< n]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func withCStrings<R>(
        _ strings: [String],
        _ body: ([UnsafeMutablePointer<CChar>?]) -> R
    ) -> R {
        var pointers = strings.map { strdup($0) }
        pointers.append(nil)
        defer { pointers.forEach { free($0) } }
        return body(pointers)
    }
}
