import XCTest
import ModalKitBase
import ModalKitMotion
@testable import ModalKitUI

/// UIKit's touch semantics during animations: a view that an animation without `.allowUserInteraction` is moving
/// takes no presses, and hit-testing asks where views are going (the model), not where they are shown.
final class TouchDuringAnimationTests: XCTestCase {
    private func slidingCard(options: AnimationOptions) -> (UITestEnvironment, View, View) {
        let env = UITestEnvironment()
        let back = View(frame: env.window.bounds)
        let card = View(frame: Rect(x: 0, y: 0, width: 375, height: 667))
        env.window.addSubview(back)
        env.window.addSubview(card)
        card.frame.origin.y = 300
        View.animate(withDuration: 1, options: options.union(.curveLinear), animations: { card.frame.origin.y = 0 })
        env.run(for: 0.5)
        return (env, back, card)
    }

    func testAViewAnimatedWithoutTheOptionTakesNoPresses() {
        let (env, back, card) = slidingCard(options: [])
        XCTAssertEqual(card.presentedFrame.minY, 150, accuracy: 1e-9)
        XCTAssertTrue(card.isInteractionBlockedByAnimation)
        XCTAssertTrue(env.window.hitTest(Point(x: 100, y: 400)) === back, "the press goes to what is under the card")
        env.settle()
        XCTAssertFalse(card.isInteractionBlockedByAnimation)
        XCTAssertTrue(env.window.hitTest(Point(x: 100, y: 400)) === card, "at rest the card takes presses again")
    }

    func testAllowUserInteractionLetsTheMovingViewTakePressesAtItsModelFrame() {
        let (env, back, card) = slidingCard(options: .allowUserInteraction)
        XCTAssertFalse(card.isInteractionBlockedByAnimation)
        // Shown from 150 down, but its model is already at 0: a press above the shown card hits it, as in UIKit.
        XCTAssertTrue(env.window.hitTest(Point(x: 100, y: 100)) === card)
        card.removeFromSuperview()
        XCTAssertTrue(env.window.hitTest(Point(x: 100, y: 100)) === back)
    }

    func testAPercentDrivenTransitionsCapturedAnimationBlocksUntilItCompletes() {
        let env = UITestEnvironment()
        let card = View(frame: Rect(x: 0, y: 0, width: 375, height: 667))
        env.window.addSubview(card)
        var held: [PropertyAnimator] = []
        env.window.animationInterceptor = { captured, _ in
            captured.pauseAnimation(); held.append(captured)
        }
        View.animate(withDuration: 1, animations: { card.frame.origin.y = 667 })
        env.window.animationInterceptor = nil
        XCTAssertTrue(card.isInteractionBlockedByAnimation, "a paused, scrubbed animation still moves the view")
        held.forEach {
            $0.stopAnimation(false); $0.finishAnimation(at: .end)
        }
        XCTAssertFalse(card.isInteractionBlockedByAnimation, "until it ends")
    }
}
