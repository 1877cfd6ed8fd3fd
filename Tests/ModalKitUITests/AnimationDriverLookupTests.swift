import XCTest
import ModalKitBase
import ModalKitMotion
@testable import ModalKitUI

/// `View.animate` finds its driver through the window of the views it changes: no process-wide driver.
final class AnimationDriverLookupTests: XCTestCase {
    func testEachWindowsAnimationsRunOnItsOwnDriver() {
        let env = UITestEnvironment()
        let other = Window(size: Size(width: 100, height: 100))
        let otherDriver = AnimationDriver(clock: ManualClock())
        other.animationDriver = otherDriver
        let here = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let there = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        env.window.addSubview(here)
        other.addSubview(there)
        View.animate(
            withDuration: 1, options: .curveLinear,
            animations: {
                here.center.x = 105; there.center.x = 105
            })
        XCTAssertTrue(env.driver.isAnimating, "the block's first window in place drives it")
        XCTAssertFalse(otherDriver.isAnimating)
        View.animate(withDuration: 1, options: .curveLinear, animations: { there.center.y = 105 })
        XCTAssertTrue(otherDriver.isAnimating, "a block that changes only the other window's view runs there")
        env.run(for: 0.5)
        XCTAssertEqual(here.presentation.center.x, 55, accuracy: 1e-9)
        XCTAssertEqual(there.presentation.center.y, 5, accuracy: 1e-9, "the other driver has not ticked")
    }

    func testChangesToViewsInNoWindowStandAtOnceAndComplete() {
        let env = UITestEnvironment()
        let loose = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        var finished: [Bool] = []
        View.animate(withDuration: 1, animations: { loose.alpha = 0.5 }, completion: { finished.append($0) })
        XCTAssertEqual(loose.presentation.alpha, 0.5)
        XCTAssertEqual(finished, [true])
        XCTAssertFalse(env.driver.isAnimating)
    }

    func testAnInteractiveTransitionCapturesOnlyItsOwnWindowsAnimations() throws {
        let env = UITestEnvironment()
        let other = Window(size: Size(width: 100, height: 100))
        other.animationDriver = env.driver
        let there = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        other.addSubview(there)
        var started = false
        env.window.animationInterceptor = { _, _ in XCTFail("another window's animation was captured") }
        View.animate(withDuration: 1, animations: { there.alpha = 0 }, completion: { _ in started = true })
        env.window.animationInterceptor = nil
        env.settle()
        XCTAssertTrue(started)
        XCTAssertEqual(there.presentation.alpha, 0)
    }
}
