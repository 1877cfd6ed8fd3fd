import XCTest
import ModalKit
@testable import ModalLab
@testable import ModalLabCore

/// A touchpad (or a high-resolution wheel) pulling the sheet through its list, on a manual clock at 60 Hz with the
/// deltas at their own times between frames (issue 28, items 17–19): the gesture keeps its list when the sheet's
/// title slides under the pointer, a pause is not a release, and fingers that never reverse never see the sheet
/// slide back.
final class SheetTouchpadPullTests: XCTestCase {
    private let medium = 667 / 2.0, large = 30.0

    private func sheetLab() throws -> HeadlessLab {
        let d = try HeadlessLab(pinnedScene: SceneKind(SheetScene.self))
        d.settle()
        return d
    }

    private func sheet(_ d: HeadlessLab) -> SheetPresentationController? { (d.lab.scene as? SheetScene)?.sheet }
    private func y(_ d: HeadlessLab) -> Double { d.card?.minY ?? 667 }

    /// Precise scroll deltas at `point`, each `(t, dy)` at `t` seconds from now (dy in scroll terms: negative pulls
    /// the sheet down), delivered at their own times between 60 Hz frames, then `after` seconds of frames.
    /// `afterEvent` sees every event's index once it is handled; returns the sheet's top edge after every frame.
    @discardableResult
    private func touchpad(
        _ d: HeadlessLab, at point: Point, _ events: [(t: Double, dy: Double)], then after: Double,
        afterEvent: (Int) -> Void = { _ in }
    ) -> [Double] {
        let start = d.clock.now, end = start + (events.last?.t ?? 0) + after
        var next = 0, ys = [y(d)]
        while d.clock.now < end - 1e-9 {
            d.step { frameTime in
                while next < events.count, start + events[next].t <= frameTime + 1e-9 {
                    d.clock.set(to: min(max(start + events[next].t, d.clock.now), frameTime))
                    d.scroll(by: Point(x: 0, y: events[next].dy), at: point, precise: true)
                    afterEvent(next)
                    next += 1
                }
            }
            ys.append(y(d))
        }
        return ys
    }

    /// `count` deltas of `dy`, `gap` seconds apart, starting `from` seconds from now.
    private func steady(_ count: Int, _ dy: Double, every gap: Double, from: Double = 0) -> [(t: Double, dy: Double)] {
        (0 ..< count).map { (from + Double($0) * gap, dy) }
    }

    /// How often `ys` moves against `direction` (+1 down, −1 up) by more than a hundredth of a point.
    private func reversals(_ ys: [Double], direction: Double) -> Int {
        zip(ys, ys.dropFirst()).filter { ($1 - $0) * direction < -0.01 }.count
    }

    // MARK: 17. The gesture keeps its list

    func testAPullKeepsFollowingWhenTheTitleSlidesUnderThePointer() throws {
        let d = try sheetLab()
        var missed: [String] = []
        // 3 pt every 10 ms (300 pt/s) with the pointer still at y 430: the title reaches it at y 370.
        touchpad(d, at: Point(x: 187, y: 430), steady(40, -3, every: 0.01), then: 0) { i in
            let expected = medium + 3 * Double(i + 1)
            if abs(y(d) - expected) > 1e-6 { missed.append("event \(i): \(y(d)), not \(expected)") }
        }
        XCTAssertEqual(missed, [], "every delta of the gesture moves the sheet")
        XCTAssertEqual(sheet(d)?.phase, .dragging, "still under the fingers")
    }

    func testASlowPullUnderTheTitleNeitherSawToothsNorSpringsBack() throws {
        let d = try sheetLab()
        // 4 pt every 55 ms: the sheet's title passes under the pointer at y 400 after 17 reports.
        let ys = touchpad(d, at: Point(x: 187, y: 400), steady(30, -4, every: 0.055), then: 0)
        XCTAssertEqual(reversals(ys, direction: 1), 0, "\(ys.map { Int($0) })")
        XCTAssertEqual(y(d), medium + 120, accuracy: 1e-6, "all 30 reports followed")
    }

    // MARK: 18. A pause is not a release

    func testAFortyMillisecondPauseIsNotAReleaseAndTheFingersTakeTheSheetBack() throws {
        let d = try sheetLab()
        // 600 pt/s down for 100 ms (60 pt: projected past the dismissal line), 40 ms still, then 120 pt back up.
        let pull = steady(11, -6, every: 0.01)
        let back = steady(20, 6, every: 0.01, from: 0.1 + 0.04 + 0.01)
        var duringPause: [SheetPresentationController.Phase] = []
        touchpad(d, at: Point(x: 187, y: 600), pull + back, then: 0) { i in
            if i == pull.count - 1 { duringPause.append(sheet(d)?.phase ?? .idle) }
        }
        XCTAssertNil(sheet(d)?.lastRelease, "no release during the pause")
        XCTAssertNotEqual(sheet(d)?.phase, .dismissing)
        XCTAssertEqual(y(d), medium + 66 - 120, accuracy: 10, "the fingers' 120 pt back up moved the sheet")
        d.settle()
        XCTAssertEqual(d.topName, "sheet", "not dismissed")
    }

    func testAReleaseAfterAPauseCarriesNoStaleSpeed() throws {
        let d = try sheetLab()
        // 600 pt/s for 100 ms, 60 ms still, then 1 pt every 10 ms for 20 ms (100 pt/s), then the fingers lift:
        // the last 150 ms hold pull enough for 260 pt/s, but the pause was a stop.
        let events = steady(11, -6, every: 0.01) + steady(3, -1, every: 0.01, from: 0.1 + 0.06 + 0.01)
        touchpad(d, at: Point(x: 187, y: 600), events, then: 0.5)
        let velocity = try XCTUnwrap(sheet(d)?.lastRelease?.velocity)
        XCTAssertEqual(velocity, 100, accuracy: 1, "the release's speed is the fingers' after the pause")
        d.settle()
        XCTAssertEqual(d.topName, "sheet", "a slow release near medium stays")
        XCTAssertEqual(y(d), medium, accuracy: 1e-6)
    }

    // MARK: 19. No saw-tooth

    func testSlowPullsWithReportsFiftyToSixtyMillisecondsApartNeverSlideBack() throws {
        for (dy, point) in [(-4.0, Point(x: 187, y: 600)), (4, Point(x: 187, y: 600)), (-7.5, Point(x: 187, y: 620))] {
            let d = try sheetLab()
            // Gaps alternating 50 and 60 ms, as a slow touchpad or a high-resolution wheel turned by a notch.
            let events: [(t: Double, dy: Double)] = (0 ..< 24).map { i in
                let pair = Double(i / 2) * 0.11, second = i % 2 == 1 ? 0.05 : 0
                return (pair + second, dy)
            }
            let ys = touchpad(d, at: point, events, then: 0)
            let direction = dy < 0 ? 1.0 : -1.0
            XCTAssertEqual(reversals(ys, direction: direction), 0, "\(dy) pt: \(ys.map { Int($0) })")
            XCTAssertEqual(sheet(d)?.lastRelease == nil, true, "\(dy) pt: no release between reports")
        }
    }
}
