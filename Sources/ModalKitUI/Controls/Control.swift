import ModalKitBase

/// A view that turns a press into a value or an action. UIKit's `UIControl`: it tracks the press itself
/// (`beginTracking`, `continueTracking`, `endTracking`, `cancelTracking`), shows `isHighlighted` while the press is
/// inside, and sends its events (`valueChanged`, `touchUpInside`, ...) to the actions added for them.
///
/// As UIKit promises for its controls, a drag that starts on a control belongs to the control: the first move
/// claims the press, so a pan recognizer on an ancestor (a draggable card) does not begin.
open class Control: View {
    /// What a control reports. UIKit's `UIControl.Event`.
    public struct Event: OptionSet, Hashable, Sendable {
        /// UIKit's bit for the event.
        public let rawValue: Int
        /// An event (or set of events) from UIKit's bits.
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// A press went down on the control.
        public static let touchDown = Event(rawValue: 1 << 0)
        /// The press was released inside the control (with `touchSlop`).
        public static let touchUpInside = Event(rawValue: 1 << 6)
        /// The press was released outside the control.
        public static let touchUpOutside = Event(rawValue: 1 << 7)
        /// The press was taken away.
        public static let touchCancel = Event(rawValue: 1 << 8)
        /// The user changed the control's value (never sent for values set from code).
        public static let valueChanged = Event(rawValue: 1 << 12)
    }

    /// How far (points) outside its bounds a press still counts as inside, as UIKit's controls allow for a finger.
    public static let touchSlop = 70.0

    /// A disabled control ignores presses and draws dimmed.
    public var isEnabled = true {
        didSet {
            guard isEnabled != oldValue else { return }
            if !isEnabled { tracker.cancel() }
            tracker.isEnabled = isEnabled
            setNeedsDisplay()
        }
    }
    /// Whether a press is down on the control and inside it (with `touchSlop`).
    public internal(set) var isHighlighted = false { didSet { if isHighlighted != oldValue { setNeedsDisplay() } } }
    /// Whether a press that began on the control is still down.
    public private(set) var isTracking = false
    /// Whether the tracked press is inside the control now (with `touchSlop`).
    public private(set) var isTouchInside = false

    private var actions: [(events: Event, action: () -> Void)] = []
    let tracker = ControlTracker()

    /// A control with its press tracking installed.
    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        tracker.control = self
        addGestureRecognizer(tracker)
    }

    /// Runs `action` whenever the control sends one of `events`. UIKit's `addAction(_:for:)`.
    public func addAction(for events: Event, _ action: @escaping () -> Void) { actions.append((events, action)) }

    /// Runs the actions added for any of `events` now.
    public func sendActions(for events: Event) {
        for entry in actions where !entry.events.isDisjoint(with: events) { entry.action() }
    }

    // MARK: Tracking (points in the control's coordinates); subclasses override

    /// A press went down on the control. Return false to ignore the rest of it.
    open func beginTracking(at point: Point) -> Bool { true }

    /// The pressed pointer moved. Return false to stop tracking.
    open func continueTracking(at point: Point) -> Bool { true }

    /// The press was released at `point`.
    open func endTracking(at point: Point) {}

    /// The press was taken away (Escape, focus lost, or the control was disabled).
    open func cancelTracking() {}

    /// Whether `point` (this view's coordinates) counts as inside for tracking: the bounds grown by `touchSlop`.
    public func isInsideForTracking(_ point: Point) -> Bool {
        presentation.bounds.insetBy(dx: -Control.touchSlop, dy: -Control.touchSlop).contains(point)
    }

    // MARK: From the tracker (window points)

    func trackerDown(at location: Point) {
        let point = convertFromWindow(location)
        guard isEnabled, beginTracking(at: point) else { return }
        isTracking = true
        isTouchInside = true
        isHighlighted = true
        sendActions(for: .touchDown)
    }

    func trackerMoved(to location: Point) {
        guard isTracking else { return }
        let point = convertFromWindow(location)
        isTouchInside = isInsideForTracking(point)
        isHighlighted = isTouchInside
        if !continueTracking(at: point) { finish(cancelled: true) }
    }

    func trackerUp(at location: Point) {
        guard isTracking else { return }
        let point = convertFromWindow(location)
        isTouchInside = isInsideForTracking(point)
        endTracking(at: point)
        finish(cancelled: false)
        sendActions(for: isTouchInside ? .touchUpInside : .touchUpOutside)
    }

    func trackerCancelled() {
        guard isTracking else { return }
        cancelTracking()
        finish(cancelled: true)
        sendActions(for: .touchCancel)
    }

    private func finish(cancelled: Bool) {
        isTracking = false
        isHighlighted = false
        if cancelled { isTouchInside = false }
    }
}
