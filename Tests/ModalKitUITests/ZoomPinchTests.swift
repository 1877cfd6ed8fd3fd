import XCTest
import ModalKitBase
import ModalKitMotion
@testable import ModalKitUI

/// The zoom's pinch dismissal on a manual clock: it takes the page after 8.7 pt of finger spread (a 7.25% scale
/// change on the 120-pt span), scales the page about the pinch's center and carries it with the center, and on
/// release lands on the cell below a scale of 0.5 (not projected) or springs back above it.
final class ZoomPinchTests: XCTestCase {
    private let frame = 1 / 60.0
    private let cell = Rect(x: 20, y: 100, width: 100, height: 100)

    /// A page zoomed out of one cell, at rest.
    private func zoomed() -> (UITestEnvironment, ViewController, View) {
        let env = UITestEnvironment()
        let root = env.window.rootViewController!
        let source = View(frame: cell)
        source.backgroundColor = Color(rgb: 0xCC3333)
        root.view.addSubview(source)
        let page = ViewController()
        page.view.backgroundColor = .yellow
        page.preferredTransition = .zoom(options: nil) { _ in source }
        root.present(page, animated: false)
        env.settle()
        return (env, page, source)
    }

    /// A pinch at `center` from scale 1 to `to` in 20 steps a frame apart, moving its center by `move`; not ended.
    private func pinch(_ env: UITestEnvironment, at center: Point, to scale: Double, move: Point = .zero) {
        env.window.handlePointer(.pinch(.began, scale: 1, center: center, time: env.clock.now))
        for i in 1 ... 20 {
            env.run(for: frame)
            let f = Double(i) / 20
            env.window.handlePointer(
                .pinch(
                    .changed, scale: 1 + (scale - 1) * f,
                    center: Point(x: center.x + move.x * f, y: center.y + move.y * f), time: env.clock.now))
        }
    }

    private func end(_ env: UITestEnvironment, scale: Double, at center: Point) {
        env.window.handlePointer(.pinch(.ended, scale: scale, center: center, time: env.clock.now))
    }

    func testASmallPinchDoesNotTakeThePage() {
        let (env, page, _) = zoomed()
        let zoom = page.zoomTransitionController!
        XCTAssertEqual(zoom.pinchStartScaleChange, 8.7 / 120, accuracy: 1e-12)
        pinch(env, at: Point(x: 180, y: 300), to: 1 - 0.07)
        XCTAssertEqual(zoom.phase, .idle, "7% is under 8.7 pt of a 120-pt spread")
        XCTAssertEqual(zoom.cardFrame, env.window.bounds)
        end(env, scale: 0.93, at: Point(x: 180, y: 300))
        XCTAssertEqual(zoom.phase, .idle)
        XCTAssertNotNil(page.presentingViewController)
    }

    func testThePageScalesWithThePinchAboutItsCenterAndFollowsTheCenterWithNoJump() {
        let (env, page, _) = zoomed()
        let zoom = page.zoomTransitionController!
        let bounds = env.window.bounds
        let center = Point(x: 180, y: 300)
        env.window.handlePointer(.pinch(.began, scale: 1, center: center, time: 0))
        env.window.handlePointer(.pinch(.changed, scale: 0.92, center: center, time: 0.01))
        XCTAssertEqual(zoom.phase, .dragging, "8% passes the start")
        XCTAssertEqual(zoom.cardFrame, bounds, "taken where it is: no jump")
        XCTAssertEqual(zoom.gesture, .pinch)
        let moved = Point(x: 200, y: 340)
        env.window.handlePointer(.pinch(.changed, scale: 0.92 * 0.6, center: moved, time: 0.02))
        XCTAssertEqual(zoom.scale, 0.6, accuracy: 1e-9)
        let card = zoom.cardFrame
        // The point of the page that was under the fingers is under them still.
        XCTAssertEqual(card.minX + center.x / bounds.width * card.width, moved.x, accuracy: 1e-9)
        XCTAssertEqual(card.minY + center.y / bounds.height * card.height, moved.y, accuracy: 1e-9)
        let decision = zoom.pendingDecision
        XCTAssertEqual(decision?.threshold, 0.5)
        XCTAssertEqual(decision?.projectedScale ?? 0, 0.6, accuracy: 1e-9, "a pinch is not projected")
        XCTAssertEqual(decision?.dismisses, false)
    }

    func testAPinchReleasedBelowHalfLandsExactlyOnTheCell() {
        let (env, page, source) = zoomed()
        let zoom = page.zoomTransitionController!
        let center = Point(x: 180, y: 300)
        pinch(env, at: center, to: 0.4, move: Point(x: -30, y: 20))
        XCTAssertLessThan(zoom.scale, 0.5)
        end(env, scale: 0.4, at: Point(x: 150, y: 320))
        XCTAssertEqual(zoom.phase, .landing)
        XCTAssertEqual(zoom.lastRelease?.dismisses, true)
        XCTAssertEqual(zoom.lastRelease?.threshold, 0.5)
        XCTAssertEqual(source.alpha, 0)
        var frames: [Rect] = []
        while zoom.isMoving, frames.count < 120 {
            env.run(for: frame)
            frames.append(zoom.cardFrame)
        }
        XCTAssertEqual(frames.last, cell, "it ends exactly on its cell")
        XCTAssertNil(page.presentingViewController, "dismissed once there")
        XCTAssertEqual(source.alpha, 1)
    }

    func testAPinchReleasedAboveHalfSpringsBackOnTheCancelSpring() {
        let (env, page, _) = zoomed()
        let zoom = page.zoomTransitionController!
        let center = Point(x: 180, y: 300)
        // Taken at 0.92 (the first step past 7.25%), the page ends at 0.6 / 0.92 ≈ 0.65.
        pinch(env, at: center, to: 0.6)
        XCTAssertGreaterThan(zoom.scale, 0.5)
        end(env, scale: 0.6, at: center)
        XCTAssertEqual(zoom.phase, .cancelling)
        XCTAssertEqual(zoom.lastRelease?.dismisses, false)
        // The cancel spring (ω 22, ζ 0.9) has it 98% back within about 230 ms.
        let startWidth = zoom.cardFrame.width, full = env.window.bounds.width
        env.run(for: 0.25)
        XCTAssertGreaterThan((zoom.cardFrame.width - startWidth) / (full - startWidth), 0.98)
        env.settle()
        XCTAssertEqual(zoom.cardFrame, env.window.bounds)
        XCTAssertNotNil(page.presentingViewController)
    }

    func testACancelledPinchSpringsBackAndAPinchOffThePageIsIgnored() {
        let (env, page, _) = zoomed()
        let zoom = page.zoomTransitionController!
        pinch(env, at: Point(x: 180, y: 300), to: 0.3)
        env.window.handlePointer(.pinch(.cancelled, scale: 0.3, center: Point(x: 180, y: 300), time: env.clock.now))
        XCTAssertEqual(zoom.phase, .cancelling, "a cancelled pinch never dismisses")
        env.settle()
        XCTAssertFalse(
            env.window.handlePointer(.pinch(.began, scale: 1, center: Point(x: -50, y: -50), time: env.clock.now)),
            "nothing is under a center outside the window")
        XCTAssertFalse(
            env.window.handlePointer(.pinch(.changed, scale: 0.2, center: Point(x: 180, y: 300), time: env.clock.now)),
            "a change with no pinch begun is dropped")
        XCTAssertEqual(zoom.phase, .idle)
    }
}

/// A pinch on a page that leaves the window mid-pinch (the app's dismissal landing) ends cancelled, and the
/// window's observer hears the end though the view is gone, as it hears a press's.
final class PinchLeavingWindowTests: XCTestCase {
    func testAPinchOnAViewThatLeavesTheWindowIsCancelledAndTheWindowHearsIt() {
        let env = UITestEnvironment()
        let view = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        env.window.rootViewController!.view.addSubview(view)
        let pinch = PinchGestureRecognizer()
        view.addGestureRecognizer(pinch)
        var heard: [GestureRecognizer.State] = []
        env.window.onGestureEvent = { heard.append($0.state) }
        XCTAssertTrue(env.window.handlePointer(.pinch(.began, scale: 1, center: Point(x: 50, y: 50), time: 0)))
        view.removeFromSuperview()
        XCTAssertEqual(pinch.state, .cancelled)
        XCTAssertEqual(heard, [.began, .cancelled])
        XCTAssertFalse(
            env.window.handlePointer(.pinch(.changed, scale: 0.5, center: Point(x: 50, y: 50), time: 0.1)),
            "nothing hears the rest of it")
    }
}
