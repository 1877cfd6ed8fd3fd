import XCTest
import ModalKitBase
import ModalKitMotion
@testable import ModalKitUI

/// UIKit ignores every `completeTransition` after the first: an animator that calls it twice (two animation
/// blocks each completing, say) must not run the bookkeeping, `animationEnded` or the caller's completion twice.
final class CompletionOnceTests: XCTestCase {
    func testASecondCompleteTransitionIsIgnored() {
        let root = ViewController()
        let env = UITestEnvironment(root: root)
        let modal = TestModalController()
        let animator = TwiceCompletingAnimator()
        let delegate = PresentDelegate(animator: animator)
        modal.transitioningDelegate = delegate
        var completions = 0, events: [String] = []
        env.window.onTransitionEvent = { _, event in events.append("\(event)") }
        root.present(modal, animated: true) { completions += 1 }
        env.settle()
        XCTAssertEqual(completions, 1, "the present completion runs once")
        XCTAssertEqual(animator.ended, [true], "animationEnded runs once")
        XCTAssertEqual(events.filter { $0.hasPrefix("completed") }.count, 1, "\(events)")
        XCTAssertTrue(root.presentedViewController === modal)
    }
}

/// Presents by sliding up, and completes from two animation blocks that end together.
private final class TwiceCompletingAnimator: ViewControllerAnimatedTransitioning {
    private(set) var ended: [Bool] = []

    func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> Double { 0.3 }

    func animateTransition(using context: ViewControllerContextTransitioning) {
        guard let to = context.viewController(forKey: .to) else { return }
        let final = context.finalFrame(for: to)
        to.view.frame = final.offsetBy(dx: 0, dy: final.height)
        context.containerView.addSubview(to.view)
        View.animate(
            withDuration: 0.3, animations: { to.view.frame = final },
            completion: { _ in context.completeTransition(true) })
        View.animate(
            withDuration: 0.3, animations: { to.view.alpha = 0.5 },
            completion: { _ in context.completeTransition(true) })
    }

    func animationEnded(_ transitionCompleted: Bool) { ended.append(transitionCompleted) }
}
