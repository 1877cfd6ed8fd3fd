import Foundation
import XCTest

/// Files a test writes (traces, recordings), named for this process so parallel runs never share one, and
/// removed when the test ends.
final class TemporaryFiles {
    private var paths: [String] = []

    /// A path for `name` in the temporary folder; it is removed by `removeAll()`.
    func path(_ name: String) -> String {
        let path = NSTemporaryDirectory() + "modal-lab-\(getpid())-\(name)"
        paths.append(path)
        return path
    }

    /// Removes every file handed out.
    func removeAll() {
        paths.forEach { unlink($0) }
        paths = []
    }
}
