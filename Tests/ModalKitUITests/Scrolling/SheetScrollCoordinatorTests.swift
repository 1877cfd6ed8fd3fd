import XCTest
import ModalKitBase
import ModalKitMotion
@testable import ModalKitUI

/// A sheet that only records how the coordinator moves it.
final class FakeSheet: ScrollHandoffSheet {
    var sheetPosition: Double
    let sheetRange: ClosedRange<Double>
    var sheetCanMove = true
    var isSheetHeld = false
    private(set) var releases: [Double] = []

    init(position: Double, range: ClosedRange<Double> = 40 ... 667) {
        sheetPosition = position
        sheetRange = range
    }

    private(set) var steps: [Bool] = []

    func moveSheet(by delta: Double) { sheetPosition += delta }
    func releaseSheet(velocity: Double) { releases.append(velocity) }
    /// Steps to `range`'s top when asked for larger (as a sheet with medium and large would), once.
    func stepSheet(larger: Bool) -> Bool {
        guard larger, sheetPosition > sheetRange.lowerBound else { return false }
        steps.append(larger)
        sheetPosition = sheetRange.lowerBound
        return true
    }
}

/// A real scroll view and a fake sheet sharing drags and scroll gestures through the coordinator.
final class SheetScrollCoordinatorTests: XCTestCase {
    private func fixture(sheetAt position: Double, offset: Double = 0) -> (
        ScrollFixture, FakeSheet, SheetScrollCoordinator
    ) {
        let f = ScrollFixture(contentHeight: 2200)
        f.scrollView.contentOffset = Point(x: 0, y: offset)
        let sheet = FakeSheet(position: position)
        return (f, sheet, SheetScrollCoordinator(sheet: sheet, scrollView: f.scrollView))
    }

    func testOneDragUpFromTheMediumDetentRaisesTheSheetThenScrollsAndTheContentKeepsTheVelocity() {
        let (f, sheet, _) = fixture(sheetAt: 333)
        f.drag(from: Point(x: 187, y: 600), velocity: Point(x: 0, y: -1500), frames: 20)
        let pointerTravel = -1500 * 20 * UITestEnvironment.frameInterval
        XCTAssertEqual(sheet.sheetPosition, 40, "the sheet reached the largest detent")
        XCTAssertEqual(
            (sheet.sheetPosition - 333) - f.offsetY, pointerTravel, accuracy: 0.5,
            "sheet travel + content travel = pointer travel")
        XCTAssertEqual(sheet.releases, [0], "the sheet settles where it is; the velocity is not its")
        XCTAssertTrue(f.scrollView.isDecelerating, "the content decelerates with the release velocity")
        XCTAssertEqual(f.willEndVelocity?.y ?? 0, 1.5, accuracy: 0.015)
    }

    func testADragDownWithTheContentAtItsTopMovesTheSheetAndHandsItTheVelocity() {
        let (f, sheet, _) = fixture(sheetAt: 40, offset: 60)
        f.drag(from: Point(x: 187, y: 200), velocity: Point(x: 0, y: 1200), frames: 15)
        XCTAssertEqual(f.offsetY, 0, "the content scrolled back to its top first")
        XCTAssertEqual(sheet.sheetPosition - 40, 1200 * 15 * UITestEnvironment.frameInterval - 60, accuracy: 0.5)
        XCTAssertEqual(sheet.releases.count, 1)
        XCTAssertEqual(sheet.releases.first ?? 0, 1200, accuracy: 12, "the sheet gets the release velocity")
        XCTAssertFalse(f.scrollView.isDecelerating)
    }

    func testASheetHeldByThePressIsLetGoEvenWhenTheDragOnlyScrollsTheContent() {
        let (f, sheet, _) = fixture(sheetAt: 40, offset: 200)
        sheet.isSheetHeld = true
        f.drag(from: Point(x: 187, y: 200), velocity: Point(x: 0, y: 600), frames: 10)
        XCTAssertEqual(sheet.sheetPosition, 40, "the content took the whole drag")
        XCTAssertEqual(sheet.releases, [0], "the held sheet is let go where it is")
    }

    func testTouchpadScrollingPullsTheSheetDownAtTheTopAndReleasesItAfterTheQuietTime() {
        let (f, sheet, _) = fixture(sheetAt: 40, offset: 20)
        for _ in 0 ..< 20 { f.wheel(-5, precise: true); f.env.run(for: 0.01) }
        XCTAssertEqual(f.offsetY, 0)
        XCTAssertEqual(
            sheet.sheetPosition, 120, accuracy: 1e-9, "100 points of scrolling: 20 for the list, 80 the sheet")
        XCTAssertEqual(sheet.releases, [], "not released while the gesture goes on")
        f.env.run(for: ScrollGestureTracker.quietTime)
        XCTAssertEqual(sheet.releases.count, 1)
        XCTAssertEqual(sheet.releases.first ?? 0, 500, accuracy: 1e-6, "5 points per 10 ms, downward")
    }

    func testAWheelClickUpStepsTheSheetAndTheNextClicksGlideTheList() {
        let (f, sheet, _) = fixture(sheetAt: 333)
        for _ in 0 ..< 8 { f.wheel(48, precise: false); f.env.run(for: 0.05) }
        XCTAssertEqual(sheet.steps, [true], "the first click stepped the sheet up, once")
        XCTAssertEqual(sheet.sheetPosition, 40)
        f.env.run(for: 0.2)
        XCTAssertEqual(f.offsetY, 7 * 48, accuracy: 1e-9, "the other seven glided the list")
        XCTAssertEqual(sheet.releases, [], "a click never drags the sheet, so nothing lets it go")
    }

    func testAWheelClickDownStepsTheSheetOnlyWithTheListResting() {
        let (f, sheet, _) = fixture(sheetAt: 40, offset: 48)
        f.wheel(-48, precise: false)
        f.wheel(-48, precise: false)
        f.env.run(for: 0.3)
        XCTAssertEqual(f.offsetY, 0, accuracy: 1e-9, "the list glided to its top; the second click stopped there")
        XCTAssertEqual(sheet.sheetPosition, 40, "the sheet never moved: it was not asked while the list glided")
        XCTAssertEqual(sheet.releases, [])
    }
}
