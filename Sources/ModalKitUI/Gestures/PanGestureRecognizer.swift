import ModalKitBase
import ModalKitMotion

/// A drag. UIKit's `UIPanGestureRecognizer`: begins once the pointer has moved more than `slop` points from the
/// press, reports `changed` on every move, `ended` on release (or `cancelled`), with translation and velocity.
///
/// The translation counts from the press, so the slop distance is part of the first `began` translation, as in
/// UIKit: a view that follows the translation never jumps relative to the pointer.
open class PanGestureRecognizer: GestureRecognizer {
    private var tracker = VelocityTracker() { didSet { samplesChanged += 1 } }
    /// Counts changes to the tracker (samples, estimator), so a velocity read once is reused until one happens.
    private var samplesChanged = 0
    /// The last velocity read and what it was read from: the gesture's owner, the lab's HUD, its rule and its trace
    /// all ask in the same frame, and a fit is the costly part of a drag's input handling.
    private var lastVelocity: (samplesChanged: Int, time: Double, velocity: Point)?
    /// Window points subtracted from the raw offset (`setTranslation`).
    private var translationBase = Point.zero

    /// Calls `action` with this recognizer on began, changed, ended and cancelled.
    open override func addTarget(_ action: @escaping (PanGestureRecognizer) -> Void) {
        addHandler { [unowned self] _ in action(self) }
    }

    /// How far the pointer moved since the press, in `view`'s coordinates (scaled by its transforms).
    public func translation(in view: View?) -> Point {
        let raw = currentLocation - startLocation - translationBase
        let s = View.accumulatedScale(of: view)
        return Point(x: raw.x / s.x, y: raw.y / s.y)
    }

    /// Resets the translation so that it reads `translation` in `view` now.
    public func setTranslation(_ translation: Point, in view: View?) {
        let s = View.accumulatedScale(of: view)
        translationBase = currentLocation - startLocation - Point(x: translation.x * s.x, y: translation.y * s.y)
    }

    /// Points per second in `view`'s coordinates, read by `velocityEstimator` from the latest samples' server
    /// timestamps (zero after a rest of 40 ms or more; see `VelocityTracker`).
    public func velocity(in view: View?) -> Point {
        let v = windowVelocity()
        let s = View.accumulatedScale(of: view)
        return Point(x: v.x / s.x, y: v.y / s.y)
    }

    private func windowVelocity() -> Point {
        if let last = lastVelocity, last.samplesChanged == samplesChanged, last.time == lastEventTime {
            return last.velocity
        }
        let v = tracker.velocity(at: lastEventTime)
        lastVelocity = (samplesChanged, lastEventTime, v)
        return v
    }

    /// How `velocity(in:)` reads the samples (see `VelocityEstimator`).
    public var velocityEstimator: VelocityEstimator {
        get { tracker.estimator }
        set { tracker.estimator = newValue }
    }

    /// What each estimator reads now from the same samples, in `view`'s coordinates, to compare them at a release.
    public func velocities(in view: View?) -> [(estimator: VelocityEstimator, velocity: Point)] {
        let s = View.accumulatedScale(of: view)
        return tracker.velocities(at: lastEventTime).map {
            ($0.estimator, Point(x: $0.velocity.x / s.x, y: $0.velocity.y / s.y))
        }
    }

    /// Starts a new drag: the press is the first velocity sample.
    open override func pointerDown(at location: Point, time: Double) {
        super.pointerDown(at: location, time: time)
        tracker.reset()
        tracker.addSample(location, time: time)
        translationBase = .zero
    }

    /// Adds the move to the velocity samples; past the slop the pan begins, then each move is a change.
    open override func pointerMoved(to location: Point, time: Double) {
        super.pointerMoved(to: location, time: time)
        tracker.addSample(location, time: time)
        switch state {
        case .possible where movedBeyondSlop: transition(to: .began)
        case .began, .changed: transition(to: .changed)
        default: break
        }
    }

    /// Ends a drag that began; a release inside the slop is no pan.
    open override func pointerUp(at location: Point, time: Double) {
        // A release at the last move's position adds no information; one elsewhere is a real sample.
        if location != currentLocation { tracker.addSample(location, time: time) }
        super.pointerUp(at: location, time: time)
        if isActive { transition(to: .ended) } else if state == .possible { transition(to: .failed) }
    }
}

extension View {
    /// The product of the presented scales from `view` up to the window: how many window points one of its points is.
    static func accumulatedScale(of view: View?) -> Point {
        var sx = 1.0, sy = 1.0
        var v = view
        while let current = v, current.superview != nil {
            sx *= current.presentation.transform.scaleX
            sy *= current.presentation.transform.scaleY
            v = current.superview
        }
        return Point(x: sx, y: sy)
    }
}
