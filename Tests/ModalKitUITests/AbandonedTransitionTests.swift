import XCTest
import ModalKitBase
import ModalKitMotion
@testable import ModalKitUI

/// A transition abandoned because the whole tree is replaced (the lab's scene switch and reset) reports it once,
/// never completes, and lets go of the controllers it held, so nothing of the old tree stays alive.
final class AbandonedTransitionTests: XCTestCase {
    func testAbandoningAnInteractiveDismissalReportsItAndFreesTheControllers() {
        let env = UITestEnvironment()
        var events: [String] = []
        env.window.onTransitionEvent = { _, event in events.append("\(event)") }
        weak var weakRoot: ViewController?
        weak var weakModal: ViewController?
        weak var weakDelegate: InteractiveDelegate?
        do {
            let root = DelegateOwningController()
            env.window.rootViewController = root
            let modal = TestModalController()
            let delegate = root.delegate
            modal.transitioningDelegate = delegate
            root.present(modal, animated: false)
            delegate.hasStarted = true
            modal.dismiss(animated: true)
            delegate.interactor.update(0.4)
            (weakRoot, weakModal, weakDelegate) = (root, modal, delegate)
        }
        events.removeAll()
        env.window.abandonActiveTransition()
        env.window.subviews.forEach { $0.removeFromSuperview() }
        env.window.rootViewController = nil
        XCTAssertEqual(events, ["abandoned"])
        XCTAssertNil(env.window.activeTransition)
        XCTAssertNil(weakRoot, "the presenting controller was freed")
        XCTAssertNil(weakModal, "the presented controller was freed")
        XCTAssertNil(weakDelegate, "the interactor's owner was freed")
    }

    func testACompletionAfterAbandoningIsIgnored() {
        let env = UITestEnvironment()
        let modal = TestModalController()
        env.window.rootViewController?.present(modal, animated: true)
        guard let context = env.window.activeTransition else { return XCTFail("no transition started") }
        var events: [String] = []
        env.window.onTransitionEvent = { _, event in events.append("\(event)") }
        env.window.abandonActiveTransition()
        context.completeTransition(true)
        env.settle()
        XCTAssertEqual(events, ["abandoned"], "no completed after abandoned")
    }
}

/// A presenting controller that owns its modal's transitioning delegate, as the seeds' presenting controllers
/// are: it owns the interactor, the interactor holds the context, and the context holds this controller.
private final class DelegateOwningController: ViewController {
    let delegate = InteractiveDelegate()
}
