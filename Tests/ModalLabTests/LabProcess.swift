import Glibc
import ModalKitTestSupport
import XCTest

/// Starts the built `modal-lab` next to the test bundle.
enum LabProcess {
    /// The products directory: where SwiftPM put both the test runner and the executable.
    static var executablePath: String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        let runner = n > 0 ? String(cString: buffer) : CommandLine.arguments[0]
        var directory = runner
        // The runner is <products>/ModalKitPackageTests.xctest (a file on Linux); walk up out of any bundle.
        repeat {
            directory = String(directory[..<(directory.lastIndex(of: "/") ?? directory.startIndex)])
        } while directory.hasSuffix(".xctest")
        return directory + "/modal-lab"
    }

    /// The package's root folder (where Package.swift is), found from this file's path.
    static var packageRoot: String {
        var path = "\(#filePath)"
        while !path.isEmpty {
            path = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
            if access(path + "/Package.swift", F_OK) == 0 { return path }
        }
        return "."
    }

    static func launch(_ arguments: [String], display: String?, file: StaticString = #filePath,
                       line: UInt = #line) throws -> ChildProcess {
        let path = executablePath
        guard access(path, X_OK) == 0 else {
            XCTFail("modal-lab is not built at \(path)", file: file, line: line)
            throw XCTSkip("no modal-lab")
        }
        var environment = ChildProcess.currentEnvironment()
        environment["DISPLAY"] = display
        return try ChildProcess(path, arguments: arguments, environment: environment)
    }
}
