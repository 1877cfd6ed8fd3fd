import XCTest
import ModalKitBase
import ModalKitMotion
@testable import ModalKitUI

/// UIKit's additive animations: changes made while an animation runs move the model, and the running offset carries
/// on, so nothing jumps.
final class AdditiveAnimationTests: XCTestCase {
    func testSettingAValueMidAnimationKeepsTheRemainingOffset() {
        let env = UITestEnvironment()
        let view = View(frame: Rect(x: 0, y: 300, width: 100, height: 100))
        env.window.addSubview(view)
        View.animate(withDuration: 1, options: .curveLinear, animations: { view.center.y = 50 })
        env.run(for: 0.5)
        XCTAssertEqual(view.presentation.center.y, 200, accuracy: 1e-9, "halfway from 350 to 50")
        view.center.y = 60
        XCTAssertEqual(view.presentation.center.y, 210, accuracy: 1e-9, "moved by the change, not to it")
        XCTAssertEqual(view.center.y, 60)
        env.run(for: 0.5)
        XCTAssertEqual(view.presentation.center.y, 60, accuracy: 1e-9)
        XCTAssertFalse(view.hasRunningAnimation)
    }

    func testASecondAnimationBlendsWithTheFirst() {
        let env = UITestEnvironment()
        let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        env.window.addSubview(view)
        View.animate(withDuration: 1, options: .curveLinear, animations: { view.center.x = 105 })
        env.run(for: 0.5)
        let before = view.presentation.center.x
        View.animate(withDuration: 1, options: .curveLinear, animations: { view.center.x = 5 })
        XCTAssertEqual(view.presentation.center.x, before, accuracy: 1e-9, "a new animation starts where the view is")
        env.run(for: 1)
        XCTAssertEqual(view.presentation.center.x, 5, accuracy: 1e-9)
    }

    func testChangesWithoutAnimationInsideABlockShowAtOnce() {
        let env = UITestEnvironment()
        let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        env.window.addSubview(view)
        View.animate(
            withDuration: 1,
            animations: {
                view.center.x = 105
                View.performWithoutAnimation { view.alpha = 0.5 }
                view.center.y = 105
            })
        XCTAssertEqual(view.presentation.alpha, 0.5, "not animated")
        XCTAssertEqual(view.presentation.center, Point(x: 5, y: 5), "the block's other changes still animate")
        env.run(for: 1)
        XCTAssertEqual(view.presentation.center, Point(x: 105, y: 105))
    }

    func testFinishingAtTheStartPutsTheModelBack() throws {
        let env = UITestEnvironment()
        let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        env.window.addSubview(view)
        var animator: PropertyAnimator?
        env.window.animationInterceptor = { a, _ in animator = a }
        View.animate(withDuration: 1, animations: { view.alpha = 0 })
        env.window.animationInterceptor = nil
        let a = try XCTUnwrap(animator)
        a.pauseAnimation()
        a.fractionComplete = 0.5
        a.stopAnimation(false)
        a.finishAnimation(at: .start)
        XCTAssertEqual(view.alpha, 1, "the model is back at the start")
        XCTAssertEqual(view.presentation.alpha, 1)
    }
}
