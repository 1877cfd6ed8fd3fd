import XCTest
@testable import ModalKitBase

final class ServerTimeTests: XCTestCase {
    func testMillisecondsBecomeSeconds() {
        var clock = ServerTime()
        XCTAssertEqual(clock.seconds(for: 1500), 1.5, accuracy: 1e-12)
        XCTAssertEqual(clock.seconds(for: 1516), 1.516, accuracy: 1e-12)
    }

    func testWrapKeepsTimeIncreasing() {
        var clock = ServerTime()
        let before = clock.seconds(for: UInt32.max - 5)
        let after = clock.seconds(for: 10)
        XCTAssertEqual(after - before, 0.016, accuracy: 1e-9)
    }

    func testSmallBackwardStepIsNotAWrap() {
        var clock = ServerTime()
        let a = clock.seconds(for: 5000)
        let b = clock.seconds(for: 4990)
        XCTAssertEqual(b - a, -0.010, accuracy: 1e-9)
    }
}

final class RectTests: XCTestCase {
    func testIntersectionAndUnion() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10)
        let b = Rect(x: 5, y: 5, width: 10, height: 10)
        XCTAssertEqual(a.intersection(b), Rect(x: 5, y: 5, width: 5, height: 5))
        XCTAssertEqual(a.union(b), Rect(x: 0, y: 0, width: 15, height: 15))
        XCTAssertTrue(a.intersection(Rect(x: 20, y: 20, width: 1, height: 1)).isEmpty)
        XCTAssertEqual(Rect.zero.union(b), b)
    }

    func testContainsExcludesFarEdges() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10)
        XCTAssertTrue(a.contains(Point(x: 0, y: 0)))
        XCTAssertFalse(a.contains(Point(x: 10, y: 5)))
    }
}
