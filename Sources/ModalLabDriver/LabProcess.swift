import Glibc

/// Finds and starts the built `modal-lab`: the one next to the running executable (modal-bench, or the test
/// runner, which SwiftPM puts in the same products folder).
public enum LabProcess {
    /// Why the lab could not be started.
    public struct LaunchError: Error, CustomStringConvertible {
        /// One line naming the problem.
        public let description: String
    }

    /// The products directory's `modal-lab`.
    public static var executablePath: String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        let me = n > 0 ? String(cString: buffer) : CommandLine.arguments[0]
        var directory = me
        // A test runner is <products>/ModalKitPackageTests.xctest (a file on Linux); walk up out of any bundle.
        repeat {
            directory = String(directory[..<(directory.lastIndex(of: "/") ?? directory.startIndex)])
        } while directory.hasSuffix(".xctest")
        return directory + "/modal-lab"
    }

    /// The package's root folder (where Package.swift is), found from this file's path.
    public static var packageRoot: String {
        var path = "\(#filePath)"
        while !path.isEmpty {
            path = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
            if access(path + "/Package.swift", F_OK) == 0 { return path }
        }
        return "."
    }

    /// Starts `modal-lab` (or another build of it at `executable`) with `arguments`, with `DISPLAY` set to
    /// `display` (nil: unset), in a process group of its own: `executable` may be a wrapper script that starts
    /// the lab without `exec`, and ending the child must end the lab too.
    public static func launch(
        _ arguments: [String], display: String?,
        executable: String = executablePath
    ) throws -> ChildProcess {
        let path = executable
        guard access(path, X_OK) == 0 else { throw LaunchError(description: "modal-lab is not built at \(path)") }
        var environment = ChildProcess.currentEnvironment()
        environment["DISPLAY"] = display
        return try ChildProcess(path, arguments: arguments, environment: environment, ownProcessGroup: true)
    }
}
