import ModalKitBase

extension Window {
    /// Writes a message to stderr the way UIKit logs one: "ModalKit: ...".
    public static let standardErrorLogger: (String) -> Void = { message in
        var stderr = StandardError()
        print("ModalKit: \(message)", to: &stderr)
    }

    /// Where messages go about controllers whose view is in no window (a present or dismiss that has no window
    /// to ask): stderr by default. Process-wide by nature; a window's own refusals go to its `logger`.
    nonisolated(unsafe) public static var unattachedLogger: (String) -> Void = standardErrorLogger

    static func report(_ message: String) { unattachedLogger(message) }
    func log(_ message: String) { logger(message) }

    /// Why presenting `presented` on `presenter` must be refused now, or nil if it may go ahead.
    func refusal(presenting presented: ViewController, on presenter: ViewController) -> String? {
        if activeTransition != nil {
            return
                "Attempt to present \(presented.name) on \(presenter.name) while a presentation or dismiss is in progress; ignored"
        }
        if let current = presenter.presentedViewController {
            return
                "Attempt to present \(presented.name) on \(presenter.name) which is already presenting \(current.name); ignored"
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
