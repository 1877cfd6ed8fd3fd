import Glibc
import Synchronization

/// A number no other call in this process gets: Swift Testing runs this target's tests in parallel, so a file
/// named after the process id alone would be written by two tests at once.
func uniqueNumber() -> Int { uniqueNumbers.add(1, ordering: .relaxed).newValue }

private let uniqueNumbers = Atomic<Int>(0)
