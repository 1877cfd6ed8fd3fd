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

    /// The curve these options select; UIKit's default is ease-in-out.
    var curve: TimingCurve {
        if contains(.curveLinear) { return .linear }
        if contains(.curveEaseIn) { return .easeIn }
        if contains(.curveEaseOut) { return .easeOut }
        return .easeInOut
    }
}

/// Collects the property changes made inside one `View.animate` block into one property animator.
final class AnimationTransaction {
    /// The innermost open block; setters consult it to decide between "set now" and "animate".
    static var current: AnimationTransaction?
    /// While set, new animations are handed here instead of starting: a percent-driven interactive transition
    /// scrubs them, so the animator that wrote them never learns it is interactive.
    static var interceptor: ((PropertyAnimator, _ delay: Double) -> Void)?

    let animator: PropertyAnimator

    init(animator: PropertyAnimator) { self.animator = animator }

    /// Makes `view.property` animate from its presented value to `to`, taking the property over from any earlier
    /// animation.
    func record<V: Interpolatable & Equatable>(_ view: View, _ property: AnimatableProperty, from: V, to: V,
                                   key: WritableKeyPath<View.State, V>) {
        let generation = view.takeOver(property)
        animator.addAnimation(from: from, to: to) { [weak view] value in
            view?.applyPresented(value, property, key, generation: generation)
        }
    }
}

extension View {
    /// The driver every `View.animate` call runs on; the app ticks it once per frame, tests give it a manual clock.
    public static var animationDriver = AnimationDriver(clock: MonotonicClock())

    /// Sets a model value; inside an animation block the presented value follows by animation, otherwise at once.
    func setAnimatable<V: Interpolatable & Equatable>(_ property: AnimatableProperty, _ value: V,
                                                      _ key: WritableKeyPath<State, V>) {
        if let transaction = AnimationTransaction.current {
            // Setting what is already shown and modelled animates nothing; UIKit adds no animation either.
            if model[keyPath: key] == value && presentation[keyPath: key] == value { return }
            let from = presentation[keyPath: key]
            model[keyPath: key] = value
            transaction.record(self, property, from: from, to: value, key: key)
        } else {
            model[keyPath: key] = value
            _ = takeOver(property)
            if presentation[keyPath: key] != value {
                presentation[keyPath: key] = value
                presentationDidChange(property)
            }
        }
    }

    /// Starts a new owner of `property`: earlier animations of it stop writing.
    func takeOver(_ property: AnimatableProperty) -> Int {
        let next = generations[property, default: 0] + 1
        generations[property] = next
        return next
    }

    func applyPresented<V: Equatable>(_ value: V, _ property: AnimatableProperty, _ key: WritableKeyPath<State, V>,
                                      generation: Int) {
        guard generations[property] == generation, presentation[keyPath: key] != value else { return }
        presentation[keyPath: key] = value
        presentationDidChange(property)
    }

    /// Whether an animation currently owns any of this view's properties and is still moving it.
    public var hasRunningAnimation: Bool { presentation != model }

    /// Animates the changes made in `animations` with a curve. UIKit's `animate(withDuration:delay:options:...)`.
    public static func animate(withDuration duration: Double, delay: Double = 0, options: AnimationOptions = [],
                               animations: () -> Void, completion: ((Bool) -> Void)? = nil) {
        let animator = PropertyAnimator(duration: duration, curve: options.curve, driver: animationDriver)
        run(animator, delay: delay, animations: animations, completion: completion)
    }

    /// Animates with UIKit's duration-based spring: `dampingRatio` and `velocity` relative to the distance
    /// (1 = the whole distance per second). The spring is fitted to end at `duration` (see `Spring`).
    public static func animate(withDuration duration: Double, delay: Double = 0, usingSpringWithDamping dampingRatio: Double,
                               initialSpringVelocity velocity: Double, options: AnimationOptions = [],
                               animations: () -> Void, completion: ((Bool) -> Void)? = nil) {
        let spring = Spring(duration: duration, dampingRatio: dampingRatio)
        let animator = PropertyAnimator(duration: duration, timingParameters: .spring(spring, initialVelocity: velocity),
                                        driver: animationDriver)
        run(animator, delay: delay, animations: animations, completion: completion)
    }

    /// Applies changes with no animation even inside an animation block. UIKit's `performWithoutAnimation`.
    public static func performWithoutAnimation(_ changes: () -> Void) {
        let saved = AnimationTransaction.current
        AnimationTransaction.current = nil
        changes()
        AnimationTransaction.current = saved
    }

    private static func run(_ animator: PropertyAnimator, delay: Double, animations: () -> Void,
                            completion: ((Bool) -> Void)?) {
        let saved = AnimationTransaction.current
        AnimationTransaction.current = AnimationTransaction(animator: animator)
        animations()
        AnimationTransaction.current = saved
        animator.addCompletion { position in completion?(position == .end) }
        if let intercept = AnimationTransaction.interceptor {
            intercept(animator, delay)
        } else {
            animator.startAnimation(afterDelay: delay)
        }
    }
}
