import ModalKitBase

/// What happened to a transition, for traces and the HUD.
public enum TransitionEvent: Sendable {
    /// The transition started (interactive or animated).
    case began
    /// The interaction ended and the transition plays to its end.
    case finish
    /// The interaction ended and the transition plays back to its start.
    case cancel
    /// A transition playing on its own was handed back to the user.
    case pause
    /// The transition completed, cancelled or not.
    case completed(cancelled: Bool)
    /// The window's tree was replaced before the transition completed (a scene switch or reset): it never will.
    case abandoned
}

/// The concrete context of one presentation or dismissal. UIKit's private `_UIViewControllerOneToOneTransitionContext`.
public final class TransitionContext: ViewControllerContextTransitioning {
    /// Whether the transition puts a controller on screen or takes one away.
    public enum Kind: String, Sendable {
        /// A presentation: the `to` controller arrives.
        case present
        /// A dismissal: the `from` controller leaves.
        case dismiss
    }

    /// Whether this is a presentation or a dismissal.
    public let kind: Kind
    /// The view the transition's views live in while it runs.
    public let containerView: View
    /// Whether the transition animates.
    public let isAnimated: Bool
    /// Whether an interaction controller is driving the transition now.
    public internal(set) var isInteractive = false
    /// Whether the transition was cancelled (set by `cancelInteractiveTransition()`).
    public private(set) var transitionWasCancelled = false
    /// The presented controller's presentation style.
    public let presentationStyle: ModalPresentationStyle
    /// The latest percent an interaction controller reported.
    public private(set) var percentComplete = 0.0
    /// Set once `completeTransition` has run; later calls are ignored.
    public private(set) var isComplete = false
    /// The animator performing the transition's animations.
    public let animator: ViewControllerAnimatedTransitioning

    /// The controllers, frames and blocks are let go when the transition is abandoned (see `abandon`).
    private var fromViewController: ViewController?
    private var toViewController: ViewController?
    private var frames: [ObjectIdentifier: (initial: Rect, final: Rect)]
    /// Runs when the animator calls `completeTransition`: the presentation machinery's bookkeeping.
    private var onComplete: ((Bool) -> Void)?
    /// The caller's completion block, run last (after `animationEnded` and the report).
    var afterCompletion: ((Bool) -> Void)?
    /// Reports began / finish / cancel / completed to whoever watches the window (trace, HUD).
    private var observer: ((TransitionContext, TransitionEvent) -> Void)?

    init(
        kind: Kind, container: View, from: ViewController, to: ViewController,
        animator: ViewControllerAnimatedTransitioning,
        animated: Bool, style: ModalPresentationStyle, frames: [ObjectIdentifier: (initial: Rect, final: Rect)],
        observer: @escaping (TransitionContext, TransitionEvent) -> Void, onComplete: @escaping (Bool) -> Void
    ) {
        self.kind = kind
        containerView = container
        fromViewController = from
        toViewController = to
        self.animator = animator
        isAnimated = animated
        presentationStyle = style
        self.frames = frames
        self.observer = observer
        self.onComplete = onComplete
    }

    /// The controller leaving (`from`) or arriving (`to`); nil once the transition was abandoned.
    public func viewController(forKey key: TransitionContextKey) -> ViewController? {
        key == .from ? fromViewController : toViewController
    }

    /// The view of the controller leaving (`from`) or arriving (`to`).
    public func view(forKey key: TransitionContextKey) -> View? { viewController(forKey: key)?.view }

    /// Where a controller's view starts; `.zero` when the transition does not place it (as in UIKit).
    public func initialFrame(for viewController: ViewController) -> Rect {
        frames[ObjectIdentifier(viewController)]?.initial ?? .zero
    }

    /// Where a controller's view ends; `.zero` when it leaves the screen (as in UIKit).
    public func finalFrame(for viewController: ViewController) -> Rect {
        frames[ObjectIdentifier(viewController)]?.final ?? .zero
    }

    func report(_ event: TransitionEvent) { observer?(self, event) }

    /// Gives the transition up without completing it, for a window whose whole tree is being replaced: reports
    /// `abandoned`, ignores any later `completeTransition`, and lets go of the controllers and blocks.
    ///
    /// An interaction controller keeps its context, and the context's controllers include the one that owns that
    /// interaction controller (a presenting controller is usually the transitioning delegate): a cycle that only
    /// completion used to break. Letting go here frees an abandoned scene whole.
    func abandon() {
        guard !isComplete else { return }
        isComplete = true
        report(.abandoned)
        fromViewController = nil
        toViewController = nil
        frames = [:]
        onComplete = nil
        afterCompletion = nil
        observer = nil
    }

    /// Records the interactive percent, clamped to 0...1.
    public func updateInteractiveTransition(_ percentComplete: Double) {
        self.percentComplete = min(max(percentComplete, 0), 1)
    }

    /// Records that the transition will finish and reports `finish`.
    public func finishInteractiveTransition() {
        transitionWasCancelled = false
        report(.finish)
    }

    /// Marks the transition cancelled and reports `cancel`.
    public func cancelInteractiveTransition() {
        transitionWasCancelled = true
        report(.cancel)
    }

    /// Marks the transition interactive again and reports `pause`.
    public func pauseInteractiveTransition() {
        isInteractive = true
        report(.pause)
    }

    /// Completes the transition, once; later calls are ignored.
    ///
    /// Runs the presentation's bookkeeping, then the animator's `animationEnded(_:)`, reports `completed`, and runs
    /// the caller's completion last.
    public func completeTransition(_ didComplete: Bool) {
        guard !isComplete else { return }
        isComplete = true
        onComplete?(didComplete)
        animator.animationEnded(didComplete)
        report(.completed(cancelled: !didComplete))
        afterCompletion?(didComplete)
    }
}
