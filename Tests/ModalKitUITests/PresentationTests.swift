import XCTest
import ModalKitBase
import ModalKitMotion
@testable import ModalKitUI

/// Presenting and dismissing: default animations, styles, stacks, and navigation controllers.
final class PresentationTests: XCTestCase {
    private var env: UITestEnvironment!
    private var root: ViewController!

    override func setUp() {
        root = ViewController()
        env = UITestEnvironment(root: root)
    }

    private func modal(_ name: String, style: ModalPresentationStyle = .fullScreen) -> TestModalController {
        let vc = TestModalController()
        vc.title = name
        vc.modalPresentationStyle = style
        return vc
    }

    func testDefaultPresentationIsCoverVerticalHalfASecondEaseInOut() {
        let a = modal("a")
        var done = false
        root.present(a, animated: true) { done = true }
        XCTAssertEqual(a.view.presentedFrame.minY, 667, accuracy: 1e-9, "starts just below the bottom edge")
        env.run(for: 0.25)
        XCTAssertEqual(a.view.presentedFrame.minY, 667 * (1 - TimingCurve.easeInOut.value(at: 0.5)), accuracy: 0.5)
        XCTAssertTrue(root.view.superview === env.window, "presenting view stays until the presentation ends")
        env.run(for: 0.26)
        XCTAssertTrue(done)
        XCTAssertEqual(a.view.presentedFrame.minY, 0, accuracy: 1e-9)
        XCTAssertNil(root.view.superview, ".fullScreen removes the presenting view when presentation ends")
    }

    func testOverFullScreenKeepsThePresentingView() {
        let a = modal("a", style: .overFullScreen)
        root.present(a, animated: true)
        env.settle()
        XCTAssertTrue(root.view.superview === env.window)
        XCTAssertTrue(env.window.subviews.first === root.view, "and keeps it behind")
    }

    func testDefaultDismissalSlidesDownAndRestoresThePresentingView() {
        let a = modal("a")
        root.present(a, animated: false)
        var dismissed = false
        a.dismiss(animated: true) { dismissed = true }
        XCTAssertTrue(root.view.window === env.window, "the presenting view is back behind during the slide")
        env.run(for: 0.25)
        XCTAssertEqual(a.view.presentedFrame.minY, 667 * TimingCurve.easeInOut.value(at: 0.5), accuracy: 0.5)
        env.run(for: 0.26)
        XCTAssertTrue(dismissed)
        XCTAssertNil(a.view.superview)
        XCTAssertTrue(root.view.superview === env.window)
        XCTAssertEqual(env.window.subviews.count, 1)
    }

    func testStackedPresentationAndDismissingFromTheMiddle() {
        let one = modal("one"), two = modal("two")
        root.present(one, animated: false)
        one.present(two, animated: false)
        XCTAssertTrue(env.window.topViewController === two)
        XCTAssertTrue(two.presentingViewController === one)
        // Dismissing a controller that presents another dismisses what it presented.
        one.dismiss(animated: true)
        env.settle()
        XCTAssertTrue(env.window.topViewController === one)
        XCTAssertTrue(one.view.window === env.window, "one is on screen again")
        XCTAssertNil(two.view.superview)

        one.present(two, animated: false)
        var done = false
        root.dismiss(animated: true) { done = true }
        XCTAssertNil(one.view.window, "controllers in the middle leave at once")
        env.settle()
        XCTAssertTrue(done)
        XCTAssertTrue(env.window.topViewController === root)
        XCTAssertNil(one.presentingViewController)
        XCTAssertNil(two.presentingViewController)
        XCTAssertEqual(env.window.subviews.map { $0 === root.view }, [true])
    }

    func testPresentingOnABusyPresenterIsRefused() {
        let one = modal("one"), two = modal("two")
        root.present(one, animated: false)
        root.present(two, animated: false)
        XCTAssertEqual(env.messages.count, 1)
        XCTAssertTrue(env.messages[0].contains("already presenting"), env.messages[0])
        XCTAssertTrue(root.presentedViewController === one)
    }

    func testDismissingWithNothingPresentedIsRefused() {
        root.dismiss(animated: true)
        XCTAssertEqual(env.messages.count, 1)
        XCTAssertNil(env.window.activeTransition)
    }

    func testSpringPresentationOvershootsAndSettlesAtItsDuration() {
        let a = modal("a")
        let animator = SpringPresentAnimator(duration: 0.8, damping: 0.6)
        let delegate = PresentDelegate(animator: animator)
        a.transitioningDelegate = delegate
        var completedAt: Double?
        root.present(a, animated: true) { completedAt = self.env.clock.now }
        var minY = Double.infinity
        while completedAt == nil && env.clock.now < 2 {
            env.run(for: UITestEnvironment.frameInterval)
            minY = min(minY, a.view.presentedFrame.minY)
        }
        XCTAssertLessThan(minY, -1, "a damping ratio of 0.6 overshoots the final frame")
        XCTAssertEqual(try XCTUnwrap(completedAt), 0.8, accuracy: 0.02)
        XCTAssertEqual(a.view.presentedFrame.minY, 0, accuracy: 1e-9)
    }

    func testNavigationControllerPresentedAndDismissedByItsBarButton() throws {
        let content = ViewController()
        content.title = "Modal"
        let nav = NavigationController(rootViewController: content)
        content.navigationItem.rightBarButtonItem = BarButtonItem(title: "Dismiss") { content.dismiss(animated: true) }
        root.present(nav, animated: true)
        env.settle()
        XCTAssertTrue(root.presentedViewController === nav)
        XCTAssertEqual(content.view.frame.minY, 64, "the child sits below the status area and the 44-point bar")
        XCTAssertTrue(content.view.superview === nav.view)
        let dismiss = try XCTUnwrap(nav.navigationBar.barButton(leading: false))
        XCTAssertEqual(dismiss.title, "Dismiss")
        dismiss.sendActions()
        env.settle()
        XCTAssertNil(root.presentedViewController)
        XCTAssertNil(nav.view.superview)
    }
}

/// Seed 003's presentation animator: from the final frame offset by the screen height, spring to the final frame.
final class SpringPresentAnimator: ViewControllerAnimatedTransitioning {
    let duration: Double, damping: Double
    init(duration: Double, damping: Double) { self.duration = duration; self.damping = damping }

    func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> Double { duration }

    func animateTransition(using context: ViewControllerContextTransitioning) {
        guard let toVC = context.viewController(forKey: .to) else { return }
        let final = context.finalFrame(for: toVC)
        toVC.view.frame = final.offsetBy(dx: 0, dy: context.containerView.bounds.height)
        context.containerView.addSubview(toVC.view)
        View.animate(
            withDuration: duration, usingSpringWithDamping: damping, initialSpringVelocity: 0,
            options: .curveLinear, animations: { toVC.view.frame = final },
            completion: { _ in context.completeTransition(true) })
    }
}

final class PresentDelegate: ViewControllerTransitioningDelegate {
    let animator: ViewControllerAnimatedTransitioning
    init(animator: ViewControllerAnimatedTransitioning) { self.animator = animator }
    func animationController(
        forPresented presented: ViewController, presenting: ViewController,
        source: ViewController
    ) -> ViewControllerAnimatedTransitioning? { animator }
}
