import XCTest
import ModalKit
@testable import ModalLab
@testable import ModalLabCore

/// Each scene's release rule, driven headless with pointer events on a manual clock.
final class SceneBehaviourTests: XCTestCase {
    private let middle = Point(x: 187, y: 300)

    /// Who is on top once a fresh scene has come to rest after a one-second drag of `dy` points down the middle.
    private func topAfterSlowDrag(_ scene: SceneKind, dy: Double) throws -> String {
        let d = try HeadlessLab(pinnedScene: scene)
        d.drag(from: middle, by: Point(x: 0, y: dy), over: 1)
        d.settle()
        return d.topName
    }

    // MARK: interactor

    func testInteractorSlowDragInsideTheThresholdCancels() throws {
        let d = try HeadlessLab(pinnedScene: SceneKind(InteractorScene.self))
        d.drag(from: middle, by: Point(x: 0, y: 150), over: 1) // 150 / 667 = 0.22 < 0.3
        XCTAssertEqual(d.lab.scene.status.phase, .cancelling)
        d.settle()
        XCTAssertEqual(d.topName, "modal")
        XCTAssertEqual(try XCTUnwrap(d.card).minY, 0, accuracy: 1e-9)
    }

    func testInteractorDragPastTheThresholdDismisses() throws {
        let d = try HeadlessLab(pinnedScene: SceneKind(InteractorScene.self))
        d.drag(from: middle, by: Point(x: 0, y: 230), over: 1) // 0.345 > 0.3
        XCTAssertEqual(d.lab.scene.status.phase, .finishing)
        d.settle()
        XCTAssertEqual(d.topName, "presenting")
        XCTAssertNil(d.card)
    }

    func testInteractorThresholdIsAParameter() throws {
        let d = try HeadlessLab(pinnedScene: SceneKind(InteractorScene.self), parameters: [("threshold", .number(0.5))])
        d.drag(from: middle, by: Point(x: 0, y: 230), over: 1)
        d.settle()
        XCTAssertEqual(d.topName, "modal", "0.345 is below a threshold of 0.5")
    }

    func testInteractorCardLagsThePointerUnderEaseInOut() throws {
        let d = try HeadlessLab(pinnedScene: SceneKind(InteractorScene.self))
        d.drag(from: middle, by: Point(x: 0, y: 100), over: 0.5, release: false)
        let p = 100 / 667.0
        XCTAssertEqual(try XCTUnwrap(d.card).minY, TimingCurve.easeInOut.value(at: p) * 667, accuracy: 1e-6)
        XCTAssertLessThan(try XCTUnwrap(d.card).minY, 100)
    }

    func testInteractorCloseButtonDismissesWithoutADrag() throws {
        let d = try HeadlessLab(pinnedScene: SceneKind(InteractorScene.self))
        d.tap(Point(x: 40, y: 46))
        XCTAssertEqual(d.lab.scene.status.phase, .dismissing)
        d.steps(Int(0.6 * 60) - 3)
        XCTAssertEqual(d.topName, "modal", "the 0.6 s DismissAnimator is still running")
        d.settle()
        XCTAssertEqual(d.topName, "presenting")
    }

    func testEscapeMidDragCancelsTheDragNotTheModal() throws {
        let d = try HeadlessLab(pinnedScene: SceneKind(InteractorScene.self))
        d.drag(from: middle, by: Point(x: 0, y: 300), over: 0.5, release: false)
        d.key(.escape)
        d.settle()
        XCTAssertEqual(d.topName, "modal", "an Escape during a drag cancels it, even past the threshold")
    }

    func testEscapeDismissesAndSpacePresentsAgain() throws {
        for scene in SceneCatalog.all {
            let d = try HeadlessLab(pinnedScene: scene)
            d.key(.escape)
            d.settle()
            XCTAssertEqual(d.topName, "presenting", "\(scene.info.name): Escape dismisses")
            d.key(.space)
            d.settle()
            XCTAssertNotEqual(d.topName, "presenting", "\(scene.info.name): Space presents again")
            let top = scene.name == SheetScene.info.name ? 667 / 2.0 : 0 // the sheet comes back at its medium detent
            XCTAssertEqual(try XCTUnwrap(d.card).minY, top, accuracy: 1e-6, scene.info.name)
        }
    }

    // MARK: free-drag

    func testFreeDragFollowsThePointerInBothAxes() throws {
        let d = try HeadlessLab(pinnedScene: SceneKind(FreeDragScene.self))
        d.drag(from: middle, by: Point(x: 40, y: 120), over: 0.5, release: false)
        let card = try XCTUnwrap(d.card)
        XCTAssertEqual(card.minX, 40, accuracy: 1e-9)
        XCTAssertEqual(card.minY, 120, accuracy: 1e-9)
    }

    func testFreeDragFastFlickDismissesSlowDragDoesNot() throws {
        let fast = try HeadlessLab(pinnedScene: SceneKind(FreeDragScene.self))
        fast.drag(from: middle, by: Point(x: 0, y: 60), over: 3 / 60.0) // 1200 pt/s... over 3 frames
        fast.settle()
        XCTAssertEqual(fast.topName, "modal-one", "60 pt in 50 ms is 1200 pt/s, under 1500")

        let faster = try HeadlessLab(pinnedScene: SceneKind(FreeDragScene.self))
        faster.drag(from: middle, by: Point(x: 0, y: 100), over: 3 / 60.0) // 2000 pt/s
        faster.settle()
        XCTAssertEqual(faster.topName, "presenting")

        let far = try HeadlessLab(pinnedScene: SceneKind(FreeDragScene.self))
        far.drag(from: middle, by: Point(x: 0, y: 350), over: 2)
        far.settle()
        XCTAssertEqual(far.topName, "modal-one", "distance alone never dismisses: the rule is velocity only")
        XCTAssertEqual(try XCTUnwrap(far.card).minY, 0, accuracy: 1e-9)
    }

    func testFreeDragRestBeforeReleaseIsNoFlick() throws {
        let d = try HeadlessLab(pinnedScene: SceneKind(FreeDragScene.self))
        d.drag(from: middle, by: Point(x: 0, y: 120), over: 3 / 60.0, restBeforeRelease: 0.05)
        d.settle()
        XCTAssertEqual(d.topName, "modal-one", "a 50 ms rest before release means zero velocity")
    }

    func testFreeDragModalTwoOverModalOne() throws {
        let d = try HeadlessLab(pinnedScene: SceneKind(FreeDragScene.self))
        d.tap(Point(x: 187, y: 195))
        d.settle()
        XCTAssertEqual(d.topName, "modal-two")
        d.drag(from: middle, by: Point(x: 0, y: 100), over: 3 / 60.0)
        d.settle()
        XCTAssertEqual(d.topName, "modal-one", "dismissing Two leaves One")
    }

    // MARK: pannable

    func testPannableIsVerticalOnlyAndNeverAboveTheTop() throws {
        let d = try HeadlessLab(pinnedScene: SceneKind(PannableScene.self))
        d.drag(from: middle, by: Point(x: 60, y: -80), over: 0.3, release: false)
        XCTAssertEqual(try XCTUnwrap(d.card).minY, 0)
        XCTAssertEqual(try XCTUnwrap(d.card).minX, 0)
        d.send(.pointerMove(middle + Point(x: 60, y: 90), time: d.clock.now + 0.01))
        XCTAssertEqual(try XCTUnwrap(d.card).minY, 90, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(d.card).minX, 0)
    }

    func testPannableRules() throws {
        let slow = try HeadlessLab(pinnedScene: SceneKind(PannableScene.self))
        slow.drag(from: middle, by: Point(x: 0, y: 300), over: 1) // 300 < 333.5, 300 pt/s
        slow.settle()
        XCTAssertEqual(slow.topName, "modal")

        let far = try HeadlessLab(pinnedScene: SceneKind(PannableScene.self))
        far.drag(from: middle, by: Point(x: 0, y: 340), over: 1)
        far.settle()
        XCTAssertEqual(far.topName, "presenting", "past half the height closes")

        let flick = try HeadlessLab(pinnedScene: SceneKind(PannableScene.self))
        flick.drag(from: middle, by: Point(x: 0, y: 100), over: 3 / 60.0)
        flick.settle()
        XCTAssertEqual(flick.topName, "presenting", "a 2000 pt/s flick closes")
    }

    func testPannableKeepsThePresentingScreenBehind() throws {
        let d = try HeadlessLab(pinnedScene: SceneKind(PannableScene.self))
        XCTAssertTrue(d.lab.scene.root.view.window === d.lab.window, ".overFullScreen")
    }

    // MARK: navigation

    func testNavigationDragOnTheBarDoesNothing() throws {
        let d = try HeadlessLab(pinnedScene: SceneKind(NavigationScene.self))
        d.drag(from: Point(x: 187, y: 40), by: Point(x: 0, y: 300), over: 0.5, release: false)
        XCTAssertNil(d.lab.window.activeTransition)
        XCTAssertEqual(try XCTUnwrap(d.card).minY, 0)
        d.send(.pointerUp(Point(x: 187, y: 340), time: d.clock.now))
        d.settle()
        XCTAssertEqual(d.topName, "modal")
    }

    func testNavigationContentDragFollowsTheInteractorRule() throws {
        XCTAssertEqual(try topAfterSlowDrag(SceneKind(NavigationScene.self), dy: 150), "modal")
        XCTAssertEqual(try topAfterSlowDrag(SceneKind(NavigationScene.self), dy: 230), "presenting")
    }

    func testNavigationDismissBarButton() throws {
        let d = try HeadlessLab(pinnedScene: SceneKind(NavigationScene.self))
        d.tap(Point(x: 375 - 48, y: 42))
        XCTAssertEqual(d.lab.scene.status.phase, .dismissing)
        d.settle()
        XCTAssertEqual(d.topName, "presenting")
    }

    // MARK: spring

    func testSpringPresentationOvershootsAndComesBack() throws {
        let d = try HeadlessLab(pinnedScene: SceneKind(SpringScene.self))
        d.key(.escape)
        d.settle()
        d.key(.space)
        var minY = Double.infinity, frames = 0
        while d.lab.window.activeTransition != nil && frames < 200 {
            d.step()
            frames += 1
            minY = min(minY, d.card?.minY ?? .infinity)
        }
        XCTAssertLessThan(minY, -5, "damping 0.6 overshoots the final frame")
        XCTAssertEqual(Double(frames) / 60, 0.8, accuracy: 0.05, "the spring ends at its 0.8 s duration")
        XCTAssertEqual(try XCTUnwrap(d.card).minY, 0, accuracy: 1e-9)
    }

    func testReducedMotionRemovesTheOvershoot() throws {
        var configuration = LabConfiguration.pinned
        configuration.sceneKind = SceneKind(SpringScene.self)
        configuration.reducedMotion = true
        let clock = ManualClock()
        let lab = try Lab(configuration: configuration, clock: clock)
        lab.handle(.keyDown(.escape, time: 0))
        for _ in 0 ..< 120 { clock.advance(by: 1 / 60.0); lab.advance(to: clock.now) }
        lab.handle(.keyDown(.space, time: clock.now))
        var minY = Double.infinity
        for _ in 0 ..< 240 {
            clock.advance(by: 1 / 60.0)
            lab.advance(to: clock.now)
            minY = min(minY, lab.topCardFrame?.minY ?? .infinity)
        }
        XCTAssertGreaterThanOrEqual(minY, -1e-9, "no overshoot above the final frame")
        XCTAssertEqual(try XCTUnwrap(lab.topCardFrame).minY, 0, accuracy: 0.5)
    }

    func testSpringCompletesPastHalfOfFourHundredPoints() throws {
        XCTAssertEqual(try topAfterSlowDrag(SceneKind(SpringScene.self), dy: 190), "modal")
        XCTAssertEqual(try topAfterSlowDrag(SceneKind(SpringScene.self), dy: 210), "presenting")
    }
}
