import XCTest
import ModalKit
@testable import ModalLab
@testable import ModalLabCore

/// How the sheet feels, frame by frame on a manual clock at 60 Hz, against UIKit and its peers (issue 20): wheel
/// clicks never jump, strand or dismiss it and glide the list; motions from rest leave like a spring; a tap on a
/// moving sheet lets it go on where it was going; a dismissed sheet leaves without lingering at the bottom edge.
final class SheetFeelTests: XCTestCase {
    private let medium = 667 / 2.0, large = 30.0, height = 667.0, frame = 1 / 60.0

    private func sheetLab() throws -> HeadlessLab {
        let d = try HeadlessLab(pinnedScene: SceneKind(SheetScene.self))
        d.settle()
        return d
    }

    private func y(_ d: HeadlessLab) -> Double { d.card?.minY ?? height }
    private func list(_ d: HeadlessLab) -> ScrollView? { (d.lab.scene as? SheetScene)?.list }
    private func sheet(_ d: HeadlessLab) -> SheetPresentationController? { (d.lab.scene as? SheetScene)?.sheet }
    private func offset(_ d: HeadlessLab) -> Double { list(d)?.contentOffset.y ?? .nan }

    /// The sheet's top edge after each frame until the lab settles (at most 3 s), the current one first.
    private func frames(_ d: HeadlessLab, _ eachFrame: (Int) -> Void = { _ in }) -> [Double] {
        var shown = [y(d)]
        for i in 1 ... 180 where !d.isSettled || i == 1 {
            d.step()
            eachFrame(i)
            shown.append(y(d))
        }
        return shown
    }

    /// Whether `ys` only ever moves one way (within a hundredth of a point).
    private func oneWay(_ ys: [Double]) -> Bool {
        let steps = zip(ys, ys.dropFirst()).map { $1 - $0 }
        return steps.allSatisfy { $0 <= 0.01 } || steps.allSatisfy { $0 >= -0.01 }
    }

    // MARK: 1. The wheel

    func testWheelClicksTowardTheTopAtLargeNeverDismissOrStrandTheSheet() throws {
        let d = try sheetLab()
        d.key(.up)
        d.settle()
        let ys = frames(d) { i in // three clicks 50 ms apart, as a wheel spun by hand
            if i == 1 || i == 4 || i == 7 {
                d.scroll(by: Point(x: 0, y: -48), at: Point(x: 187, y: 300), precise: false)
            }
        }
        XCTAssertEqual(d.topName, "sheet", "a click has no release to throw the sheet with: never dismissed")
        XCTAssertTrue(oneWay(ys), "one way, no jump back: \(ys.map { Int($0) })")
        XCTAssertTrue([large, medium].contains { abs(y(d) - $0) < 1e-6 }, "at rest on a detent, not \(y(d))")
    }

    func testAWheelClickAtMediumRaisesTheSheetToLargeOnItsSpringWithoutAJumpOrAHang() throws {
        let d = try sheetLab()
        d.scroll(by: Point(x: 0, y: 48), at: Point(x: 187, y: 600), precise: false)
        let ys = frames(d)
        XCTAssertTrue(oneWay(ys), "up and only up: \(ys.map { Int($0) })")
        let stills = zip(ys, ys.dropFirst()).prefix { abs($1 - $0) > 0.01 || abs($1 - large) > 0.1 }
        XCTAssertFalse(stills.contains { abs($1 - $0) <= 0.01 }, "no frame hangs on the way")
        XCTAssertEqual(y(d), large, accuracy: 1e-6)
        XCTAssertEqual(offset(d), 0, accuracy: 1e-9, "the click raised the sheet; the list stayed")
    }

    func testWheelClicksGlideTheListInTheSheetNoFrameMovesItMoreThanSixtyPercentOfAClick() throws {
        let d = try sheetLab()
        d.key(.up)
        d.settle()
        var offsets = [offset(d)]
        for i in 1 ... 40 {
            if i == 1 || i == 4 || i == 7 {
                d.scroll(by: Point(x: 0, y: 48), at: Point(x: 187, y: 300), precise: false)
            }
            d.step()
            offsets.append(offset(d))
        }
        let largest = zip(offsets, offsets.dropFirst()).map { abs($1 - $0) }.max() ?? 0
        XCTAssertLessThanOrEqual(largest, 0.6 * 48, "the largest step in one frame")
        XCTAssertEqual(offset(d), 144, accuracy: 1e-9, "three clicks, three clicks' distance")
        XCTAssertEqual(y(d), large, accuracy: 1e-9, "the sheet stays")
    }

    func testTheTailOfAWheelSpinThatScrolledTheListToItsTopDoesNotLowerTheSheet() throws {
        for lateness in [0.16, 0.2, 0.4] {
            let d = try sheetLab()
            d.key(.up)
            d.settle()
            list(d)?.contentOffset = Point(x: 0, y: 200)
            for i in 1 ... 15 { // a spin toward the top, a click every 50 ms: five clicks take the list to its top
                if i % 3 == 1 { d.scroll(by: Point(x: 0, y: -48), at: Point(x: 187, y: 300), precise: false) }
                d.step()
            }
            for _ in 1 ... 60 where offset(d) > 0 { d.step() } // the glide ends exactly at the top
            XCTAssertEqual(offset(d), 0, "the spin took the list to its top")
            let reachedTop = d.clock.now
            while d.clock.now < reachedTop + lateness - 1e-9 { d.step() }
            d.scroll(by: Point(x: 0, y: -48), at: Point(x: 187, y: 300), precise: false) // the spin's tail
            d.settle()
            XCTAssertEqual(y(d), large, accuracy: 1e-9, "a click \(lateness) s after the list reached its top")
        }
        let d = try sheetLab()
        d.key(.up)
        d.settle()
        d.steps(60) // a deliberate click, a second after anything moved
        d.scroll(by: Point(x: 0, y: -48), at: Point(x: 187, y: 300), precise: false)
        d.settle()
        XCTAssertEqual(y(d), medium, accuracy: 1e-9, "a click toward the top on a list at rest lowers the sheet")
    }

    // MARK: 5. The touchpad

    func testATouchpadPullCoastsOnWithinTwoFramesAndResumedFingersTakeTheSheetOnWithoutAJumpBack() throws {
        let d = try sheetLab()
        d.key(.up)
        d.settle()
        let at = Point(x: 187, y: 300)
        for i in 1 ... 20 { // 5 points a frame toward the top: 300 pt/s, pulling the sheet down
            d.scroll(by: Point(x: 0, y: -5), at: at, precise: true)
            XCTAssertEqual(y(d), large + 5 * Double(i), accuracy: 1e-9, "every delta followed, event \(i)")
            d.step()
        }
        var ys = [y(d)]
        for _ in 1 ... 6 { d.step(); ys.append(y(d)) }
        let still = ys.dropFirst().prefix { abs($0 - ys[0]) < 0.01 }.count
        XCTAssertLessThanOrEqual(still, 2, "frames still after the last delta: \(ys)")
        let speed = (ys[6] - ys[5]) * 60
        XCTAssertEqual(speed, 300, accuracy: 1, "coasting on at the fingers' speed: \(ys)")
        XCTAssertEqual(sheet(d)?.phase, .dragging, "a pause is not a release: still the fingers' own")
        let shown = y(d), lead = shown - (large + 100)
        for _ in 1 ... 3 {
            d.scroll(by: Point(x: 0, y: -5), at: at, precise: true)
            XCTAssertEqual(y(d), shown, accuracy: 1e-9, "the fingers move on: the sheet waits for them, no jump back")
            d.step()
        }
        XCTAssertEqual(y(d), shown, accuracy: 0.5, "no coast while they report")
        let caughtUp = Int((lead / 5).rounded(.up)) - 3
        for _ in 0 ..< max(caughtUp, 0) { d.scroll(by: Point(x: 0, y: -5), at: at, precise: true); d.step() }
        let followed = y(d)
        d.scroll(by: Point(x: 0, y: -5), at: at, precise: true)
        XCTAssertEqual(y(d), followed + 5, accuracy: 1e-9, "once they catch up, followed 1:1 again")
        d.settle()
        XCTAssertEqual(sheet(d)?.lastRelease?.velocity ?? 0, 300, accuracy: 1, "let go at the fingers' speed")
        XCTAssertEqual(y(d), medium, accuracy: 1e-6, "projected nearer medium")
    }

    // MARK: 6. The band

    func testPulledAboveLargeTheListGoesWithTheSheetToTheWindowsBottom() throws {
        let d = try sheetLab()
        d.key(.up)
        d.settle()
        let scrollView = try XCTUnwrap(list(d)), sheetView = try XCTUnwrap(scrollView.superview)
        var listBottoms: [Double] = []
        d.drag(from: Point(x: 187, y: large + 30), by: Point(x: 0, y: -300), over: 0.5, release: false) {
            listBottoms.append(sheetView.convertToWindow(Point(x: 0, y: scrollView.frame.maxY)).y)
        }
        XCTAssertLessThan(y(d), large - 15, "stretched into the band")
        XCTAssertGreaterThanOrEqual(listBottoms.min() ?? 0, height, "no strip of empty sheet below the list")
        d.release()
        d.settle()
        let end = scrollView.contentSize.height + scrollView.contentInset.bottom - scrollView.bounds.height
        scrollView.setContentOffset(Point(x: 0, y: end), animated: false)
        let lastRow = scrollView.contentSize.height - scrollView.contentOffset.y
        XCTAssertEqual(
            sheetView.convertToWindow(Point(x: 0, y: scrollView.frame.minY + lastRow)).y, height,
            accuracy: 0.5, "scrolled to its end at large, the last row still ends at the window's bottom")
    }

    // MARK: 2. From rest

    /// Starts like a spring (35% of the way after 4 frames), never overshoots, at rest within 0.7 s.
    private func assertStartsLikeASpring(
        _ ys: [Double], to target: Double, _ what: String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let start = ys[0], way = target - start
        XCTAssertGreaterThanOrEqual(
            (ys[4] - start) / way, 0.35, "\(what): share after 4 frames", file: file, line: line)
        XCTAssertFalse(ys.contains { ($0 - target) * way > 1e-6 }, "\(what): no overshoot", file: file, line: line)
        let rest = ys.lastIndex { abs($0 - target) > 0.1 } ?? 0
        XCTAssertLessThanOrEqual(Double(rest + 1) * frame, 0.7, "\(what): at rest in time", file: file, line: line)
    }

    func testMotionsFromRestLeaveLikeASpringWithoutOvershootAndRestWithinSevenTenths() throws {
        let d = try sheetLab()
        d.key(.up)
        assertStartsLikeASpring(frames(d), to: large, "up key")
        d.key(.down)
        assertStartsLikeASpring(frames(d), to: medium, "down key")
        d.key(.escape)
        d.settle()
        d.key(.space)
        assertStartsLikeASpring(frames(d), to: medium, "presenting")
    }

    // MARK: 4. Taps

    func testAQuickTapEarlyInThePresentationLetsItGoOnUp() throws {
        let d = try sheetLab()
        d.key(.escape)
        d.settle()
        d.key(.space)
        d.steps(2)
        d.press(at: Point(x: 187, y: min(y(d) + 20, 660)))
        d.steps(4) // a 67 ms tap, no drag
        d.release()
        d.settle()
        XCTAssertEqual(d.topName, "sheet", "a tap does not dismiss a sheet on its way up")
        XCTAssertEqual(y(d), medium, accuracy: 1e-6, "it goes on to the detent it was heading for")
    }

    func testATapOnASheetOnItsWayUpToLargeLetsItGoOnToLarge() throws {
        let d = try sheetLab()
        d.key(.up)
        d.steps(2)
        d.tap(Point(x: 187, y: y(d) + 50))
        d.settle()
        XCTAssertEqual(y(d), large, accuracy: 1e-6)
    }

    func testATapOnALeavingSheetLetsItGoOnLeaving() throws {
        let d = try sheetLab()
        d.key(.escape)
        d.steps(3)
        d.tap(Point(x: 187, y: y(d) + 30))
        d.settle()
        XCTAssertEqual(d.topName, "presenting")
    }

    // MARK: 7. Exit

    /// Frames in which the sheet's top edge is within the bottom 30 points of the window.
    private func lingering(_ ys: [Double]) -> Int { ys.filter { $0 >= height - 30 && $0 < height }.count }

    func testADismissedSheetCrossesTheBottomEdgeWithoutLingering() throws {
        let d = try sheetLab()
        d.key(.escape)
        let fromRest = frames(d)
        XCTAssertEqual(d.topName, "presenting")
        XCTAssertLessThanOrEqual(lingering(fromRest), 2, "from rest: \(fromRest.map { Int($0) })")

        let flicked = try sheetLab()
        flicked.drag(from: Point(x: 187, y: 450), by: Point(x: 0, y: 60), over: 3 * frame) // 1200 pt/s down
        let ys = frames(flicked)
        XCTAssertEqual(flicked.topName, "presenting")
        XCTAssertLessThanOrEqual(lingering(ys), 2, "flicked: \(ys.map { Int($0) })")
    }
}
