import ModalKitBase

/// Turns a sequence of pointer events on a view into a gesture. UIKit's `UIGestureRecognizer`.
///
/// The window hands every recognizer on the pressed view and its ancestors the same press, moves and release.
/// Continuous recognizers (pan) go began → changed… → ended or cancelled; discrete ones (tap) go straight to ended.
/// Either fails when the gesture turns out to be something else.
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
    public internal(set) var state: State = .possible
    /// The view the recognizer is attached to.
    public internal(set) weak var view: View?
    /// Whether the recognizer takes part in new presses (the window skips disabled ones). UIKit's `isEnabled`.
    public var isEnabled = true
    private var actions: [(GestureRecognizer) -> Void] = []

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

    /// The pointer's location in `view`'s coordinates (the window's when nil).
    public func location(in view: View?) -> Point {
        guard let view else { return currentLocation }
        return view.convertFromWindow(currentLocation)
    }

    /// Whether the recognizer is between its begin and its end.
    public var isActive: Bool { state == .began || state == .changed }

    func transition(to newState: State) {
        state = newState
        // The window is looked up before the actions run: an action may take the view out of the window (a
        // release that completes the dismissal at once), and the window must still hear how the gesture ended.
        let window = view?.window
        if newState != .possible && newState != .failed { actions.forEach { $0(self) } }
        if newState != .possible { window?.onGestureEvent?(self) }
    }

    // MARK: Events from the window (points in window coordinates, times in seconds)

    func pointerDown(at location: Point, time: Double) {
        state = .possible
        startLocation = location
        currentLocation = location
        lastEventTime = time
    }

    func pointerMoved(to location: Point, time: Double) {
        currentLocation = location
        lastEventTime = time
    }

    func pointerUp(at location: Point, time: Double) {
        currentLocation = location
        lastEventTime = time
    }

    /// The interaction was taken away (grab or focus lost, window unmapped, Escape): cancel what began, fail
    /// what had not.
    func cancel() {
        if isActive { transition(to: .cancelled) } else if state == .possible { transition(to: .failed) }
    }

    /// Another recognizer claimed the press (a pan beginning on a button): this one fails.
    func fail() {
        if state == .possible { transition(to: .failed) }
    }

    var movedBeyondSlop: Bool {
        let d = currentLocation - startLocation
        return (d.x * d.x + d.y * d.y).squareRoot() > GestureRecognizer.slop
    }
}
