import CX11
import Glibc

/// A private X server for one test: started on a free display number (`-displayfd`), stopped in tearDown.
public final class Xvfb {
    /// The display name, like ":3".
    public let display: String
    private let process: ChildProcess
    /// The server's process id, to read what it costs the machine.
    public var pid: pid_t { process.pid }

    /// Why an Xvfb could not be started.
    public struct StartError: Error, CustomStringConvertible {
        /// What went wrong.
        public let description: String
    }

    private init(display: String, process: ChildProcess) {
        self.display = display
        self.process = process
    }

    deinit { stop() }

    /// Starts `Xvfb -displayfd 3 -noreset -nolisten tcp -screen 0 WxHxD` and returns once it accepts connections.
    public static func start(
        width: Int = 1024, height: Int = 768, depth: Int = 24,
        extraArguments: [String] = []
    ) throws -> Xvfb {
        let candidates: [String] = ["/usr/bin/Xvfb", "/usr/local/bin/Xvfb"]
        guard let path = candidates.first(where: { access($0, X_OK) == 0 }) else {
            throw StartError(description: "Xvfb is not installed")
        }
        var fds: [Int32] = [0, 0]
        // Only the dup2'd copy may reach the child; these two must not leak into other children, which tests on
        // other threads may be starting at this moment.
        guard ChildProcess.makeClosedOnExecPipe(&fds) else { throw StartError(description: "cannot create a pipe") }
        defer { close(fds[0]) }
        let arguments =
            [
                "-displayfd", "3", "-noreset", "-nolisten", "tcp", "-screen", "0",
                "\(width)x\(height)x\(depth)"
            ] + extraArguments
        let process: ChildProcess
        do {
            process = try ChildProcess(path, arguments: arguments, dup2: [(fds[1], 3)])
        } catch {
            close(fds[1])
            throw error
        }
        close(fds[1])
        guard let number = readDisplayNumber(fds[0], timeout: 10) else {
            throw StartError(description: "Xvfb did not report a display: \(process.standardError)")
        }
        let server = Xvfb(display: ":\(number)", process: process)
        guard let connection = XOpenDisplay(server.display) else {
            throw StartError(description: "Xvfb on \(server.display) does not answer")
        }
        XCloseDisplay(connection)
        return server
    }

    /// Ends the server politely (SIGTERM), then firmly if it lingers; safe to call twice.
    public func stop() {
        guard process.termination == nil else { return }
        process.kill(SIGTERM)
        if process.wait(timeout: 5) == nil {
            process.kill(SIGKILL)
            process.wait(timeout: 5)
        }
    }

    /// Kills the server with SIGKILL, as a crash would, and reaps it.
    public func kill9() {
        guard process.termination == nil else { return }
        process.kill(SIGKILL)
        process.wait(timeout: 5)
    }

    /// Reads the decimal display number Xvfb writes to the pipe when it is ready.
    private static func readDisplayNumber(_ fd: Int32, timeout: Double) -> Int? {
        let deadline = ChildProcess.now() + timeout
        var text = ""
        while !text.contains("\n") {
            let left = Int32(max(0, (deadline - ChildProcess.now()) * 1000))
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard left > 0, poll(&p, 1, left) > 0 else { return nil }
            var chunk = [UInt8](repeating: 0, count: 32)
            let n = read(fd, &chunk, chunk.count)
            guard n > 0 else { return nil }
            text += String(decoding: chunk[0 ..< n], as: UTF8.self)
        }
        return text.split(whereSeparator: { $0.isWhitespace }).first.flatMap { Int($0) }
    }
}
