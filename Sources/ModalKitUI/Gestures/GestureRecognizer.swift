import ModalKitBase

/// Turns a sequence of pointer events on a view into a gesture. UIKit's `UIGestureRecognizer`.
///
/// The window hands every recognizer on the pressed view and its ancestors the same press, moves and release.
/// Continuous recognizers (pan) go began → changed… → ended or cancelled; discrete ones (tap) go straight to ended.
/// Either fails when the gesture turns out to be something else. The first to begin or be recognized claims the
/// press and the others fail, unless a ``GestureRecognizerDelegate`` lets them recognize simultaneously.
///
/// A custom recognizer subclasses this class and overrides the pointer hooks, UIKit's `touchesBegan…` for the one
/// pointer: ``pointerDown(at:time:)``, ``pointerMoved(to:time:)``, ``pointerUp(at:time:)``,
/// ``pointerCancelled()`` (each calling `super` first), sets ``state`` as UIKit's `UIGestureRecognizerSubclass`
/// allows, and clears its own fields in ``reset()``.
open class GestureRecognizer {
    /// UIKit's `UIGestureRecognizer.State`.
    public enum State: String, Sendable {
        /// UIKit's states, from `possible` to `ended`, `cancelled` or `failed`.
        ///
        /// A continuous gesture goes `began`, `changed`…, then `ended` or `cancelled`; a discrete one goes straight
        /// to `ended`; either goes to `failed` when it turns out to be something else.
        case possible, began, changed, ended, cancelled, failed
        /// A discrete gesture that happened is `.ended`, as in UIKit.
        public static let recognized = State.ended
    }

    /// How far (points) the pointer may move from the press before a tap fails and a pan begins.
    public static let slop = 10.0

    /// Where the recognizer is in its life. UIKit's `state`.
    ///
    /// Set it only from a subclass's hooks, as UIKit's `UIGestureRecognizerSubclass` allows: a change from
    /// `possible` to `began` or `ended` first asks the delegate's `gestureRecognizerShouldBegin(_:)` (a refusal
    /// sets `failed`), then every change but to `possible` or `failed` calls the targets. Setting the state it
    /// already has does nothing, except `changed`, which reports one more change.
    public var state: State {
        get { storedState }
        set {
            // A subclass that cancels in `pointerCancelled()` after `super` did must not report the end twice.
            guard newValue != storedState || newValue == .changed else { return }
            transition(to: newValue)
        }
    }
    private var storedState = State.possible
    /// Decides whether the recognizer begins, receives a press, and shares one with another. UIKit's `delegate`.
    public weak var delegate: GestureRecognizerDelegate?
    /// Whether the rest of the current press is kept from this recognizer (`ignore()`).
    private(set) var ignoresPress = false
    /// The view the recognizer is attached to.
    public internal(set) weak var view: View?
    /// Whether the recognizer takes part in new presses (the window skips disabled ones). UIKit's `isEnabled`.
    public var isEnabled = true
    private var actions: [(GestureRecognizer) -> Void] = []
    /// Recognizers that must fail before this one may begin or recognize (`require(toFail:)`).
    private var failureRequirements: [WeakRecognizer] = []
    /// Recognizers that wait for this one to fail.
    private var dependents: [WeakRecognizer] = []
    /// The state this recognizer reached while one it requires to fail was still undecided: taken when that one
    /// fails, dropped (failed) when it recognizes.
    private var pendingState: State?
    /// Whether the window hands this recognizer the current press: a requirement that is not in it cannot
    /// recognize this press, so it is not waited for.
    final var takesPartInPress = false

    /// Where the press went down and where the pointer is now, in window points.
    public internal(set) var startLocation = Point.zero
    /// Where the pointer is now, in window points.
    public internal(set) var currentLocation = Point.zero
    /// Server time (seconds) of the latest event.
    public internal(set) var lastEventTime = 0.0

    /// A recognizer attached to no view; add it with `View.addGestureRecognizer(_:)`.
    public init() {}

    /// Calls `action` on every state change that UIKit reports (began, changed, ended, cancelled); subclasses
    /// offer it typed as `addTarget`.
    func addHandler(_ action: @escaping (GestureRecognizer) -> Void) { actions.append(action) }

    /// Calls `action` with this recognizer on every state change that UIKit reports to targets (began, changed,
    /// ended, cancelled). UIKit's `addTarget(_:action:)`. A subclass can override it typed to itself, as
    /// `PanGestureRecognizer` does, so its targets get it without a cast.
    open func addTarget(_ action: @escaping (GestureRecognizer) -> Void) { addHandler(action) }

    /// The pointer's location in `view`'s coordinates (the window's when nil).
    public func location(in view: View?) -> Point {
        guard let view else { return currentLocation }
        return view.convertFromWindow(currentLocation)
    }

    /// Whether the recognizer is between its begin and its end.
    public var isActive: Bool { state == .began || state == .changed }

    /// Whether it began or recognized: what claims a press from the others.
    final var claimsPress: Bool { isActive || state == .ended }

    /// Whether it reached a state it holds back until a recognizer it requires to fail decides.
    final var isWaiting: Bool { pendingState != nil }

    /// Makes this recognizer wait, when it would begin or recognize, until `other` fails; if `other` recognizes
    /// the same press instead, this one fails. UIKit's `require(toFail:)` (a tap that must not fire when the press
    /// becomes a drag, or an outer view's tap that takes precedence over an inner one's). Only a recognizer that
    /// takes part in the press is waited for. Set it up once, when the recognizers are made.
    public final func require(toFail other: GestureRecognizer) {
        guard other !== self, !failureRequirements.contains(where: { $0.value === other }) else { return }
        failureRequirements.append(WeakRecognizer(other))
        other.dependents.append(WeakRecognizer(self))
    }

    func transition(to requested: State) {
        let beginning = storedState == .possible && (requested == .began || requested == .ended)
        if beginning && requirementRecognized { return transition(to: .failed) }
        if beginning && waitsForRequirement {
            pendingState = requested
            return
        }
        pendingState = nil
        let newState = beginning && delegate?.gestureRecognizerShouldBegin(self) == false ? .failed : requested
        storedState = newState
        // The window is looked up before the actions run: an action may take the view out of the window (a
        // release that completes the dismissal at once), and the window must still hear how the gesture ended.
        let window = view?.window
        if newState != .possible && newState != .failed { actions.forEach { $0(self) } }
        if newState != .possible { window?.onGestureEvent?(self) }
        if newState != .changed { dependents.forEach { $0.value?.requirementDecided() } }
    }

    /// The recognizers this one requires to fail that take part in the press.
    private final var pressRequirements: [GestureRecognizer] {
        failureRequirements.compactMap { $0.value.flatMap { $0.takesPartInPress ? $0 : nil } }
    }

    /// Whether one of them recognized the press (began, or ended, or was cancelled after beginning).
    private final var requirementRecognized: Bool {
        pressRequirements.contains { $0.state != .possible && $0.state != .failed }
    }

    /// Whether one of them has not decided yet.
    private final var waitsForRequirement: Bool { pressRequirements.contains { $0.state == .possible } }

    /// A requirement changed state: a waiting recognizer takes its state once all failed, or fails.
    private final func requirementDecided() {
        guard let pending = pendingState, storedState == .possible else { return }
        guard requirementRecognized || !waitsForRequirement else { return }
        pendingState = nil
        transition(to: pending)
    }

    // MARK: Hooks a subclass overrides (points in window coordinates, times in seconds)

    /// The pointer went down on the view or one of its subviews. UIKit's `touchesBegan(_:with:)` for the one
    /// pointer. Subclasses call `super` first, which records the press as `startLocation` and `currentLocation`.
    open func pointerDown(at location: Point, time: Double) {
        startLocation = location
        currentLocation = location
        lastEventTime = time
    }

    /// The pointer moved while pressed. UIKit's `touchesMoved(_:with:)`. Subclasses call `super` first, which
    /// updates `currentLocation` (`startLocation` is where the press went down).
    open func pointerMoved(to location: Point, time: Double) {
        currentLocation = location
        lastEventTime = time
    }

    /// The pointer was released. UIKit's `touchesEnded(_:with:)`. `super` updates `currentLocation`; a subclass
    /// that is not done may stay `possible` (a double tap waits for its second press).
    open func pointerUp(at location: Point, time: Double) {
        currentLocation = location
        lastEventTime = time
    }

    /// The press was taken away (grab or focus lost, window unmapped, Escape, the view left the window). UIKit's
    /// `touchesCancelled(_:with:)`. The default cancels what began and fails what had not; overrides call `super`.
    open func pointerCancelled() {
        if isActive { transition(to: .cancelled) } else if state == .possible { transition(to: .failed) }
    }

    /// Returns the recognizer to `possible` and clears what it learnt. UIKit's `reset()`: called when a press
    /// starts on a recognizer that had ended, been cancelled or failed (not right after the end, so that a target
    /// and a test can still read the final state). Overrides clear their own fields and call `super`.
    open func reset() {
        storedState = .possible
    }

    /// Keeps the rest of the current press (moves, release, cancel) from this recognizer; it sees the next press
    /// again. UIKit's `ignore(_:for:)` for the one pointer. A gesture that had begun is cancelled first.
    public func ignore() {
        if isActive { transition(to: .cancelled) }
        ignoresPress = true
    }

    // MARK: Events from the window

    /// Whether the delegate lets this recognizer see a press (`event` is its `pointerDown`).
    func shouldReceive(_ event: InputEvent) -> Bool {
        delegate?.gestureRecognizer(self, shouldReceive: event) ?? true
    }

    /// A press starts: a recognizer that had finished is reset, and a recognizer still waiting (a double tap
    /// between its taps) keeps what it learnt.
    func prepareForPress() {
        ignoresPress = false
        // A wait the last press left undecided ends with it (no timer here decides it later, as UIKit's would).
        pendingState = nil
        takesPartInPress = true
        guard storedState != .possible else { return }
        reset()
        storedState = .possible
    }

    /// Whether this recognizer and `other` may both recognize the same press: either delegate allowing is enough,
    /// as in UIKit.
    func canRecognizeSimultaneously(with other: GestureRecognizer) -> Bool {
        delegate?.gestureRecognizer(self, shouldRecognizeSimultaneouslyWith: other) == true
            || other.delegate?.gestureRecognizer(other, shouldRecognizeSimultaneouslyWith: self) == true
    }

    /// The press was taken away; internal subclasses extend it, the public hook is `pointerCancelled()`.
    func cancel() { pointerCancelled() }

    /// Another recognizer claimed the press (a pan beginning on a button): this one fails.
    func fail() {
        if state == .possible { transition(to: .failed) }
    }

    var movedBeyondSlop: Bool {
        let d = currentLocation - startLocation
        return (d.x * d.x + d.y * d.y).squareRoot() > GestureRecognizer.slop
    }
}

/// A recognizer held without keeping it alive: a failure requirement must not keep the other recognizer (or,
/// through its view, a controller) in memory.
struct WeakRecognizer {
    weak var value: GestureRecognizer?
    init(_ value: GestureRecognizer) { self.value = value }
}
