import Foundation
import ModalKitTestSupport
import ModalLabDriver

extension Xvfb {
    /// Starts an Xvfb for a test, or skips the test when that is impossible here; under `CI=true` it fails
    /// instead, so a broken CI image cannot pass by skipping every X test.
    public static func startOrSkip(
        width: Int = 1024, height: Int = 768, depth: Int = 24,
        extraArguments: [String] = []
    ) throws -> Xvfb {
        do {
            return try start(width: width, height: height, depth: depth, extraArguments: extraArguments)
        } catch {
            if ProcessInfo.processInfo.environment["CI"] == "true" { throw error }
            try TestIssue.skip("no Xvfb: \(error)")
        }
    }
}
