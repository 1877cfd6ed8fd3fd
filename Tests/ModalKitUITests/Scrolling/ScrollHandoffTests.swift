import ModalKitTestSupport
import XCTest
@testable import ModalKitUI

/// The split of one drag between a sheet and its scrolling content (UIKit's sheet with scrolling content).
final class ScrollHandoffTests: XCTestCase {
    /// A sheet whose largest detent is at 40 and which may be dragged down to 667 (dismissed).
    private let range = 40.0 ... 667.0

    /// Applies `steps` to `state` like a sheet and a scroll view would; returns the total travel of each.
    private func run(_ steps: [Double], from state: inout ScrollHandoff.State, handoff: inout ScrollHandoff)
        -> (sheet: Double, content: Double)
    {
        var sheet = 0.0, content = 0.0
        for step in steps {
            let split = handoff.split(step, in: state)
            state.sheetPosition += split.sheet
            state.contentOffset -= split.content
            sheet += split.sheet
            content += split.content
        }
        return (sheet, content)
    }

    func testDraggingUpFromTheMediumDetentRaisesTheSheetThenScrollsTheContent() {
        var handoff = ScrollHandoff()
        var state = ScrollHandoff.State(sheetPosition: 333, sheetRange: range, contentOffset: 0)
        let (sheet, content) = run(Array(repeating: -10, count: 40), from: &state, handoff: &handoff)
        XCTAssertEqual(sheet, -293, "the sheet rises to the largest detent and no further")
        XCTAssertEqual(state.sheetPosition, 40)
        XCTAssertEqual(content, -107, "the rest of the same drag scrolls the content")
        XCTAssertEqual(state.contentOffset, 107)
        XCTAssertEqual(handoff.release(), .content, "released while the content moves: the content decelerates")
    }

    func testAtTheLargestDetentTheContentScrollsAndTheSheetStays() {
        var handoff = ScrollHandoff()
        var state = ScrollHandoff.State(sheetPosition: 40, sheetRange: range, contentOffset: 300)
        let (sheet, content) = run([-20, -20, 15, 30], from: &state, handoff: &handoff)
        XCTAssertEqual(sheet, 0)
        XCTAssertEqual(content, 5)
        XCTAssertEqual(state.contentOffset, 295)
    }

    func testDraggingDownScrollsTheContentToItsTopThenMovesTheSheetDown() {
        var handoff = ScrollHandoff()
        var state = ScrollHandoff.State(sheetPosition: 40, sheetRange: range, contentOffset: 50)
        let (sheet, content) = run(Array(repeating: 20, count: 10), from: &state, handoff: &handoff)
        XCTAssertEqual(content, 50)
        XCTAssertEqual(state.contentOffset, 0, "the content stops exactly at its top")
        XCTAssertEqual(sheet, 150, "and the same drag carries the sheet down")
        XCTAssertEqual(handoff.release(), .sheet, "released while the sheet moves: the sheet gets the velocity")
    }

    func testASheetThatMayNotMoveLeavesEverythingToTheContent() {
        var handoff = ScrollHandoff()
        var state = ScrollHandoff.State(sheetPosition: 333, sheetRange: range, sheetCanMove: false, contentOffset: 0)
        let (sheet, content) = run([-30, 60], from: &state, handoff: &handoff)
        XCTAssertEqual(sheet, 0)
        XCTAssertEqual(content, 30)
        XCTAssertEqual(state.contentOffset, -30, "past its top the content takes the pull (its rubber band shows it)")
    }

    func testWithoutExpandingOnScrollDraggingUpOnlyScrolls() {
        var handoff = ScrollHandoff(prefersScrollingExpandsWhenScrolledToEdge: false)
        var state = ScrollHandoff.State(sheetPosition: 333, sheetRange: range, contentOffset: 0)
        let (sheet, content) = run([-40], from: &state, handoff: &handoff)
        XCTAssertEqual(sheet, 0)
        XCTAssertEqual(content, -40)
        let (down, _) = run([60], from: &state, handoff: &handoff)
        XCTAssertEqual(down, 20, "down still scrolls back to the top first, then moves the sheet")
    }

    func testContentStretchedPastItsTopComesBackBeforeTheSheetRises() {
        var handoff = ScrollHandoff()
        var state = ScrollHandoff.State(sheetPosition: 667, sheetRange: range, contentOffset: -12)
        let split = handoff.split(-20, in: state)
        XCTAssertEqual(split.content, -12)
        XCTAssertEqual(split.sheet, -8)
        state.contentOffset = 0
        XCTAssertEqual(handoff.release(), .sheet)
    }

    func testTheReleaseGoesToTheContentWhenNothingMoved() {
        XCTAssertEqual(ScrollHandoff().release(), .content)
    }

    /// Random drags in both directions from random states: the travels always add up to the pointer's, each
    /// share goes the pointer's way and is no longer than the step, and the sheet never rises past its top.
    func testRandomSequencesLoseNoTravelAndNeverJump() {
        var rng = SplitMix64(seed: 12)
        for _ in 0 ..< 500 {
            var handoff = ScrollHandoff(prefersScrollingExpandsWhenScrolledToEdge: rng.nextUnit() < 0.8)
            let top = 20 + 100 * rng.nextUnit()
            var state = ScrollHandoff.State(
                sheetPosition: top + 400 * rng.nextUnit(), sheetRange: top ... 700,
                sheetCanMove: rng.nextUnit() < 0.9,
                contentOffset: -30 + 600 * rng.nextUnit(), contentTop: 0)
            let startSheet = state.sheetPosition
            var pointer = 0.0, sheet = 0.0, content = 0.0
            for _ in 0 ..< Int(5 + 60 * rng.nextUnit()) {
                let step = (rng.nextUnit() - 0.5) * 80
                let before = state
                let split = handoff.split(step, in: state)
                XCTAssertEqual(split.sheet + split.content, step, accuracy: 1e-9)
                for share in [split.sheet, split.content] {
                    XCTAssertGreaterThanOrEqual(share * step, 0, "never against the pointer")
                    XCTAssertLessThanOrEqual(abs(share), abs(step) + 1e-9)
                }
                if !state.sheetCanMove { XCTAssertEqual(split.sheet, 0) }
                state.sheetPosition += split.sheet
                state.contentOffset -= split.content
                if split.sheet < 0 {
                    XCTAssertGreaterThanOrEqual(state.sheetPosition, min(top, before.sheetPosition) - 1e-9)
                }
                pointer += step; sheet += split.sheet; content += split.content
            }
            XCTAssertEqual(sheet + content, pointer, accuracy: 0.5)
            XCTAssertEqual(state.sheetPosition - startSheet, sheet, accuracy: 1e-9)
        }
    }
}
