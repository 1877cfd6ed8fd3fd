import XCTest
import ModalKit
@testable import ModalLab
@testable import ModalLabCore

/// The sheet scene on a manual clock: where releases land, the rubber band, the speed carried at release, no jump
/// when the moving sheet is grabbed in any phase, blocked dismissal, and the keys.
final class SheetSceneTests: XCTestCase {
    private let medium = 667 / 2.0, large = 30.0

    private func sheetDriver(set: [(String, ParameterValue)] = [], trace: String? = nil) throws -> HeadlessLab {
        let d = try HeadlessLab(pinnedScene: SceneKind(SheetScene.self), parameters: set, tracePath: trace)
        d.settle()
        return d
    }

    private func y(_ d: HeadlessLab, file: StaticString = #filePath, line: UInt = #line) -> Double {
        guard let card = d.card else { XCTFail("no sheet", file: file, line: line); return .nan }
        return card.minY
    }

    private func scene(_ d: HeadlessLab) -> SheetScene? { d.lab.scene as? SheetScene }

    func testAtMediumTheBlockSwitchAndItsHintAreClearOfTheHUD() throws {
        let d = try sheetDriver()
        let hud = try XCTUnwrap(d.lab.window.subviews.first { $0.accessibilityIdentifier == "hud" })
        let panel = try XCTUnwrap(hud.subviews.first { $0 is HUDPanel })
        XCTAssertFalse(hud.isHidden)
        XCTAssertEqual(y(d), medium, accuracy: 1e-9)
        // The panel sits over the dimmed list above the sheet (HUDLegibilityTests: none of the sheet is covered).
        XCTAssertLessThanOrEqual(panel.convertToWindow(Point(x: 0, y: panel.bounds.height)).y, y(d))
    }

    // MARK: Where releases land

    func testAFlickUpFromMediumLandsOnLarge() throws {
        let d = try sheetDriver()
        d.drag(from: Point(x: 187, y: 450), by: Point(x: 0, y: -60), over: 3 / 60.0) // 1200 pt/s up
        d.settle()
        XCTAssertEqual(y(d), large, accuracy: 1e-6)
        XCTAssertEqual(scene(d)?.sheet?.effectiveDetentIdentifier, .large)
    }

    func testASlowDragFromLargeToJustBelowTheMiddleLandsOnMedium() throws {
        let d = try sheetDriver()
        d.key(.up)
        d.settle()
        XCTAssertEqual(y(d), large, accuracy: 1e-6)
        // Large at 30, medium at 333.5: their middle is 181.75. Held still at 200 before the release.
        d.drag(from: Point(x: 187, y: 100), by: Point(x: 0, y: 170), over: 1, restBeforeRelease: 0.1)
        d.settle()
        XCTAssertEqual(y(d), medium, accuracy: 1e-6)
    }

    func testAFlickDownFromMediumDismisses() throws {
        let d = try sheetDriver()
        d.drag(from: Point(x: 187, y: 450), by: Point(x: 0, y: 60), over: 3 / 60.0)
        XCTAssertEqual(d.lab.scene.status.phase, .dismissing)
        d.settle()
        XCTAssertEqual(d.topName, "presenting")
        XCTAssertEqual(d.lab.scene.root.view.transform, .identity)
    }

    func testTheRuleParameterSwitchesTheDecision() throws {
        // The same 600 pt/s upward release from medium: projection carries it to large, nearest stays.
        let projected = try sheetDriver()
        projected.drag(from: Point(x: 187, y: 450), by: Point(x: 0, y: -60), over: 0.1)
        projected.settle()
        XCTAssertEqual(y(projected), large, accuracy: 1e-6)
        let nearest = try sheetDriver(set: [("rule", .choice("nearest"))])
        nearest.drag(from: Point(x: 187, y: 450), by: Point(x: 0, y: -60), over: 0.1)
        nearest.settle()
        XCTAssertEqual(y(nearest), medium, accuracy: 1e-6)
    }

    // MARK: Under the pointer, rubber band, velocity

    func testTheSheetIsUnderThePointerFromTheFirstDraggedFrame() throws {
        let d = try sheetDriver()
        let press = Point(x: 187, y: 450)
        d.send(.pointerDown(press, time: d.clock.now))
        d.step()
        d.send(.pointerMove(press + Point(x: 0, y: 6), time: d.clock.now))
        XCTAssertEqual(y(d), medium, "inside the slop nothing moves")
        d.step()
        d.send(.pointerMove(press + Point(x: 0, y: 13), time: d.clock.now))
        XCTAssertEqual(y(d), medium + 13, accuracy: 1e-9, "the pan began: the whole 13 points, slop included")
    }

    func testPullingAboveLargeMeetsTheRubberBand() throws {
        let d = try sheetDriver()
        d.key(.up)
        d.settle()
        // On the title: at large a drag up on the list scrolls the list.
        d.drag(from: Point(x: 187, y: large + 34), by: Point(x: 0, y: -60), over: 0.5, release: false)
        // 60 points above large, with the room above (30 points) as the dimension: 30·(1 − 1/(60·0.55/30 + 1)).
        XCTAssertEqual(y(d), large - 30 * (1 - 1 / (60 * 0.55 / 30 + 1)), accuracy: 1e-9)
        d.send(.pointerUp(Point(x: 187, y: large + 34 - 60), time: d.clock.now))
        d.settle()
        XCTAssertEqual(y(d), large, accuracy: 1e-6)
    }

    func testTheFirstAnimatedFrameCarriesTheReleaseSpeedWithinFivePercent() throws {
        let d = try sheetDriver()
        let press = Point(x: 187, y: 450)
        d.send(.pointerDown(press, time: d.clock.now))
        var ys: [Double] = []
        for i in 1 ... 8 { // 25 points a frame: 1500 pt/s up
            d.step()
            d.send(.pointerMove(press + Point(x: 0, y: -25 * Double(i)), time: d.clock.now))
            ys.append(y(d))
        }
        d.send(.pointerUp(press + Point(x: 0, y: -200), time: d.clock.now))
        d.step()
        let lastDragged = ys[7] - ys[6], firstAnimated = y(d) - ys[7]
        XCTAssertEqual(lastDragged, -25, accuracy: 1e-9)
        XCTAssertEqual(firstAnimated, lastDragged, accuracy: 0.05 * 25)
        d.settle()
        XCTAssertEqual(y(d), large, accuracy: 1e-6)
    }

    // MARK: Grabbed where it is shown, in every phase

    /// Presses where the sheet is shown and checks it stops there (0 pt), stays there until the slop, then follows.
    private func assertGrabHolds(_ d: HeadlessLab, _ phase: Phase, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(d.lab.scene.status.phase, phase, file: file, line: line)
        let shown = y(d)
        let press = Point(x: 187, y: min(shown + 60, 640))
        d.send(.pointerDown(press, time: d.clock.now))
        XCTAssertEqual(y(d), shown, "0 pt at the press", file: file, line: line)
        d.steps(5)
        XCTAssertEqual(y(d), shown, "held under a still pointer", file: file, line: line)
        d.send(.pointerMove(press + Point(x: 0, y: -20), time: d.clock.now))
        XCTAssertEqual(y(d), shown - 20, accuracy: 1e-9, "then follows 1:1", file: file, line: line)
        d.steps(3)
        d.send(.pointerUp(press + Point(x: 0, y: -20), time: d.clock.now))
        d.settle()
        XCTAssertNotEqual(d.topName, "presenting", "caught, not dismissed", file: file, line: line)
    }

    func testGrabWhilePresenting() throws {
        let d = try sheetDriver()
        d.key(.escape)
        d.settle()
        d.key(.space)
        // On its way up, above the dismissal line (half the medium detent below it), so the release keeps it.
        for _ in 0 ..< 60 where y(d) > 470 { d.step() }
        XCTAssertGreaterThan(y(d), medium + 20, "still well below medium")
        assertGrabHolds(d, .presenting)
    }

    func testGrabWhileSettling() throws {
        let d = try sheetDriver()
        d.drag(from: Point(x: 187, y: 450), by: Point(x: 0, y: -60), over: 3 / 60.0)
        d.steps(3)
        assertGrabHolds(d, .settling)
    }

    func testGrabWhileChangingDetentByKey() throws {
        let d = try sheetDriver()
        d.key(.up)
        d.steps(4)
        assertGrabHolds(d, .settling)
    }

    func testGrabWhileDismissingBringsItBack() throws {
        let d = try sheetDriver()
        d.drag(from: Point(x: 187, y: 450), by: Point(x: 0, y: 60), over: 3 / 60.0)
        d.steps(3)
        assertGrabHolds(d, .dismissing)
        XCTAssertEqual(d.topName, "sheet")
    }

    func testAPressWithoutADragLetsTheSheetGoOnWhereItWasGoing() throws {
        let d = try sheetDriver()
        d.key(.up)
        d.steps(3)
        let shown = y(d)
        d.tap(Point(x: 187, y: shown + 50))
        XCTAssertEqual(d.lab.scene.status.phase, .settling)
        d.settle()
        XCTAssertEqual(y(d), large, accuracy: 1e-6, "a tap carries no decision: on to large, wherever it stopped")
    }

    // MARK: Blocked dismissal, backdrop, keys

    private func block(_ d: HeadlessLab) throws {
        let content = try XCTUnwrap(d.lab.scene.root.presentedViewController as? SheetContentViewController)
        d.tap(content.blockSwitch.convertToWindow(Point(x: 25, y: 15)))
        d.settle()
        XCTAssertTrue(content.isModalInPresentation)
    }

    private func attempts(_ path: String) -> Int {
        ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").components(separatedBy: "\"dismiss_attempt\"")
            .count - 1
    }

    func testABlockedFlickResistsSpringsBackAndReportsOneAttempt() throws {
        let path = NSTemporaryDirectory() + "sheet-blocked-\(UUID().uuidString).jsonl"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let d = try sheetDriver(trace: path)
        try block(d)
        d.drag(from: Point(x: 187, y: 450), by: Point(x: 0, y: 150), over: 0.3, release: false)
        let pulled = y(d) - medium
        XCTAssertEqual(pulled, 333.5 * (1 - 1 / (150 * 0.55 / 333.5 + 1)), accuracy: 1e-9, "rubber band below medium")
        d.send(.pointerUp(Point(x: 187, y: 600), time: d.clock.now))
        d.settle()
        XCTAssertEqual(y(d), medium, accuracy: 1e-6)
        XCTAssertEqual(d.topName, "sheet")
        d.lab.finish()
        XCTAssertEqual(attempts(path), 1)
        let content = try XCTUnwrap(d.lab.scene.root.presentedViewController as? SheetContentViewController)
        XCTAssertFalse(content.discardBar.isHidden, "the app offers to discard")
    }

    func testEachBlockedAttemptIsReportedOnceAndDiscardDismisses() throws {
        let path = NSTemporaryDirectory() + "sheet-attempts-\(UUID().uuidString).jsonl"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let d = try sheetDriver(trace: path)
        try block(d)
        d.key(.escape)
        d.settle()
        d.tap(Point(x: 187, y: 100)) // the dimmed backdrop
        d.settle()
        d.drag(from: Point(x: 187, y: 450), by: Point(x: 0, y: 40), over: 0.5) // a small pull: no attempt
        d.settle()
        XCTAssertEqual(d.topName, "sheet")
        XCTAssertEqual(y(d), medium, accuracy: 1e-6)
        d.lab.finish()
        XCTAssertEqual(attempts(path), 2)
        let content = try XCTUnwrap(d.lab.scene.root.presentedViewController as? SheetContentViewController)
        content.discardBar.discard.sendActions()
        d.settle()
        XCTAssertEqual(d.topName, "presenting", "Discard dismisses for real")
    }

    func testABlockedSheetCaughtOnItsWayBackAndLetGoStaysUp() throws {
        let d = try sheetDriver()
        try block(d)
        d.drag(from: Point(x: 187, y: 450), by: Point(x: 0, y: 1000), over: 1, restBeforeRelease: 0.1)
        d.step()
        let shown = y(d)
        XCTAssertGreaterThan(shown, 500.25, "caught past where an allowed release would dismiss")
        d.tap(Point(x: 187, y: shown + 30))
        d.settle()
        XCTAssertEqual(d.topName, "sheet")
        XCTAssertEqual(y(d), medium, accuracy: 1e-6)
    }

    func testTappingTheBackdropAndEscapeDismiss() throws {
        let tapped = try sheetDriver()
        tapped.tap(Point(x: 187, y: 100))
        XCTAssertEqual(tapped.lab.scene.status.phase, .dismissing)
        tapped.settle()
        XCTAssertEqual(tapped.topName, "presenting")
        let escaped = try sheetDriver()
        escaped.key(.escape)
        escaped.settle()
        XCTAssertEqual(escaped.topName, "presenting")
    }

    func testUpAndDownMoveBetweenDetentsAndStopAtTheEnds() throws {
        let d = try sheetDriver()
        d.key(.down)
        d.settle()
        XCTAssertEqual(y(d), medium, accuracy: 1e-6, "Down at the smallest detent does nothing")
        d.key(.up)
        d.settle()
        XCTAssertEqual(y(d), large, accuracy: 1e-6)
        d.key(.up)
        d.settle()
        XCTAssertEqual(y(d), large, accuracy: 1e-6)
        d.key(.down)
        d.settle()
        XCTAssertEqual(y(d), medium, accuracy: 1e-6)
    }

    // MARK: Behind the sheet

    func testTheScreenBehindShrinksAndDarkensInProportion() throws {
        let d = try sheetDriver()
        let behind = d.lab.scene.root.view
        XCTAssertEqual(behind.transform, .identity, "at medium the screen behind keeps its size")
        let dimming = try XCTUnwrap(
            d.lab.window.subviews.lazy.flatMap(\.subviews).first { $0.accessibilityIdentifier == "dimming" })
        XCTAssertEqual(dimming.backgroundColor.alpha, 0.3, accuracy: 1e-9, "dimmed fully at the smallest detent")
        d.drag(from: Point(x: 187, y: 450), by: Point(x: 0, y: 100), over: 1, restBeforeRelease: 0.1, release: false)
        XCTAssertEqual(
            dimming.backgroundColor.alpha, 0.3 * (233.5 / 333.5), accuracy: 1e-9, "100 points down: it fades")
        d.send(.pointerUp(Point(x: 187, y: 550), time: d.clock.now))
        d.settle()
        XCTAssertEqual(dimming.backgroundColor.alpha, 0.3, accuracy: 1e-9)
        d.drag(from: Point(x: 187, y: 450), by: Point(x: 0, y: -(medium - large) / 2), over: 1, release: false)
        XCTAssertEqual(behind.transform.scaleX, 1 - 0.5 * 0.08, accuracy: 1e-9, "halfway to large: half the shrink")
        XCTAssertEqual(behind.cornerRadius, 10)
        d.send(.pointerUp(Point(x: 187, y: 300), time: d.clock.now))
        d.key(.up)
        d.settle()
        XCTAssertEqual(behind.transform.scaleX, 0.92, accuracy: 1e-9)
        XCTAssertEqual(behind.presentedFrame.minY, 20, accuracy: 1e-9, "its top 10 points above the sheet's")
    }

    func testADragIsABlitTheSheetAndTheScreenBehindAreNeverRedrawn() throws {
        let d = try sheetDriver()
        var frame = Bitmap(width: 375, height: 667)
        d.lab.render(into: &frame, scale: 1)
        let sheetView = try XCTUnwrap(d.lab.scene.root.presentedViewController?.view), behind = d.lab.scene.root.view
        let sheetDraws = sheetView.contentRenderCount, behindDraws = behind.contentRenderCount
        let press = Point(x: 187, y: 450)
        d.send(.pointerDown(press, time: d.clock.now))
        for i in 1 ... 60 { // up 20 points, then between 40 and 240 above medium: shrinking, dimming, scaling
            d.step()
            d.send(.pointerMove(press + Point(x: 0, y: -20 - 100 * (1 - cos(Double(i) / 6))), time: d.clock.now))
            d.lab.render(into: &frame, scale: 1)
        }
        XCTAssertEqual(sheetView.contentRenderCount, sheetDraws, "the sheet moves as its cached pixels")
        XCTAssertEqual(behind.contentRenderCount, behindDraws + 1, "the screen behind is redrawn once, for its corners")
    }

    func testReducedMotionOnlyDimsAndSlowAnimationsTakeTenTimesLonger() throws {
        var configuration = LabConfiguration.pinned
        configuration.sceneKind = SceneKind(SheetScene.self)
        configuration.reducedMotion = true
        let clock = ManualClock()
        let lab = try Lab(configuration: configuration, clock: clock)
        lab.handle(.keyDown(.up, time: 0))
        for _ in 0 ..< 120 { clock.advance(by: 1 / 60.0); lab.advance(to: clock.now) }
        XCTAssertEqual(lab.topCardFrame?.minY ?? .nan, large, accuracy: 1e-6)
        XCTAssertEqual(lab.scene.root.view.transform, .identity, "no zoom under reduced motion")

        let fast = try sheetDriver(), slow = try sheetDriver()
        slow.key(.character("s"))
        fast.key(.up)
        slow.key(.up)
        fast.steps(30)
        slow.steps(300)
        XCTAssertEqual(try XCTUnwrap(slow.card).minY, try XCTUnwrap(fast.card).minY, accuracy: 1e-6)
    }
}
