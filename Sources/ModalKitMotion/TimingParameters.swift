/// How an animator's progress moves over time: a curve over its duration, or a spring that sets its own.
public enum TimingParameters: Sendable {
    /// Progress follows the curve over the animator's duration.
    case curve(TimingCurve)
    /// A spring starting with `initialVelocity` relative to its distance (see `relativeVelocity`).
    case spring(Spring, initialVelocity: Double)
}

/// Where an animator is in its life. UIKit's `UIViewAnimatingState`.
public enum AnimatingState: Sendable {
    /// Not started, or finished: values are not being animated.
    case inactive
    /// Started, running or paused.
    case active
    /// Stopped by `stopAnimation(false)`, waiting for `finishAnimation(at:)`.
    case stopped
}

/// Where an animation ended. UIKit's `UIViewAnimatingPosition`.
public enum AnimatingPosition: Sendable {
    /// At the final values.
    case end
    /// Back at the starting values.
    case start
    /// Wherever it stood when finished early.
    case current
}
