import XCTest
import ModalKitBase
import ModalKitMotion
@testable import ModalKitUI

/// The semantics of a percent-driven interactive dismissal, as the seeds rely on them.
final class PercentDrivenTransitionTests: XCTestCase {
    private var env: UITestEnvironment!
    private var root: ViewController!
    private var modal: TestModalController!
    private var delegate: InteractiveDelegate!
    private let height = 667.0

    override func setUp() {
        root = ViewController()
        env = UITestEnvironment(root: root)
        modal = TestModalController()
        modal.title = "modal"
        delegate = InteractiveDelegate(duration: 0.6)
        modal.transitioningDelegate = delegate
        root.present(modal, animated: false)
    }

    private func beginInteractiveDismiss(completion: (() -> Void)? = nil) {
        delegate.hasStarted = true
        modal.dismiss(animated: true, completion: completion)
    }

    func testPresentedWithoutAnimationIsInPlace() {
        XCTAssertTrue(root.presentedViewController === modal)
        XCTAssertEqual(modal.view.presentedFrame, Rect(x: 0, y: 0, width: 375, height: height))
        XCTAssertNil(root.view.superview, ".fullScreen takes the presenting view out of the window")
    }

    func testWhileInteractiveThePropertyShowsTheCurveAtPercent() {
        beginInteractiveDismiss()
        for p in [0.1, 0.3, 0.5, 0.9] {
            delegate.interactor.update(p)
            XCTAssertEqual(
                modal.view.presentedFrame.minY, TimingCurve.easeInOut.value(at: p) * height, accuracy: 1e-6,
                "at p=\(p) the card shows ease-in-out(p), lagging the pointer early on")
        }
        delegate.interactor.update(0.1)
        XCTAssertLessThan(modal.view.presentedFrame.minY, 0.05 * height, "early in the drag the card lags the pointer")
    }

    func testLinearCurveFollowsPercentExactly() {
        delegate.animator.curve = .curveLinear
        beginInteractiveDismiss()
        delegate.interactor.update(0.42)
        XCTAssertEqual(modal.view.presentedFrame.minY, 0.42 * height, accuracy: 1e-6)
    }

    func testUpdateIsClamped() {
        beginInteractiveDismiss()
        delegate.interactor.update(-0.5)
        XCTAssertEqual(delegate.interactor.percentComplete, 0)
        XCTAssertEqual(modal.view.presentedFrame.minY, 0, accuracy: 1e-9)
        delegate.interactor.update(1.7)
        XCTAssertEqual(delegate.interactor.percentComplete, 1)
        XCTAssertEqual(modal.view.presentedFrame.minY, height, accuracy: 1e-6)
    }

    func testFinishRunsTheRemainingTimeWithTheCompletionCurve() {
        delegate.interactor.completionSpeed = 2
        beginInteractiveDismiss()
        let p = 0.4
        delegate.interactor.update(p)
        delegate.interactor.finish()
        let remaining = (1 - p) * 0.6 / 2
        // A quarter of the way the curve shows (ease-in-out is 0.13 there, linear 0.25); halfway both give 0.5.
        env.run(for: remaining / 4)
        let quarterPercent = p + (1 - p) * TimingCurve.easeInOut.value(at: 0.25)
        XCTAssertEqual(
            modal.view.presentedFrame.minY, TimingCurve.easeInOut.value(at: quarterPercent) * height,
            accuracy: 0.5)
        env.run(for: remaining / 4)
        let expectedPercent = p + (1 - p) * TimingCurve.easeInOut.value(at: 0.5)
        XCTAssertEqual(
            modal.view.presentedFrame.minY, TimingCurve.easeInOut.value(at: expectedPercent) * height,
            accuracy: 0.5)
        env.run(for: remaining / 2 - 0.01)
        XCTAssertNotNil(root.presentedViewController, "not complete before (1-p)·duration/completionSpeed")
        env.run(for: 0.02)
        XCTAssertNil(root.presentedViewController, "complete right after (1-p)·duration/completionSpeed")
        XCTAssertEqual(delegate.animator.endedFlags, [true])
    }

    func testCancelRunsBackWithTransitionWasCancelledThroughout() throws {
        beginInteractiveDismiss()
        let context = try XCTUnwrap(env.window.activeTransition)
        delegate.interactor.update(0.25)
        delegate.interactor.cancel()
        let back = 0.25 * 0.6
        var frames = 0
        while env.clock.now < back - 0.02 {
            env.run(for: UITestEnvironment.frameInterval)
            XCTAssertTrue(context.transitionWasCancelled)
            frames += 1
        }
        XCTAssertGreaterThan(frames, 5)
        XCTAssertNotNil(env.window.activeTransition, "still running just before p·duration")
        env.run(for: 0.04)
        XCTAssertNil(env.window.activeTransition)
        XCTAssertTrue(root.presentedViewController === modal)
        XCTAssertEqual(delegate.animator.endedFlags, [false])
    }

    func testCancelRestoresTheHierarchyExactly() {
        modal.view.alpha = 0.8
        let before = describe(env.window)
        beginInteractiveDismiss()
        delegate.interactor.update(0.6)
        XCTAssertNotEqual(describe(env.window), before, "the animator changed the hierarchy")
        delegate.interactor.cancel()
        env.settle()
        XCTAssertEqual(describe(env.window), before)
    }

    func testDismissCompletionRunsOnlyWhenTheDismissalHappens() {
        var completions = 0
        beginInteractiveDismiss { completions += 1 }
        delegate.interactor.update(0.5)
        delegate.interactor.cancel()
        env.settle()
        XCTAssertEqual(completions, 0)
        beginInteractiveDismiss { completions += 1 }
        delegate.interactor.update(0.5)
        delegate.interactor.finish()
        env.settle()
        XCTAssertEqual(completions, 1)
        XCTAssertEqual(delegate.animator.endedFlags, [false, true])
    }

    func testFinishAtOneAndCancelAtZeroCompleteAtOnce() {
        beginInteractiveDismiss()
        delegate.interactor.update(1)
        delegate.interactor.finish()
        XCTAssertNil(root.presentedViewController, "finishing at p = 1 completes with no frame to wait for")
        XCTAssertEqual(modal.view.presentedFrame.minY, height, accuracy: 1e-9)

        root.present(modal, animated: false)
        beginInteractiveDismiss()
        delegate.interactor.update(0)
        delegate.interactor.cancel()
        XCTAssertNil(env.window.activeTransition, "cancelling at p = 0 completes at once")
        XCTAssertEqual(modal.view.presentedFrame.minY, 0, accuracy: 1e-9)
    }

    func testFullCycleCancelThenFinish() {
        beginInteractiveDismiss()
        delegate.interactor.update(0.2)
        delegate.interactor.cancel()
        env.settle()
        XCTAssertTrue(root.presentedViewController === modal)
        XCTAssertEqual(modal.view.presentedFrame.minY, 0, accuracy: 1e-9)
        beginInteractiveDismiss()
        delegate.interactor.update(0.7)
        delegate.interactor.finish()
        env.settle()
        XCTAssertNil(root.presentedViewController)
        XCTAssertNil(modal.presentingViewController)
        XCTAssertTrue(root.view.superview === env.window, "the presenting view is back in the window")
        XCTAssertEqual(root.view.frame, env.window.bounds)
        XCTAssertNil(modal.view.superview)
    }

    func testPresentOrDismissDuringATransitionIsRefused() {
        beginInteractiveDismiss()
        delegate.interactor.update(0.3)
        let other = TestModalController()
        modal.present(other, animated: true)
        root.dismiss(animated: true)
        XCTAssertEqual(env.messages.count, 2, "\(env.messages)")
        XCTAssertTrue(env.messages.allSatisfy { $0.contains("in progress") })
        XCTAssertNil(modal.presentedViewController)
        delegate.interactor.finish()
        env.settle()
        XCTAssertNil(root.presentedViewController)
        XCTAssertNil(env.window.activeTransition)
    }

    func testPauseTakesOverAFinishingTransition() {
        beginInteractiveDismiss()
        delegate.interactor.update(0.5)
        delegate.interactor.finish()
        env.run(for: 0.1)
        delegate.interactor.pause()
        let held = modal.view.presentedFrame.minY
        env.run(for: 0.3)
        XCTAssertEqual(modal.view.presentedFrame.minY, held, "paused: time no longer moves the card")
        XCTAssertEqual(delegate.interactor.phase, .interactive)
        delegate.interactor.cancel()
        env.settle()
        XCTAssertTrue(root.presentedViewController === modal)
    }

    /// Superview, order, frame and alpha of every view in the tree, as text.
    private func describe(_ view: View, depth: Int = 0) -> String {
        let me =
            "\(String(repeating: " ", count: depth))\(view.accessibilityIdentifier ?? "\(type(of: view))") "
            + "\(view.frame) \(view.presentedFrame) a=\(view.alpha)/\(view.presentation.alpha)\n"
        return me + view.subviews.map { describe($0, depth: depth + 1) }.joined()
    }
}

/// `wantsInteractiveStart` false and an animator that hands over its own interruptible animator.
final class PercentDrivenStartTests: XCTestCase {
    func testWithoutInteractiveStartTheTransitionPlaysUntilPaused() {
        let root = ViewController()
        let env = UITestEnvironment(root: root)
        let modal = TestModalController()
        let delegate = InteractiveDelegate(duration: 0.6)
        delegate.animator.curve = .curveLinear
        delegate.interactor.wantsInteractiveStart = false
        modal.transitioningDelegate = delegate
        root.present(modal, animated: false)
        delegate.hasStarted = true
        modal.dismiss(animated: true)
        XCTAssertEqual(delegate.interactor.phase, .playing)
        env.run(for: 0.3)
        XCTAssertEqual(modal.view.presentedFrame.minY, 0.5 * 667, accuracy: 1, "plays on its own, linearly in time")
        delegate.interactor.pause()
        XCTAssertEqual(delegate.interactor.phase, .interactive)
        XCTAssertTrue(env.window.activeTransition?.isInteractive ?? false, "pausing makes it interactive")
        env.run(for: 0.2)
        XCTAssertEqual(modal.view.presentedFrame.minY, 0.5 * 667, accuracy: 1, "held where it was paused")
        delegate.interactor.update(0.8)
        XCTAssertEqual(modal.view.presentedFrame.minY, 0.8 * 667, accuracy: 1e-6)
        delegate.interactor.finish()
        env.settle()
        XCTAssertNil(root.presentedViewController)
    }

    func testAnInterruptibleAnimatorIsDrivenDirectly() {
        let root = ViewController()
        let env = UITestEnvironment(root: root)
        let modal = TestModalController()
        let animator = InterruptibleSlideAnimator(driver: env.driver)
        let delegate = InterruptibleDelegate(animator: animator)
        modal.transitioningDelegate = delegate
        root.present(modal, animated: false)
        modal.dismiss(animated: true)
        delegate.interactor.update(0.25)
        XCTAssertEqual(animator.animator?.fractionComplete ?? -1, 0.25, accuracy: 1e-9)
        XCTAssertEqual(modal.view.presentedFrame.minY, 0.25 * 667, accuracy: 1e-6, "its linear curve at 0.25")
        delegate.interactor.finish()
        env.settle()
        XCTAssertNil(root.presentedViewController)
        XCTAssertEqual(animator.ended, [true])
    }
}

/// An animator that builds one `PropertyAnimator` and hands it to the interaction controller
/// (`interruptibleAnimator(using:)`), as UIKit's iOS 10 API allows.
final class InterruptibleSlideAnimator: ViewControllerAnimatedTransitioning {
    private let driver: AnimationDriver
    private(set) var animator: PropertyAnimator?
    private(set) var ended: [Bool] = []

    init(driver: AnimationDriver) { self.driver = driver }

    func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> Double { 0.5 }

    func animateTransition(using context: ViewControllerContextTransitioning) {
        interruptibleAnimator(using: context)?.startAnimation()
    }

    func interruptibleAnimator(using context: ViewControllerContextTransitioning) -> PropertyAnimator? {
        if let animator { return animator }
        guard let from = context.view(forKey: .from) else { return nil }
        let made = PropertyAnimator(duration: 0.5, curve: .linear, driver: driver)
        let start = from.frame
        made.addAnimation(from: start, to: start.offsetBy(dx: 0, dy: start.height)) { from.frame = $0 }
        made.addCompletion { position in context.completeTransition(position == .end) }
        animator = made
        return made
    }

    func animationEnded(_ transitionCompleted: Bool) { ended.append(transitionCompleted) }
}

final class InterruptibleDelegate: ViewControllerTransitioningDelegate {
    let animator: InterruptibleSlideAnimator
    let interactor = PercentDrivenInteractiveTransition()
    init(animator: InterruptibleSlideAnimator) { self.animator = animator }
    func animationController(forDismissed dismissed: ViewController) -> ViewControllerAnimatedTransitioning? {
        animator
    }
    func interactionControllerForDismissal(using animator: ViewControllerAnimatedTransitioning)
        -> ViewControllerInteractiveTransitioning?
    { interactor }
}
