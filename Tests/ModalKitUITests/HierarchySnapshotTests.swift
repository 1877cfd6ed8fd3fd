import XCTest
import ModalKitBase
import ModalKitMotion
@testable import ModalKitUI

/// A cancelled transition puts the hierarchy back exactly. The animator here changes, without animating them,
/// the very things the snapshot restores (superview, sibling order, alpha, transform, isHidden, frame), so only
/// the snapshot can undo them: an animator that undid its own changes would hide a snapshot that restores nothing.
final class HierarchySnapshotTests: XCTestCase {
    func testRestorePutsBackEachPropertyAndTheOrder() {
        let parent = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let elsewhere = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let (a, b, c) = (View(frame: Rect(x: 1, y: 2, width: 3, height: 4)), View(), View())
        let unrecorded = View()
        [a, b, c, unrecorded].forEach(parent.addSubview)
        let snapshot = HierarchySnapshot([a, b, c])
        a.alpha = 0.25
        b.transform = Transform(scale: 0.5)
        c.isHidden = true
        a.frame = Rect(x: 10, y: 20, width: 30, height: 40)
        b.backgroundColor = .green
        parent.bringSubviewToFront(a)
        elsewhere.addSubview(c)
        snapshot.restore()
        XCTAssertTrue(
            parent.subviews.elementsEqual([a, b, c, unrecorded], by: ===),
            "each at its old index, below a sibling the snapshot did not record")
        XCTAssertEqual(a.alpha, 1)
        XCTAssertEqual(a.presentation.alpha, 1)
        XCTAssertEqual(b.transform, .identity)
        XCTAssertFalse(c.isHidden)
        XCTAssertEqual(a.frame, Rect(x: 1, y: 2, width: 3, height: 4))
        XCTAssertEqual(b.backgroundColor, View().backgroundColor)
        XCTAssertTrue(elsewhere.subviews.isEmpty)
    }

    func testACancelledDismissalUndoesWhatItsAnimatorChangedOnThePresentingView() throws {
        let root = ViewController()
        let env = UITestEnvironment(root: root)
        let modal = TestModalController()
        let delegate = DisruptiveDelegate()
        modal.transitioningDelegate = delegate
        root.present(modal, animated: false)
        let before = env.window.subviews
        delegate.hasStarted = true
        modal.dismiss(animated: true)
        delegate.interactor.update(0.5)
        XCTAssertEqual(root.view.alpha, 0.5, "the animator's changes are in place mid-drag")
        delegate.interactor.cancel()
        env.settle()
        XCTAssertNil(env.window.activeTransition)
        XCTAssertTrue(root.presentedViewController === modal)
        XCTAssertTrue(
            env.window.subviews.elementsEqual(before, by: ===), "the presenting view is back first in the window")
        XCTAssertEqual(root.view.alpha, 1, "alpha")
        XCTAssertEqual(root.view.transform, .identity, "transform")
        XCTAssertFalse(root.view.isHidden, "isHidden")
        XCTAssertEqual(modal.view.frame.minY, 0)
    }
}

/// A dismissal animator that, like many real ones, dresses the presenting view without animation (moves it above
/// the modal, fades, shrinks and hides it) and then slides the modal down.
private final class DisruptiveAnimator: ViewControllerAnimatedTransitioning {
    func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> Double { 0.6 }

    func animateTransition(using context: ViewControllerContextTransitioning) {
        guard let from = context.view(forKey: .from), let to = context.view(forKey: .to) else { return }
        context.containerView.insertSubview(to, aboveSubview: from)
        to.alpha = 0.5
        to.transform = Transform(scale: 0.9)
        to.isHidden = true
        let height = context.containerView.bounds.height
        View.animate(
            withDuration: 0.6, animations: { from.frame.origin.y = height },
            completion: { _ in context.completeTransition(!context.transitionWasCancelled) })
    }
}

private final class DisruptiveDelegate: ViewControllerTransitioningDelegate {
    let animator = DisruptiveAnimator()
    let interactor = PercentDrivenInteractiveTransition()
    var hasStarted = false

    func animationController(forDismissed dismissed: ViewController) -> ViewControllerAnimatedTransitioning? {
        animator
    }

    func interactionControllerForDismissal(using animator: ViewControllerAnimatedTransitioning)
        -> ViewControllerInteractiveTransitioning?
    { hasStarted ? interactor : nil }
}
