import ModalKitBase

extension Window {
    /// Where messages go when UIKit would log (a refused present or dismiss); stderr by default.
    nonisolated(unsafe) public static var logger: (String) -> Void = { message in
        var stderr = StandardError()
        print("ModalKit: \(message)", to: &stderr)
    }

    static func report(_ message: String) { logger(message) }
    func log(_ message: String) { Window.logger(message) }

    /// Why presenting `presented` on `presenter` must be refused now, or nil if it may go ahead.
    func refusal(presenting presented: ViewController, on presenter: ViewController) -> String? {
        if activeTransition != nil {
            return "Attempt to present \(presented.name) on \(presenter.name) while a presentation or dismiss is in progress; ignored"
        }
        if let current = presenter.presentedViewController {
            return "Attempt to present \(presented.name) on \(presenter.name) which is already presenting \(current.name); ignored"
        }
        if presented.presentingViewController != nil || presented === presenter {
            return "Attempt to present \(presented.name), which is already presented; ignored"
        }
        return nil
    }

    /// Starts a transition: interactive when an interaction controller was supplied, otherwise animated.
    func run(_ context: TransitionContext, interactor: ViewControllerInteractiveTransitioning?) {
        activeTransition = context
        sizeAtTransitionStart = bounds.size
        context.isInteractive = interactor != nil
        context.report(.began)
        if let interactor {
            interactor.startInteractiveTransition(context)
        } else {
            context.animator.animateTransition(using: context)
        }
    }

    /// After a transition completes: views it restored or landed at the size the window had when it began
    /// (a resize came in between) are fitted to the window now.
    func transitionDidComplete() {
        activeTransition = nil
        fitFullScreenViews(from: sizeAtTransitionStart)
    }

    /// Forwards transition events to `onTransitionEvent`.
    var transitionObserver: (TransitionContext, TransitionEvent) -> Void {
        { [weak self] context, event in self?.onTransitionEvent?(context, event) }
    }
}

/// Standard error as a `TextOutputStream`.
struct StandardError: TextOutputStream {
    mutating func write(_ string: String) {
        #if canImport(Glibc)
        fputs(string, stderr)
        #endif
    }
}

#if canImport(Glibc)
import Glibc
#endif
