import ModalKitBase
import ModalKitMotion

/// The view properties an animation block can animate.
enum AnimatableProperty: Hashable {
    case center, bounds, transform, alpha, backgroundColor
}

/// Options for `View.animate`. UIKit's `UIView.AnimationOptions`, the parts the scenes use.
public struct AnimationOptions: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let curveEaseInOut = AnimationOptions([])
    public static let curveEaseIn = AnimationOptions(rawValue: 1)
    public static let curveEaseOut = AnimationOptions(rawValue: 2)
    public static let curveLinear = AnimationOptions(rawValue: 4)
    /// Lets the animated views take presses while they move. Without it, as in UIKit, a view being animated is
    /// skipped by hit-testing (the press goes to whatever is under it), and hit-testing uses model values.
    public static let allowUserInteraction = AnimationOptions(rawValue: 8)

    /// The curve these options select; UIKit's default is ease-in-out.
    var curve: TimingCurve {
        if contains(.curveLinear) { return .linear }
        if contains(.curveEaseIn) { return .easeIn }
        if contains(.curveEaseOut) { return .easeOut }
        return .easeInOut
    }
}

/// Collects the property changes made inside one `View.animate` block into one property animator.
///
/// Animations are additive, as UIKit's have been since iOS 8: each one animates an offset from the old model value
/// to zero on top of the model value. A value set later without animation (a card grabbed while it slides back)
/// moves the model and the running offsets carry on, so nothing jumps; a second animation of the same property
/// adds its own offset and the motions blend.
final class AnimationTransaction {
    /// The innermost open block; setters consult it to decide between "set now" and "animate".
    static var current: AnimationTransaction?
    /// While set, new animations are handed here instead of starting: a percent-driven interactive transition
    /// scrubs them, so the animator that wrote them never learns it is interactive.
    static var interceptor: ((PropertyAnimator, _ delay: Double) -> Void)?
    /// Numbers offsets in creation order, so they are summed in the same order every run (same bytes).
    private static var nextOffsetID = 0

    let animator: PropertyAnimator
    /// Whether the views may take presses while this animation moves them (`.allowUserInteraction`).
    let allowsUserInteraction: Bool
    /// What to do with each animated property when the animator ends at a position.
    private var endings: [(AnimatingPosition) -> Void] = []

    init(animator: PropertyAnimator, allowsUserInteraction: Bool = false) {
        self.animator = animator
        self.allowsUserInteraction = allowsUserInteraction
    }

    /// Makes `view.property` move from `from` to its new model value `to` by an offset that shrinks to zero.
    func record<V: AdditiveValue>(_ view: View, _ property: AnimatableProperty, from: V, to: V,
                                  key: WritableKeyPath<View.State, V>) {
        AnimationTransaction.nextOffsetID += 1
        let id = AnimationTransaction.nextOffsetID
        if !allowsUserInteraction { view.blockInteraction(while: animator) }
        animator.addAnimation(from: from, to: to) { [weak view] value in
            view?.setOffset(value - to, id: id, property, key)
        }
        endings.append { [weak view] position in
            guard let view else { return }
            // UIViewPropertyAnimator: ending at the start puts the model back; at the current point it stays there.
            switch position {
            case .end: break
            case .start: view.model[keyPath: key] = from
            case .current: view.model[keyPath: key] = view.presentation[keyPath: key]
            }
            view.removeOffset(id: id, property, key)
        }
    }

    /// Registers the endings; call before adding the caller's completion so offsets are gone when it runs.
    func finish() {
        let endings = self.endings
        animator.addCompletion { position in endings.forEach { $0(position) } }
    }
}

extension View {
    /// The driver every `View.animate` call runs on; the app ticks it once per frame, tests give it a manual clock.
    public static var animationDriver = AnimationDriver(clock: MonotonicClock())

    /// Sets a model value; inside an animation block the presented value follows by an additive animation,
    /// otherwise it is shown at once (plus whatever running animations still add).
    func setAnimatable<V: AdditiveValue>(_ property: AnimatableProperty, _ value: V, _ key: WritableKeyPath<State, V>) {
        let old = model[keyPath: key]
        guard old != value else { return }
        model[keyPath: key] = value
        if let transaction = AnimationTransaction.current {
            transaction.record(self, property, from: old, to: value, key: key)
        }
        updatePresentation(property, key)
    }

    /// Shows model + running offsets for one property.
    private func updatePresentation<V: AdditiveValue>(_ property: AnimatableProperty, _ key: WritableKeyPath<State, V>) {
        var value = model[keyPath: key]
        for (_, offset) in offsets[property] ?? [] {
            if let v = offset as? V { value = value + v }
        }
        if presentation[keyPath: key] != value {
            presentation[keyPath: key] = value
            presentationDidChange(property)
        }
    }

    func setOffset<V: AdditiveValue>(_ offset: V, id: Int, _ property: AnimatableProperty, _ key: WritableKeyPath<State, V>) {
        var list = offsets[property] ?? []
        if let i = list.firstIndex(where: { $0.id == id }) { list[i].offset = offset } else { list.append((id, offset)) }
        offsets[property] = list
        updatePresentation(property, key)
    }

    func removeOffset<V: AdditiveValue>(id: Int, _ property: AnimatableProperty, _ key: WritableKeyPath<State, V>) {
        offsets[property]?.removeAll { $0.id == id }
        if offsets[property]?.isEmpty == true { offsets[property] = nil }
        updatePresentation(property, key)
    }

    /// Whether an animation currently owns any of this view's properties and is still moving it.
    public var hasRunningAnimation: Bool { presentation != model }

    /// Whether an animation without `.allowUserInteraction` is moving this view (running, paused or stopped):
    /// hit-testing then skips it, as UIKit does.
    public var isInteractionBlockedByAnimation: Bool {
        interactionBlockingAnimators.contains { $0.animator.map { $0.state != .inactive } ?? false }
    }

    /// Remembers an animator that keeps presses away from this view until it ends.
    func blockInteraction(while animator: PropertyAnimator) {
        interactionBlockingAnimators.removeAll { $0.animator.map { $0.state == .inactive } ?? true }
        if !interactionBlockingAnimators.contains(where: { $0.animator === animator }) {
            interactionBlockingAnimators.append(WeakAnimator(animator: animator))
        }
    }

    /// Animates the changes made in `animations` with a curve. UIKit's `animate(withDuration:delay:options:...)`.
    public static func animate(withDuration duration: Double, delay: Double = 0, options: AnimationOptions = [],
                               animations: () -> Void, completion: ((Bool) -> Void)? = nil) {
        let animator = PropertyAnimator(duration: duration, curve: options.curve, driver: animationDriver)
        run(animator, delay: delay, options: options, animations: animations, completion: completion)
    }

    /// Animates with UIKit's duration-based spring: `dampingRatio` and `velocity` relative to the distance
    /// (1 = the whole distance per second). The spring is fitted to end at `duration` (see `Spring`).
    public static func animate(withDuration duration: Double, delay: Double = 0, usingSpringWithDamping dampingRatio: Double,
                               initialSpringVelocity velocity: Double, options: AnimationOptions = [],
                               animations: () -> Void, completion: ((Bool) -> Void)? = nil) {
        let spring = Spring(duration: duration, dampingRatio: dampingRatio)
        let animator = PropertyAnimator(duration: duration, timingParameters: .spring(spring, initialVelocity: velocity),
                                        driver: animationDriver)
        run(animator, delay: delay, options: options, animations: animations, completion: completion)
    }

    /// Applies changes with no animation even inside an animation block. UIKit's `performWithoutAnimation`.
    public static func performWithoutAnimation(_ changes: () -> Void) {
        let saved = AnimationTransaction.current
        AnimationTransaction.current = nil
        changes()
        AnimationTransaction.current = saved
    }

    private static func run(_ animator: PropertyAnimator, delay: Double, options: AnimationOptions,
                            animations: () -> Void, completion: ((Bool) -> Void)?) {
        let saved = AnimationTransaction.current
        AnimationTransaction.current = AnimationTransaction(
            animator: animator, allowsUserInteraction: options.contains(.allowUserInteraction))
        animations()
        AnimationTransaction.current?.finish()
        AnimationTransaction.current = saved
        animator.addCompletion { position in completion?(position == .end) }
        if let intercept = AnimationTransaction.interceptor {
            intercept(animator, delay)
        } else {
            animator.startAnimation(afterDelay: delay)
        }
    }
}

/// A reference to an animator that does not keep it alive.
struct WeakAnimator {
    weak var animator: PropertyAnimator?
}
