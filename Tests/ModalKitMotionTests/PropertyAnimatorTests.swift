import XCTest
import ModalKitBase
@testable import ModalKitMotion

final class PropertyAnimatorTests: XCTestCase {
    private var clock = ManualClock()
    private lazy var driver = AnimationDriver(clock: clock)

    /// An animator with one Double track from 0 to 100 whose latest value and completions are recorded.
    private func makeAnimator(duration: Double = 1, timing: TimingParameters = .curve(.linear))
        -> (PropertyAnimator, Recorder)
    {
        let animator = PropertyAnimator(duration: duration, timingParameters: timing, driver: driver)
        let recorder = Recorder()
        animator.addAnimation(from: 0.0, to: 100.0) { recorder.value = $0 }
        animator.addCompletion { recorder.completions.append($0) }
        return (animator, recorder)
    }

    func testRunsAlongItsCurveAndCompletesOnce() {
        let (animator, record) = makeAnimator(timing: .curve(.easeInOut))
        driver.tick(at: 0)
        animator.startAnimation()
        XCTAssertEqual(record.value, 0)
        XCTAssertTrue(driver.isAnimating)
        driver.tick(at: 0.25)
        XCTAssertEqual(record.value ?? -1, 100 * TimingCurve.easeInOut.value(at: 0.25), accuracy: 1e-9)
        XCTAssertEqual(animator.fractionComplete, 0.25, accuracy: 1e-12)
        driver.tick(at: 1.2)
        XCTAssertEqual(record.value, 100)
        XCTAssertEqual(record.completions, [.end])
        XCTAssertEqual(animator.state, .inactive)
        XCTAssertFalse(driver.isAnimating)
        driver.tick(at: 2)
        XCTAssertEqual(record.completions, [.end])
    }

    func testScrubsForwardAndBackWhilePaused() {
        let (animator, record) = makeAnimator(timing: .curve(.easeInOut))
        animator.pauseAnimation()
        XCTAssertEqual(animator.state, .active)
        for fraction in [0.3, 0.7, 0.2, 0.9, 0.0] {
            animator.fractionComplete = fraction
            driver.tick(at: fraction + 1)
            XCTAssertEqual(record.value ?? -1, 100 * TimingCurve.easeInOut.value(at: fraction), accuracy: 1e-9)
            XCTAssertEqual(animator.fractionComplete, fraction, accuracy: 1e-12)
        }
        XCTAssertFalse(driver.isAnimating)
        XCTAssertEqual(record.completions, [])
    }

    func testReversedRunsBackToTheStart() {
        let (animator, record) = makeAnimator()
        driver.tick(at: 0)
        animator.startAnimation()
        driver.tick(at: 0.4)
        animator.isReversed = true
        driver.tick(at: 0.6)
        XCTAssertEqual(record.value ?? -1, 20, accuracy: 1e-9)
        driver.tick(at: 1.0)
        XCTAssertEqual(record.value, 0)
        XCTAssertEqual(record.completions, [.start])
    }

    func testContinueWithASpringCarriesTheVelocity() {
        let (animator, record) = makeAnimator(timing: .curve(.linear))
        driver.tick(at: 0)
        animator.startAnimation()
        driver.tick(at: 0.5)
        XCTAssertEqual(record.value ?? -1, 50, accuracy: 1e-9)
        animator.continueAnimation(
            withTimingParameters: .spring(
                Spring(dampingRatio: 0.7, response: 0.4),
                initialVelocity: 0), durationFactor: 1)
        // Linear over 1 s moves 100 units per second; the spring must leave at that speed from 50.
        let h = 1e-4
        driver.tick(at: 0.5 + h)
        let first = record.value ?? -1
        driver.tick(at: 0.5 + 2 * h)
        let second = record.value ?? -1
        XCTAssertEqual(first, 50 + 100 * h, accuracy: 0.05 * 100 * h)
        XCTAssertEqual((second - first) / h, 100, accuracy: 5)
        driver.tick(at: 5)
        XCTAssertEqual(record.value, 100)
        XCTAssertEqual(record.completions, [.end])
    }

    func testContinueFromPauseUsesTheSpringsOwnVelocity() {
        let (animator, record) = makeAnimator()
        animator.pauseAnimation()
        animator.fractionComplete = 0.6
        driver.tick(at: 0)
        // Relative velocity 2: twice the remaining 40 units per second.
        animator.continueAnimation(
            withTimingParameters: .spring(
                Spring(dampingRatio: 1, response: 0.3),
                initialVelocity: 2), durationFactor: 1)
        XCTAssertTrue(animator.isRunning)
        let h = 1e-4
        driver.tick(at: h)
        XCTAssertEqual(((record.value ?? -1) - 60) / h, 80, accuracy: 4)
        driver.tick(at: 3)
        XCTAssertEqual(record.completions, [.end])
    }

    func testContinueWithACurveKeepsPositionAndSpeed() {
        let (animator, record) = makeAnimator(timing: .curve(.easeInOut))
        driver.tick(at: 0)
        animator.startAnimation()
        driver.tick(at: 0.5)
        let speed = 100 * TimingCurve.easeInOut.slope(at: 0.5) // units per second over a 1 s timeline
        animator.continueAnimation(withTimingParameters: .curve(.easeInOut), durationFactor: 2)
        let h = 1e-4
        driver.tick(at: 0.5 + h)
        XCTAssertEqual(((record.value ?? -1) - 50) / h, speed, accuracy: 0.05 * speed)
        // Remaining: (1 - 0.5) * 1 s * 2 = 1 s.
        driver.tick(at: 1.49)
        XCTAssertEqual(record.completions, [])
        driver.tick(at: 1.5)
        XCTAssertEqual(record.value, 100)
        XCTAssertEqual(record.completions, [.end])
    }

    func testContinueWhileReversedGoesToTheStart() {
        let (animator, record) = makeAnimator()
        animator.pauseAnimation()
        animator.fractionComplete = 0.3
        animator.isReversed = true
        driver.tick(at: 0)
        animator.continueAnimation(withTimingParameters: .curve(.linear), durationFactor: 1)
        driver.tick(at: 0.15)
        XCTAssertEqual(record.value ?? -1, 15, accuracy: 1e-9)
        driver.tick(at: 0.3)
        XCTAssertEqual(record.value, 0)
        XCTAssertEqual(record.completions, [.start])
    }

    func testContinueWithoutNewTimingOnlyChangesThePace() {
        let (animator, record) = makeAnimator(timing: .curve(.easeInOut))
        animator.pauseAnimation()
        animator.fractionComplete = 0.5
        driver.tick(at: 0)
        animator.continueAnimation(withTimingParameters: nil, durationFactor: 2)
        // The same curve, at half speed: fraction 0.5 + 0.25 / 2 after 0.25 s.
        driver.tick(at: 0.25)
        XCTAssertEqual(record.value ?? -1, 100 * TimingCurve.easeInOut.value(at: 0.625), accuracy: 1e-9)
        driver.tick(at: 1.0)
        XCTAssertEqual(record.completions, [.end])
    }

    func testReversingAContinuedSpringKeepsItsPosition() {
        let (animator, record) = makeAnimator()
        driver.tick(at: 0)
        animator.startAnimation()
        driver.tick(at: 0.5)
        animator.continueAnimation(
            withTimingParameters: .spring(
                Spring(dampingRatio: 1, response: 0.4),
                initialVelocity: 0), durationFactor: 1)
        driver.tick(at: 0.55)
        let before = record.value ?? -1
        animator.isReversed = true
        let h = 1e-4
        driver.tick(at: 0.55 + h)
        XCTAssertEqual(record.value ?? -1, before, accuracy: 0.1)
        driver.tick(at: 5)
        XCTAssertEqual(record.value, 0)
        XCTAssertEqual(record.completions, [.start])
    }

    func testGrabbingAContinuedAnimationDoesNotJump() {
        let (animator, record) = makeAnimator()
        driver.tick(at: 0)
        animator.startAnimation()
        driver.tick(at: 0.5)
        animator.continueAnimation(
            withTimingParameters: .spring(
                Spring(dampingRatio: 0.8, response: 0.5),
                initialVelocity: 0), durationFactor: 1)
        driver.tick(at: 0.6)
        animator.pauseAnimation()
        let held = record.value ?? -1
        animator.fractionComplete = animator.fractionComplete
        XCTAssertEqual(record.value ?? -2, held, accuracy: 1e-9)
        animator.fractionComplete = 0
        XCTAssertEqual(record.value ?? -1, 0, accuracy: 1e-9)
        XCTAssertEqual(record.completions, [])
    }

    func testFinishAtCurrent() {
        let (animator, record) = makeAnimator()
        driver.tick(at: 0)
        animator.startAnimation()
        driver.tick(at: 0.3)
        animator.stopAnimation(false)
        XCTAssertEqual(animator.state, .stopped)
        driver.tick(at: 0.8)
        XCTAssertEqual(record.value ?? -1, 30, accuracy: 1e-9)
        animator.finishAnimation(at: .current)
        XCTAssertEqual(record.value ?? -1, 30, accuracy: 1e-9)
        XCTAssertEqual(record.completions, [.current])
        XCTAssertEqual(animator.state, .inactive)
        animator.finishAnimation(at: .end)
        XCTAssertEqual(record.completions, [.current])
    }

    func testFinishAtEndAndStartShowThoseValues() {
        for (position, expected) in [(AnimatingPosition.end, 100.0), (.start, 0)] {
            let (animator, record) = makeAnimator()
            driver.tick(at: 0)
            animator.startAnimation()
            driver.tick(at: 0.3)
            animator.stopAnimation(false)
            animator.finishAnimation(at: position)
            XCTAssertEqual(record.value, expected)
            XCTAssertEqual(record.completions, [position])
        }
    }

    func testStopWithoutFinishingNeverCompletes() {
        let (animator, record) = makeAnimator()
        driver.tick(at: 0)
        animator.startAnimation()
        driver.tick(at: 0.3)
        animator.stopAnimation(true)
        XCTAssertEqual(animator.state, .inactive)
        XCTAssertFalse(driver.isAnimating)
        driver.tick(at: 2)
        animator.finishAnimation(at: .end)
        XCTAssertEqual(record.value ?? -1, 30, accuracy: 1e-9)
        XCTAssertEqual(record.completions, [])
    }

    func testManyTargetsAtOnce() {
        let animator = PropertyAnimator(duration: 2, curve: .linear, driver: driver)
        var point = Point.zero, rect = Rect.zero, color = Color.black, transform = Transform.identity
        var size = Size.zero
        animator.addAnimation(from: Point(x: 0, y: 100), to: Point(x: 40, y: 300)) { point = $0 }
        animator.addAnimation(
            from: Rect(x: 0, y: 800, width: 400, height: 600),
            to: Rect(x: 0, y: 0, width: 400, height: 800)
        ) { rect = $0 }
        animator.addAnimation(from: Color.black, to: Color(white: 1, alpha: 0.5)) { color = $0 }
        animator.addAnimation(from: Transform.identity, to: Transform(scale: 0.9)) { transform = $0 }
        animator.addAnimation(from: Size(width: 10, height: 20), to: Size(width: 30, height: 0)) { size = $0 }
        let others = (1 ... 20).map { PropertyAnimator(duration: Double($0) / 10, curve: .linear, driver: driver) }
        var seen = [Double](repeating: -1, count: others.count)
        for (i, other) in others.enumerated() { other.addAnimation(from: 0.0, to: 1.0) { seen[i] = $0 } }
        driver.tick(at: 0)
        animator.startAnimation()
        others.forEach { $0.startAnimation() }
        driver.tick(at: 0.5)
        XCTAssertEqual(point, Point(x: 10, y: 150))
        XCTAssertEqual(rect, Rect(x: 0, y: 600, width: 400, height: 650))
        XCTAssertEqual(color, Color(red: 0.25, green: 0.25, blue: 0.25, alpha: 0.875))
        XCTAssertEqual(transform, Transform(scaleX: 0.975, scaleY: 0.975))
        XCTAssertEqual(size, Size(width: 15, height: 15))
        for (i, value) in seen.enumerated() {
            XCTAssertEqual(value, min(0.5 / (Double(i + 1) / 10), 1), accuracy: 1e-12, "animator \(i)")
        }
        XCTAssertTrue(driver.isAnimating)
        driver.tick(at: 2)
        XCTAssertFalse(driver.isAnimating)
    }

    func testSlowAnimationsStretchTimeAndToggleWithoutAJump() {
        let (animator, record) = makeAnimator()
        driver.slowAnimationFactor = 10
        driver.tick(at: 0)
        animator.startAnimation()
        driver.tick(at: 5)
        XCTAssertEqual(record.value ?? -1, 50, accuracy: 1e-9)
        driver.slowAnimationFactor = 1
        XCTAssertEqual(animator.fractionComplete, 0.5, accuracy: 1e-12)
        driver.tick(at: 5.25)
        XCTAssertEqual(record.value ?? -1, 75, accuracy: 1e-9)
        driver.tick(at: 5.5)
        XCTAssertEqual(record.completions, [.end])
    }

    func testReducedMotionRemovesTheOvershoot() {
        let bouncy = TimingParameters.spring(Spring(dampingRatio: 0.4, response: 0.5), initialVelocity: 0)
        XCTAssertGreaterThan(highest(running: bouncy), 100.5)
        driver.reducedMotion = true
        XCTAssertLessThanOrEqual(highest(running: bouncy), 100)
    }

    func testSpringAnimatorEndsWhenSettled() {
        let spring = Spring(duration: 0.8, dampingRatio: 0.6)
        let (animator, record) = makeAnimator(duration: 0.8, timing: .spring(spring, initialVelocity: 0))
        XCTAssertEqual(animator.duration, 0.8, accuracy: 1e-6)
        driver.tick(at: 0)
        animator.startAnimation()
        driver.tick(at: 0.4)
        XCTAssertEqual(record.value ?? -1, 100 * spring.value(at: 0.4, initialVelocity: 0), accuracy: 1e-9)
        driver.tick(at: 0.79)
        XCTAssertEqual(record.completions, [])
        driver.tick(at: 0.81)
        XCTAssertEqual(record.value, 100)
        XCTAssertEqual(record.completions, [.end])
    }

    func testDelayHoldsTheStart() {
        let (animator, record) = makeAnimator()
        driver.tick(at: 0)
        animator.startAnimation(afterDelay: 0.5)
        driver.tick(at: 0.4)
        XCTAssertEqual(record.value, 0)
        driver.tick(at: 1.0)
        XCTAssertEqual(record.value ?? -1, 50, accuracy: 1e-9)
    }

    func testCompletionsRunAfterAllAdvancedAndMayStartAnimators() {
        let (first, _) = makeAnimator(duration: 1)
        let (second, record) = makeAnimator(duration: 1)
        var valueSeenByCompletion: Double?
        let (third, thirdRecord) = makeAnimator(duration: 2)
        first.addCompletion { _ in
            valueSeenByCompletion = thirdRecord.value
            second.startAnimation()
        }
        driver.tick(at: 0)
        first.startAnimation()
        third.startAnimation()
        driver.tick(at: 1)
        XCTAssertEqual(valueSeenByCompletion, 50, "the completion ran before every animator reached this frame")
        XCTAssertEqual(record.value, 0)
        driver.tick(at: 1.5)
        XCTAssertEqual(record.value ?? -1, 50, accuracy: 1e-9)
    }

    func testStartingAfterAnIdleDisplayDoesNotCountTheIdleTime() {
        let (animator, record) = makeAnimator()
        driver.tick(at: 0)
        clock.set(to: 10)
        animator.startAnimation()
        driver.tick(at: 10.25)
        XCTAssertEqual(record.value ?? -1, 25, accuracy: 1e-9)
    }

    /// The highest value a 0 → 100 spring animator shows, ticking at 240 Hz until it ends.
    private func highest(running timing: TimingParameters) -> Double {
        let (animator, record) = makeAnimator(timing: timing)
        var time = driver.frameTime
        driver.tick(at: time)
        animator.startAnimation()
        var highest = -Double.infinity
        while animator.isRunning {
            time += 1.0 / 240
            driver.tick(at: time)
            highest = max(highest, record.value ?? -1)
        }
        return highest
    }
}

/// What an animator showed and how it ended.
private final class Recorder {
    var value: Double?
    var completions: [AnimatingPosition] = []
}
