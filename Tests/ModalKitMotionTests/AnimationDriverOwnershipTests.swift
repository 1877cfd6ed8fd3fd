import XCTest
import ModalKitBase
@testable import ModalKitMotion

/// The driver owns the animators running on it; an animator only points back weakly. A driver that is let go
/// (the lab drops the old scene's) frees what still runs on it, with everything its completions capture.
final class AnimationDriverOwnershipTests: XCTestCase {
    private final class Payload {}

    func testDroppingADriverFreesItsRunningAnimatorsAndWhatTheirCompletionsHold() {
        let clock = ManualClock()
        let before = PropertyAnimator.liveInstances
        weak var payload: Payload?
        weak var animator: PropertyAnimator?
        do {
            let driver = AnimationDriver(clock: clock)
            let held = Payload()
            payload = held
            let running = PropertyAnimator(duration: 1, curve: .linear, driver: driver)
            running.addAnimation(from: 0.0, to: 1.0) { _ in }
            running.addCompletion { _ in _ = held }
            running.startAnimation()
            animator = running
            clock.advance(by: 0.25)
            driver.tick(at: clock.now)
            XCTAssertEqual(PropertyAnimator.liveInstances, before + 1)
            XCTAssertTrue(driver.isAnimating)
        }
        XCTAssertNil(animator, "the running animator went with its driver")
        XCTAssertNil(payload, "and so did what its completion captured")
        XCTAssertEqual(PropertyAnimator.liveInstances, before)
    }

    func testAnAnimatorWhoseDriverIsGoneNoLongerRuns() {
        let clock = ManualClock()
        var driver: AnimationDriver? = AnimationDriver(clock: clock)
        let animator = PropertyAnimator(duration: 1, curve: .linear, driver: driver ?? AnimationDriver(clock: clock))
        var completions = 0
        animator.addCompletion { _ in completions += 1 }
        driver = nil
        animator.startAnimation()
        XCTAssertFalse(animator.isRunning)
        XCTAssertEqual(completions, 0)
    }
}
