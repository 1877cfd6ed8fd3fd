import Testing

/// Expects `actual` within `tolerance` of `expected`, as XCTest's `XCTAssertEqual(_:_:accuracy:)`: NaN is never
/// close to anything. The failure names both values and the tolerance (each evaluated once).
public func expectClose<T: FloatingPoint & CustomStringConvertible>(
    _ actual: T, _ expected: T, within tolerance: T, _ comment: Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    guard !(abs(actual - expected) <= tolerance) else { return }
    let why = comment.map { ": \($0)" } ?? ""
    Issue.record("\(actual) is not within \(tolerance) of \(expected)\(why)", sourceLocation: sourceLocation)
}
