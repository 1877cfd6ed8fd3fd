import ModalKit

/// Seeds 000 and 001: a percent-driven interactive transition that also keeps the gesture's state, because the
/// presenting controller and the modal both need it.
final class Interactor: PercentDrivenInteractiveTransition {
    var hasStarted = false
    var shouldFinish = false
}

/// Seeds 000 and 001's DismissAnimator: slides the modal to the bottom of the screen with `View.animate`,
/// putting the presenting view below it first, and completes with `!transitionWasCancelled`.
///
/// Seed 000's text inserts the presenting view only `if transitionWasCancelled` (a typo seed 001 corrects: the
/// presenting view would be missing behind the card); both scenes use the corrected form.
final class DismissAnimator: ViewControllerAnimatedTransitioning {
    let transitionDuration: Double
    let curve: TimingCurve

    init(duration: Double, curve: TimingCurve = .easeInOut) {
        transitionDuration = duration
        self.curve = curve
    }

    func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> Double {
        transitionDuration
    }

    func animateTransition(using transitionContext: ViewControllerContextTransitioning) {
        guard let fromVC = transitionContext.viewController(forKey: .from),
            let toVC = transitionContext.viewController(forKey: .to)
        else { return }
        let containerView = transitionContext.containerView
        containerView.insertSubview(toVC.view, belowSubview: fromVC.view)

        let screenBounds = containerView.bounds
        let bottomLeftCorner = Point(x: 0, y: screenBounds.height)
        let finalFrame = Rect(origin: bottomLeftCorner, size: screenBounds.size)

        View.animate(
            withDuration: transitionDuration(using: transitionContext), options: curve.animationOptions,
            animations: { fromVC.view.frame = finalFrame },
            completion: { _ in transitionContext.completeTransition(!transitionContext.transitionWasCancelled) })
    }
}

extension TimingCurve {
    /// The `View.animate` option for this curve (UIKit's curves only; others fall back to the default).
    var animationOptions: AnimationOptions {
        switch self {
        case .linear: return .curveLinear
        case .easeIn: return .curveEaseIn
        case .easeOut: return .curveEaseOut
        default: return .curveEaseInOut
        }
    }
}

/// Seeds 000 and 001's gesture handler: maps the pan's state to interactor calls. Progress is the downward
/// translation as a fraction of the view's height, clamped to 0...1.
enum InteractorGesture {
    static func handle(
        _ sender: PanGestureRecognizer, in view: View, interactor: Interactor, threshold: Double,
        dismiss: () -> Void
    ) {
        let translation = sender.translation(in: view)
        let verticalMovement = translation.y / view.bounds.height
        let downwardMovement = max(verticalMovement, 0.0)
        let progress = min(downwardMovement, 1.0)

        switch sender.state {
        case .began:
            interactor.hasStarted = true
            dismiss()
        case .changed:
            interactor.shouldFinish = shouldFinish(progress: progress, threshold: threshold)
            interactor.update(progress)
        case .cancelled:
            interactor.hasStarted = false
            interactor.cancel()
        case .ended:
            interactor.hasStarted = false
            interactor.shouldFinish ? interactor.finish() : interactor.cancel()
        default:
            break
        }
    }

    /// The seed's rule: finish when the drag has passed `threshold` of the height. The HUD asks the same question.
    static func shouldFinish(progress: Double, threshold: Double) -> Bool {
        DistanceRule(threshold: threshold).finishes(progress: progress)
    }

    /// The rule as the HUD shows it.
    static func writeReadout(_ interactor: Interactor, threshold: Double, into text: inout TextBuffer) -> Bool {
        let p = interactor.percentComplete
        let finish = shouldFinish(progress: p, threshold: threshold)
        text.appendComparison("progress", p, threshold, digits: 2)
        text.append(finish ? ": will finish" : ": will cancel")
        return finish
    }
}

/// The percent-driven seeds' rule (interactor, navigation): the distance rule, read live from the interactor, its
/// marker where the card's top is when the dismissal's `curve` reaches the threshold.
struct InteractorRule: SceneRule {
    /// The interactor the drag drives.
    let interactor: Interactor
    /// The seed's `percentThreshold`.
    let distance: DistanceRule
    /// The marker's height, window points.
    let lineY: Double

    /// Distance only: no flick speed.
    var velocityThreshold: Double? { nil }
    func summary(outcome: String) -> String { distance.summary(outcome: outcome) }
    func verdict(_ reading: ReleaseReading) -> ReleaseVerdict { distance.verdict(reading) }

    /// "progress 0.42 > 0.30: will finish".
    func writeReadout(into text: inout TextBuffer) -> Bool? {
        InteractorGesture.writeReadout(interactor, threshold: distance.threshold, into: &text)
    }

    var marker: RuleMarker? { RuleMarker(y: lineY) }
}
