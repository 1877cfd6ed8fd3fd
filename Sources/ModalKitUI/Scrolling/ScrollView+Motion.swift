import Glibc
import ModalKitBase
import ModalKitMotion

/// How a scroll view's content moves on its own, evaluated in closed form at the time since it started.
enum ScrollMotion {
    /// After a release: deceleration, then a spring at an edge (or straight back from past one); a nil axis stays.
    case free(x: ScrollAxisMotion?, y: ScrollAxisMotion?)
    /// Along a timing curve: `setContentOffset(_:animated:)`, and the short glide of one wheel click.
    case eased(from: Point, to: Point, duration: Double, curve: TimingCurve)

    func offset(at t: Double, keeping current: Point) -> Point {
        switch self {
        case let .free(x, y):
            return Point(x: x?.position(at: t) ?? current.x, y: y?.position(at: t) ?? current.y)
        case let .eased(from, to, duration, curve):
            let p = duration > 0 ? curve.value(at: min(max(t / duration, 0), 1)) : 1
            return from + (to - from) * p
        }
    }

    var duration: Double {
        switch self {
        case let .free(x, y): return max(x?.duration ?? 0, y?.duration ?? 0)
        case let .eased(_, _, duration, _): return duration
        }
    }
}

extension ScrollView {
    /// The deceleration rate as a usable number: UIKit's rates are per millisecond, strictly between 0 and 1.
    var rate: Double {
        let r = decelerationRate.rawValue
        return r.isFinite && r > 0 && r < 1 ? r : Deceleration.normalRate
    }

    func startMotion(_ newMotion: ScrollMotion) {
        motion = newMotion
        if case .free = newMotion { isDecelerating = true } else { isDecelerating = false }
        showIndicators()
        ticker.start()
    }

    /// Stops the content where it is shown now.
    func stopMotion() {
        motion = nil
        isDecelerating = false
        if !scrollGesture.isScrolling { ticker.stop() }
    }

    /// One display frame: moves the content along its motion and ends a quiet wheel gesture.
    func frame(elapsed: Double, now: Double) {
        if let motion {
            showOffset(motion.offset(at: elapsed, keeping: contentOffset))
            lastListActivity = now
            if elapsed >= motion.duration { finishMotion() }
        }
        if let velocity = scrollGesture.update(now: now) {
            scrollGestureEnded(velocity: velocity)
        } else {
            coastSheet(now: now)
        }
        if motion == nil && !scrollGesture.isScrolling { ticker.stop() }
    }

    private func finishMotion() {
        let wasDecelerating = isDecelerating
        motion = nil
        isDecelerating = false
        if wasDecelerating { delegate?.scrollViewDidEndDecelerating(self) }
        if !isDragging && !scrollGesture.isScrolling { fadeIndicators() }
    }

    /// The free motion from the shown offset with `velocity` (offset units, points per second) on each axis
    /// that scrolls; nil when nothing would move.
    func freeMotion(velocity: Point) -> ScrollMotion? {
        let range = offsetRange, along = scrollsAlong, offset = contentOffset
        let x =
            along.x || offset.x != clamped(offset).x
            ? ScrollAxisMotion(position: offset.x, velocity: velocity.x, range: range.x, rate: rate, bounces: bounces)
            : nil
        let y =
            along.y || offset.y != clamped(offset).y
            ? ScrollAxisMotion(position: offset.y, velocity: velocity.y, range: range.y, rate: rate, bounces: bounces)
            : nil
        let motion = ScrollMotion.free(x: x, y: y)
        return motion.duration > 0 ? motion : nil
    }

    /// Where a release at `velocity` comes to rest, limited to the offset range.
    func projectedTarget(velocity: Point) -> Point {
        let offset = contentOffset
        return clamped(
            Point(
                x: offset.x + Deceleration(rate: rate, initialVelocity: velocity.x).totalDistance,
                y: offset.y + Deceleration(rate: rate, initialVelocity: velocity.y).totalDistance))
    }

    /// The release velocity whose deceleration ends exactly at `target` from the shown offset, per axis.
    func releaseVelocity(reaching target: Point) -> Point {
        let k = -1000 * log(rate)
        return (target - contentOffset) * k
    }
}
