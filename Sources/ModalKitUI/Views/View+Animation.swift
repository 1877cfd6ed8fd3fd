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
    /// Ease in and out: UIKit's default curve.
    public static let curveEaseInOut = AnimationOptions([])
    /// Ease in: starts slowly.
    public static let curveEaseIn = AnimationOptions(rawValue: 1)
    /// Ease out: ends slowly.
    public static let curveEaseOut = AnimationOptions(rawValue: 2)
    /// Constant speed.
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

/// Collects the property changes made inside one `View.animate` block; when the block closes they become the
/// tracks of one property animator on the driver of the window the changed views are in.
///
/// Animations are additive, as UIKit's have been since iOS 8: each one animates an offset from the old model value
/// to zero on top of the model value. A value set later without animation (a card grabbed while it slides back)
/// moves the model and the running offsets carry on, so nothing jumps; a second animation of the same property
/// adds its own offset and the motions blend.
final class AnimationTransaction {
    /// The innermost open `View.animate` block, which setters consult to decide between "set now" and "animate".
    /// Process-wide on purpose, like UIKit's: blocks nest lexically on the one thread that runs the UI, and only
    /// `open(_:around:)` changes it, always putting back what was open before.
    private(set) nonisolated(unsafe) static var current: AnimationTransaction?

    /// Runs `body` with `transaction` as the open block (nil: changes apply at once), then reopens the outer one.
    static func open(_ transaction: AnimationTransaction?, around body: () -> Void) {
        let saved = current
        current = transaction
        defer { current = saved }
        body()
    }

    /// Whether the views may take presses while this animation moves them (`.allowUserInteraction`).
    let allowsUserInteraction: Bool
    /// The window of the first changed view that is in one: its driver runs the animation.
    private(set) weak var window: Window?
    /// Adds one change's track to the animator once it exists.
    private var tracks: [(PropertyAnimator) -> Void] = []
    /// What to do with each animated property when the animator ends at a position.
    private var endings: [(AnimatingPosition) -> Void] = []

    init(allowsUserInteraction: Bool = false) {
        self.allowsUserInteraction = allowsUserInteraction
    }

    /// Makes `view.property` move from `from` to its new model value `to` by an offset that shrinks to zero.
    func record<V: AdditiveValue>(
        _ view: View, _ property: AnimatableProperty, from: V, to: V,
        key: WritableKeyPath<View.State, V>
    ) {
        if window == nil { window = view.window }
        let id = view.makeOffsetID()
        let blocksInteraction = !allowsUserInteraction
        tracks.append { [weak view] animator in
            if blocksInteraction { view?.blockInteraction(while: animator) }
            animator.addAnimation(from: from, to: to) { [weak view] value in
                view?.setOffset(value - to, id: id, property, key)
            }
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

    /// Gives the recorded changes to `animator` and registers their endings; call before adding the caller's
    /// completion so offsets are gone when it runs.
    func attach(to animator: PropertyAnimator) {
        tracks.forEach { $0(animator) }
        let endings = self.endings
        animator.addCompletion { position in endings.forEach { $0(position) } }
    }
}

extension View {
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
    private func updatePresentation<V: AdditiveValue>(_ property: AnimatableProperty, _ key: WritableKeyPath<State, V>)
    {
        var value = model[keyPath: key]
        for (_, offset) in offsets[property] ?? [] {
            if let v = offset as? V { value = value + v }
        }
        if presentation[keyPath: key] != value {
            let old = presentation
            presentation[keyPath: key] = value
            presentationDidChange(property, from: old)
        }
    }

    func setOffset<V: AdditiveValue>(
        _ offset: V, id: Int, _ property: AnimatableProperty, _ key: WritableKeyPath<State, V>
    ) {
        var list = offsets[property] ?? []
        if let i = list.firstIndex(where: { $0.id == id }) {
            list[i].offset = offset
        } else {
            list.append((id, offset))
        }
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
    public static func animate(
        withDuration duration: Double, delay: Double = 0, options: AnimationOptions = [],
        animations: () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        run(delay: delay, options: options, animations: animations, completion: completion) { driver in
            PropertyAnimator(duration: duration, curve: options.curve, driver: driver)
        }
    }

    /// Animates with UIKit's duration-based spring: `dampingRatio` and `velocity` relative to the distance
    /// (1 = the whole distance per second). The spring is fitted to end at `duration` (see `Spring`).
    public static func animate(
        withDuration duration: Double, delay: Double = 0, usingSpringWithDamping dampingRatio: Double,
        initialSpringVelocity velocity: Double, options: AnimationOptions = [],
        animations: () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        let spring = Spring(duration: duration, dampingRatio: dampingRatio)
        run(delay: delay, options: options, animations: animations, completion: completion) { driver in
            PropertyAnimator(
                duration: duration, timingParameters: .spring(spring, initialVelocity: velocity), driver: driver)
        }
    }

    /// Applies changes with no animation even inside an animation block. UIKit's `performWithoutAnimation`.
    public static func performWithoutAnimation(_ changes: () -> Void) {
        AnimationTransaction.open(nil, around: changes)
    }

    /// Runs the block, then animates what it changed on the driver of the window the changed views are in (a
    /// percent-driven transition starting in that window holds the animator paused instead). When nothing in a
    /// window changed there is nothing to show moving: the changes stand and the completion runs at once.
    private static func run(
        delay: Double, options: AnimationOptions, animations: () -> Void, completion: ((Bool) -> Void)?,
        makeAnimator: (AnimationDriver) -> PropertyAnimator
    ) {
        let transaction = AnimationTransaction(allowsUserInteraction: options.contains(.allowUserInteraction))
        AnimationTransaction.open(transaction, around: animations)
        guard let window = transaction.window else {
            completion?(true)
            return
        }
        let animator = makeAnimator(window.animationDriver)
        transaction.attach(to: animator)
        animator.addCompletion { position in completion?(position == .end) }
        if let intercept = window.animationInterceptor {
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
