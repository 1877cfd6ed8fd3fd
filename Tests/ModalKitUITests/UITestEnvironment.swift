import XCTest
import ModalKitBase
import ModalKitMotion
@testable import ModalKitUI

/// A window on a manual clock: tests move time frame by frame, nothing waits on the wall clock.
final class UITestEnvironment {
    let clock = ManualClock()
    let driver: AnimationDriver
    let window: Window
    var messages: [String] = []
    static let frameInterval = 1.0 / 60

    /// A phone-sized window unless `size` says otherwise.
    init(root: ViewController = ViewController(), size: Size = Size(width: 375, height: 667)) {
        window = Window(size: size)
        driver = AnimationDriver(clock: clock)
        window.animationDriver = driver
        driver.tick(at: 0)
        window.rootViewController = root
        window.logger = { [weak self] in self?.messages.append($0) }
    }

    /// Advances time by `seconds` in display frames, ticking the animation driver once per frame.
    func run(for seconds: Double, fps: Double = 60) {
        let end = clock.now + seconds
        while clock.now < end - 1e-9 {
            clock.set(to: min(clock.now + 1 / fps, end))
            driver.tick(at: clock.now)
        }
    }

    /// Advances exactly to time `t`.
    func run(until t: Double) { run(for: t - clock.now) }

    /// Runs frames until nothing animates (at most `limit` seconds); returns the time it took.
    @discardableResult
    func settle(limit: Double = 10) -> Double {
        let start = clock.now
        while driver.isAnimating && clock.now - start < limit { run(for: UITestEnvironment.frameInterval) }
        return clock.now - start
    }
}

/// A controller that records how its view is presented, with a label for tests to find.
final class TestModalController: ViewController {
    override func viewDidLoad() {
        view.backgroundColor = .yellow
        view.accessibilityIdentifier = title
    }
}

/// The seeds' DismissAnimator: slides the from-view to the bottom with `View.animate`, inserting the presenting
/// view below it, and completes with `!transitionWasCancelled`.
final class SlideDownAnimator: ViewControllerAnimatedTransitioning {
    let duration: Double
    var curve: AnimationOptions = []
    private(set) var endedFlags: [Bool] = []

    init(duration: Double) { self.duration = duration }

    func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> Double { duration }

    func animateTransition(using context: ViewControllerContextTransitioning) {
        guard let fromVC = context.viewController(forKey: .from), let toVC = context.viewController(forKey: .to) else {
            return
        }
        context.containerView.insertSubview(toVC.view, belowSubview: fromVC.view)
        let bounds = context.containerView.bounds
        View.animate(
            withDuration: duration, options: curve,
            animations: {
                fromVC.view.frame = Rect(x: 0, y: bounds.height, width: bounds.width, height: bounds.height)
            }, completion: { _ in context.completeTransition(!context.transitionWasCancelled) })
    }

    func animationEnded(_ transitionCompleted: Bool) { endedFlags.append(transitionCompleted) }
}

/// The seeds' presenting controller as transitioning delegate: a custom dismiss animator, and the interactor only
/// while a drag has started.
final class InteractiveDelegate: ViewControllerTransitioningDelegate {
    let animator: SlideDownAnimator
    let interactor = PercentDrivenInteractiveTransition()
    var hasStarted = false

    init(duration: Double = 0.6) { animator = SlideDownAnimator(duration: duration) }

    func animationController(forDismissed dismissed: ViewController) -> ViewControllerAnimatedTransitioning? {
        animator
    }

    func interactionControllerForDismissal(using animator: ViewControllerAnimatedTransitioning)
        -> ViewControllerInteractiveTransitioning?
    { hasStarted ? interactor : nil }
}
