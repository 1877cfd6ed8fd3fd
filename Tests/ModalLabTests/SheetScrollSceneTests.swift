import XCTest
import ModalKit
@testable import ModalLab
@testable import ModalLabCore

/// The sheet scene's list on a manual clock: one drag (or one wheel gesture) shared between the sheet and the list
/// with UIKit's `prefersScrollingExpandsWhenScrolledToEdge`, the pointer's travel kept frame by frame, the release
/// velocity handed to whichever was moving, and the sheet still caught where it is shown.
final class SheetScrollSceneTests: XCTestCase {
    private let medium = 667 / 2.0, large = 30.0

    private func sheetLab(trace: String? = nil, record: String? = nil) throws -> HeadlessLab {
        let d = try HeadlessLab(pinnedScene: SceneKind(SheetScene.self), tracePath: trace, recordPath: record)
        d.settle()
        return d
    }

    private func atLarge(listOffset: Double = 0) throws -> HeadlessLab {
        let d = try sheetLab()
        d.key(.up)
        d.settle()
        list(d)?.contentOffset = Point(x: 0, y: listOffset)
        return d
    }

    private func sheet(_ d: HeadlessLab) -> SheetPresentationController? { (d.lab.scene as? SheetScene)?.sheet }
    private func list(_ d: HeadlessLab) -> ScrollView? { (d.lab.scene as? SheetScene)?.list }
    private func y(_ d: HeadlessLab) -> Double { d.card?.minY ?? .nan }
    private func offset(_ d: HeadlessLab) -> Double { list(d)?.contentOffset.y ?? .nan }

    /// Presses at `press` and moves `step` points a frame for `frames` frames, checking after every move past the
    /// pan's slop that the sheet's travel plus the content's equals the pointer's (within 0.5 pt); releases unless
    /// told not to.
    private func handOff(
        _ d: HeadlessLab, from press: Point, step: Double, frames: Int, release: Bool = true,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let y0 = y(d), offset0 = offset(d)
        d.press(at: press)
        for i in 1 ... frames {
            d.step()
            d.move(to: Point(x: press.x, y: press.y + step * Double(i)))
            let travel = (y(d) - y0) - (offset(d) - offset0), pointer = step * Double(i)
            guard abs(pointer) > GestureRecognizer.slop else { continue }
            XCTAssertEqual(travel, pointer, accuracy: 0.5, "frame \(i)", file: file, line: line)
        }
        if release { d.release() }
    }

    // MARK: Dragging the list

    func testADragUpFromMediumRaisesTheSheetThenScrollsTheListAndTheListKeepsTheVelocity() throws {
        let d = try sheetLab()
        handOff(d, from: Point(x: 187, y: 600), step: -25, frames: 20) // 1500 pt/s up, 500 points
        XCTAssertEqual(y(d), large, accuracy: 1e-9, "the sheet went up to large first")
        XCTAssertEqual(offset(d), 500 - (medium - large), accuracy: 0.5, "then the list took the rest")
        XCTAssertEqual(sheet(d)?.effectiveDetentIdentifier, .large)
        let released = offset(d)
        d.step()
        XCTAssertEqual(offset(d) - released, 25, accuracy: 0.05 * 25, "the list decelerates from the release speed")
        XCTAssertTrue(list(d)?.isDecelerating ?? false)
        XCTAssertEqual(y(d), large, accuracy: 1e-9, "the sheet stays")
        d.settle()
        XCTAssertGreaterThan(offset(d), released + 300, "a 1500 pt/s flick glides on")
        XCTAssertEqual(y(d), large, accuracy: 1e-9)
        XCTAssertEqual(d.lab.scene.status.phase, .idle)
    }

    func testADragDownAtLargeScrollsTheListToItsTopThenMovesTheSheetWhichTakesTheVelocityAndDismisses() throws {
        let d = try atLarge(listOffset: 100)
        handOff(d, from: Point(x: 187, y: 200), step: 20, frames: 12) // 1200 pt/s down, 240 points
        XCTAssertEqual(offset(d), 0, accuracy: 1e-9, "the list went back to its top first")
        XCTAssertEqual(y(d), large + 140, accuracy: 1e-9, "then the sheet followed")
        XCTAssertEqual(d.lab.scene.status.phase, .dismissing, "1200 pt/s from 170 projects past the dismissal line")
        XCTAssertEqual(sheet(d)?.lastRelease?.velocity ?? 0, 1200, accuracy: 12)
        XCTAssertFalse(list(d)?.isDecelerating ?? true, "the velocity was the sheet's, not the list's")
        let released = y(d)
        d.step()
        // The same release made on the sheet's title: the sheet's first animated frame is the same to the pixel.
        let direct = try atLarge()
        direct.drag(from: Point(x: 187, y: large + 34), by: Point(x: 0, y: 140), over: 7 / 60.0)
        XCTAssertEqual(y(direct), released, accuracy: 1e-9)
        direct.step()
        XCTAssertEqual(y(d) - released, y(direct) - released, accuracy: 0.01, "the sheet leaves as if dragged itself")
        XCTAssertGreaterThan(y(d) - released, 19, "at about the release speed")
        d.settle()
        XCTAssertEqual(d.topName, "presenting")
    }

    func testTheHUDReadsTheVelocityOfTheDragOnTheList() throws {
        let d = try sheetLab()
        handOff(d, from: Point(x: 187, y: 600), step: -25, frames: 3, release: false)
        XCTAssertEqual(y(d), medium - 75, accuracy: 1e-9)
        let text = (d.lab.scene as? SheetScene)?.rule.readout()?.text ?? ""
        XCTAssertTrue(text.contains("projects to large"), "1500 pt/s up from 258.5 (nearer medium at rest): \(text)")
    }

    func testASlowDragDownWithTheListAtItsTopSettlesTheSheetAtMedium() throws {
        let d = try atLarge()
        handOff(d, from: Point(x: 187, y: 150), step: 10, frames: 25, release: false)
        d.steps(6) // held still: no velocity
        d.release()
        d.settle()
        XCTAssertEqual(y(d), medium, accuracy: 1e-6)
        XCTAssertEqual(offset(d), 0)
    }

    func testWithScrollExpandsOffADragUpAtMediumOnlyScrollsTheList() throws {
        let d = try HeadlessLab(
            pinnedScene: SceneKind(SheetScene.self), parameters: [("scrollExpands", .choice("off"))])
        d.settle()
        handOff(d, from: Point(x: 187, y: 600), step: -12, frames: 10, release: false)
        XCTAssertEqual(y(d), medium, accuracy: 1e-9)
        XCTAssertEqual(offset(d), 120, accuracy: 1e-9)
    }

    func testAtLargeADragUpOnlyScrollsTheList() throws {
        let d = try atLarge()
        handOff(d, from: Point(x: 187, y: 500), step: -12, frames: 10, release: false)
        XCTAssertEqual(y(d), large, accuracy: 1e-9)
        XCTAssertEqual(offset(d), 120, accuracy: 1e-9)
    }

    func testDraggingTheTitleMovesOnlyTheSheet() throws {
        let d = try atLarge(listOffset: 100)
        d.drag(from: Point(x: 187, y: large + 34), by: Point(x: 0, y: 100), over: 0.5, release: false)
        XCTAssertEqual(y(d), large + 100, accuracy: 1e-9)
        XCTAssertEqual(offset(d), 100, "the list keeps its place")
    }

    // MARK: Caught where it is shown

    func testAPressOnTheListWhileTheSheetSettlesHoldsItThenTheDragMovesIt() throws {
        let d = try sheetLab()
        d.key(.up)
        d.steps(4)
        XCTAssertEqual(d.lab.scene.status.phase, .settling)
        let shown = y(d)
        let press = Point(x: 187, y: shown + 150)
        d.press(at: press)
        XCTAssertEqual(y(d), shown, "0 pt at the press")
        d.steps(5)
        XCTAssertEqual(y(d), shown, "held under a still pointer")
        XCTAssertEqual(offset(d), 0)
        for i in 1 ... 4 {
            d.step()
            d.move(to: press + Point(x: 0, y: -6 * Double(i)))
        }
        XCTAssertEqual(y(d), shown - 24, accuracy: 1e-9, "the sheet follows from where it was held")
        XCTAssertEqual(offset(d), 0)
        d.release()
        d.settle()
        XCTAssertEqual(d.lab.scene.status.phase, .idle)
    }

    func testASheetHeldByAPressIsLetGoEvenWhenTheDragOnlyScrollsTheList() throws {
        let d = try atLarge(listOffset: 200)
        d.key(.down)
        d.steps(3)
        let shown = y(d)
        XCTAssertGreaterThan(shown, large + 1, "on its way down")
        handOff(d, from: Point(x: 187, y: shown + 200), step: 6, frames: 5)
        XCTAssertEqual(y(d), shown, accuracy: 1e-9, "dragging down, the list takes it all until its top")
        XCTAssertEqual(offset(d), 170, accuracy: 1e-9)
        d.settle()
        XCTAssertEqual(d.lab.scene.status.phase, .idle, "the release let the held sheet go")
        let rests = [large, medium].contains { abs($0 - y(d)) < 1e-6 }
        XCTAssertTrue(rests, "at a detent, not where the press held it: \(y(d))")
    }

    // MARK: Wheel and touchpad

    /// Found by the random sessions: a press during a wheel gesture that was pulling the sheet ended the gesture
    /// without letting the sheet go, and the sheet stayed mid-drag for ever.
    func testAPressDuringAWheelGestureCatchesTheSheetItPulledAndLetsItGo() throws {
        let tapped = try sheetLab()
        for _ in 0 ..< 3 {
            tapped.scroll(by: Point(x: 0, y: 48), at: Point(x: 187, y: 600), precise: true); tapped.step()
        }
        XCTAssertEqual(y(tapped), medium - 144, accuracy: 1e-9)
        XCTAssertEqual(tapped.lab.scene.status.phase, .interactive)
        tapped.tap(Point(x: 187, y: 500))
        XCTAssertEqual(y(tapped), medium - 144, accuracy: 1e-9, "caught where the wheel left it")
        tapped.settle()
        XCTAssertEqual(tapped.lab.scene.status.phase, .idle, "and let go")
        XCTAssertEqual(y(tapped), medium, accuracy: 1e-6, "189.5 is nearer medium (the middle is 181.75)")

        let dragged = try sheetLab()
        for _ in 0 ..< 9 {
            dragged.scroll(by: Point(x: 0, y: 48), at: Point(x: 187, y: 600), precise: true); dragged.step()
        }
        XCTAssertEqual(offset(dragged), 9 * 48 - (medium - large), accuracy: 1e-9)
        handOff(dragged, from: Point(x: 187, y: 300), step: 5, frames: 10)
        XCTAssertEqual(
            offset(dragged), 9 * 48 - (medium - large) - 50, accuracy: 1e-9, "the drag only scrolled the list")
        dragged.settle()
        XCTAssertEqual(dragged.lab.scene.status.phase, .idle)
        XCTAssertEqual(y(dragged), large, accuracy: 1e-6)
    }

    func testWheelClicksAtMediumRaiseTheSheetOnItsSpringThenGlideTheList() throws {
        let d = try sheetLab()
        for _ in 0 ..< 8 {
            d.scroll(by: Point(x: 0, y: 48), at: Point(x: 187, y: 600), precise: false)
            d.steps(3)
        }
        d.settle()
        XCTAssertEqual(y(d), large, accuracy: 1e-9, "the first click raised the sheet")
        XCTAssertEqual(offset(d), 7 * 48, accuracy: 1e-9, "the other seven scrolled the list, a click each")
        XCTAssertEqual(sheet(d)?.effectiveDetentIdentifier, .large)
    }

    func testTouchpadScrollingAtTheTopPullsTheSheetAndLetsItGoAfterTheQuietTime() throws {
        let d = try atLarge(listOffset: 10)
        for i in 1 ... 20 { // 5 points a frame toward the top: 300 pt/s
            d.scroll(by: Point(x: 0, y: -5), at: Point(x: 187, y: 300), precise: true)
            XCTAssertEqual((y(d) - large) - (offset(d) - 10), 5 * Double(i), accuracy: 1e-9, "event \(i)")
            d.step()
        }
        XCTAssertEqual(offset(d), 0)
        XCTAssertEqual(y(d), large + 90, accuracy: 1e-9)
        XCTAssertEqual(d.lab.scene.status.phase, .interactive, "held between the touchpad's events")
        d.steps(Int((ScrollGestureTracker.quietTime * 60).rounded(.up)))
        XCTAssertNotEqual(d.lab.scene.status.phase, .interactive, "let go once the touchpad went quiet for 120 ms")
        XCTAssertEqual(sheet(d)?.lastRelease?.velocity ?? 0, 300, accuracy: 1, "with the scroll's velocity")
        d.settle()
        XCTAssertEqual(y(d), medium, accuracy: 1e-6, "120 + 300·0.499 projects nearer medium")
    }

    func testTheWheelDuringADragOnTheTitleScrollsOnlyTheList() throws {
        let d = try atLarge()
        d.drag(from: Point(x: 187, y: large + 34), by: Point(x: 0, y: 50), over: 0.25, release: false)
        XCTAssertEqual(y(d), large + 50, accuracy: 1e-9)
        for _ in 0 ..< 4 { d.scroll(by: Point(x: 0, y: 5), at: Point(x: 187, y: 400), precise: true); d.step() }
        XCTAssertEqual(y(d), large + 50, accuracy: 1e-9, "the hand holds the sheet")
        XCTAssertEqual(offset(d), 20, accuracy: 1e-9, "the wheel scrolls the list")
        d.steps(10)
        XCTAssertEqual(
            d.lab.scene.status.phase, .interactive, "the end of the wheel gesture does not let go of the dragged sheet")
        d.move(to: Point(x: 187, y: large + 34 + 80))
        XCTAssertEqual(y(d), large + 80, accuracy: 1e-9, "and the drag goes on")
    }

    // MARK: Cost

    func testAHandOffDragIsABlitTheSheetIsNeverRedrawnAndEachPlaceIsDrawnOnceAsItComesIntoView() throws {
        let d = try sheetLab()
        var frame = Bitmap(width: 375, height: 667)
        d.lab.render(into: &frame, scale: 1)
        let sheetView = try XCTUnwrap(d.lab.scene.root.presentedViewController?.view)
        let content = try XCTUnwrap(list(d)?.subviews.first { $0 is TripList } as? TripList)
        XCTAssertEqual(content.backgroundColor.alpha, 1, "opaque: a scroll frame does not redraw the sheet under it")
        let sheetDraws = sheetView.contentRenderCount
        var rows: [ObjectIdentifier: GroupedRow] = [:], shown = Set(content.shownRows.keys)
        let firstShown = shown
        func note() {
            d.lab.render(into: &frame, scale: 1)
            content.shownRows.values.forEach { rows[ObjectIdentifier($0)] = $0 }
            shown.formUnion(content.shownRows.keys)
        }
        note()
        let rowDraws = rows.values.map(\.contentRenderCount).reduce(0, +)
        d.drag(from: Point(x: 187, y: 600), by: Point(x: 0, y: -500), over: 0.5) { note() }
        d.steps(10) { note() }
        XCTAssertGreaterThan(offset(d), 100, "the list scrolled")
        XCTAssertEqual(sheetView.contentRenderCount, sheetDraws, "the sheet moves as its cached pixels")
        let entered = shown.subtracting(firstShown).count
        XCTAssertGreaterThan(entered, 0, "places came into view")
        XCTAssertEqual(
            rows.values.map(\.contentRenderCount).reduce(0, +) - rowDraws, entered,
            "a place is drawn once when it comes into view, then scrolls as its cached pixels")
    }

    func testScrollingThroughTheListKeepsRowsOnlyForThePlacesInView() throws {
        let d = try atLarge()
        var frame = Bitmap(width: 375, height: 667)
        let scrollView = try XCTUnwrap(list(d))
        let content = try XCTUnwrap(scrollView.subviews.first { $0 is TripList } as? TripList)
        let inView = Int((scrollView.bounds.height / GroupedRow.height).rounded(.up)) + 3
        d.lab.render(into: &frame, scale: 1)
        let caches = View.liveLayerCaches
        for _ in 0 ..< 10 {
            d.scroll(by: Point(x: 0, y: 240), at: Point(x: 187, y: 400), precise: true)
            d.step()
            d.lab.render(into: &frame, scale: 1)
            XCTAssertLessThanOrEqual(content.shownRows.count, inView, "rows only for what is in view")
        }
        d.steps(60) { d.lab.render(into: &frame, scale: 1) }
        XCTAssertEqual(offset(d), scrollView.offsetRange.y.upperBound, accuracy: 0.5, "scrolled to the end")
        XCTAssertNotNil(content.shownRows[content.places.count - 1], "the last place is a row")
        XCTAssertLessThanOrEqual(View.liveLayerCaches - caches, inView, "rows that left are reused, not kept")
    }
    func testEveryPlaceInViewIsARowAfterScrollingAndAfterTheWindowGrows() throws {
        let d = try atLarge(listOffset: 700)
        let scrollView = try XCTUnwrap(list(d))
        let content = try XCTUnwrap(scrollView.subviews.first { $0 is TripList } as? TripList)
        func assertPlacesInViewAreRows(_ when: String, file: StaticString = #filePath, line: UInt = #line) {
            let shown = scrollView.bounds
            let rows = Set(content.shownRows.keys)
            let inView = content.places.indices.filter { index in
                let frame = content.rowFrame(index)
                return frame.maxY > shown.minY && frame.minY < shown.maxY
            }
            XCTAssertFalse(inView.isEmpty, when, file: file, line: line)
            XCTAssertTrue(
                Set(inView).isSubset(of: rows), "\(when): places in view \(inView), rows \(rows.sorted())",
                file: file, line: line)
            XCTAssertEqual(
                content.subviews.compactMap { $0 as? GroupedRow }.count, rows.count + 4, when, file: file, line: line)
        }
        assertPlacesInViewAreRows("scrolled to 700")
        d.lab.handle(.resize(Size(width: 375, height: 1000)))
        d.settle()
        XCTAssertGreaterThan(scrollView.bounds.height, 800, "the list grew with the window")
        assertPlacesInViewAreRows("after the window grew")
    }
}
