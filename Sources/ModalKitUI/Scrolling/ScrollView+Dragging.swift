import ModalKitBase
import ModalKitMotion

extension ScrollView {
    func handlePan(_ pan: PanGestureRecognizer) {
        if let handoffCoordinator { return handleCoordinatedPan(pan, handoffCoordinator) }
        switch pan.state {
        case .began:
            beginDragging()
            drag(by: pan.translation(in: self))
        case .changed: drag(by: pan.translation(in: self))
        case .ended: endDragging(velocity: pan.velocity(in: self) * -1)
        case .cancelled: endDragging(velocity: .zero)
        default: break
        }
    }

    private func beginDragging() {
        stopMotion()
        _ = scrollGesture.end()
        isDragging = true
        dragStartRawOffset = unbanded(contentOffset)
        delegate?.scrollViewWillBeginDragging(self)
        showIndicators()
    }

    /// The content follows the pointer (`translation` since the press) 1:1 inside the range, through the rubber
    /// band past the edges.
    private func drag(by translation: Point) {
        let along = scrollsAlong
        let raw = Point(
            x: along.x ? dragStartRawOffset.x - translation.x : dragStartRawOffset.x,
            y: along.y ? dragStartRawOffset.y - translation.y : dragStartRawOffset.y)
        showOffset(banded(raw))
    }

    /// Releases the drag with `velocity` (offset units, points per second): the delegate may move the target,
    /// then the content decelerates toward it (or springs back from past an edge).
    func endDragging(velocity: Point) {
        let along = scrollsAlong
        var velocity = Point(
            x: along.x && velocity.x.isFinite ? velocity.x : 0,
            y: along.y && velocity.y.isFinite ? velocity.y : 0)
        let natural = projectedTarget(velocity: velocity)
        var target = natural
        delegate?.scrollViewWillEndDragging(self, withVelocity: velocity * 0.001, targetContentOffset: &target)
        target = clamped(
            Point(
                x: target.x.isFinite ? target.x : natural.x,
                y: target.y.isFinite ? target.y : natural.y))
        if !isOverscrolled {
            let reaching = releaseVelocity(reaching: target)
            if target.x != natural.x { velocity.x = reaching.x }
            if target.y != natural.y { velocity.y = reaching.y }
        }
        isDragging = false
        let next = freeMotion(velocity: velocity)
        delegate?.scrollViewDidEndDragging(self, willDecelerate: next != nil)
        if let next { startMotion(next) } else { fadeIndicators() }
    }

    /// A press landed on the content: a moving view stops where it is shown, as in UIKit. A wheel gesture that
    /// was pulling a sheet lets it go first, so the press catches the sheet where it is, as it catches a moving one.
    func pressBegan() {
        guard motion != nil || scrollGesture.isScrolling else { return }
        endScrollGesture()
        stopMotion()
    }

    /// Ends a wheel or touchpad gesture before its quiet time; a sheet it moved is released where it is.
    func endScrollGesture() {
        guard scrollGesture.end() != nil else { return }
        handoffCoordinator?.release(velocity: 0)
    }

    /// The press ended without a drag: content left stretched (stopped mid-bounce) springs back.
    func pressEnded() {
        guard !isDragging, motion == nil else { return }
        if let back = freeMotion(velocity: .zero), isOverscrolled { startMotion(back) } else { fadeIndicators() }
    }

    /// The shown offset for a raw one: 1:1 inside the range, the rubber band past it (or a hard stop).
    func banded(_ raw: Point) -> Point {
        let range = offsetRange
        guard bounces else { return clamped(raw) }
        return Point(
            x: RubberBand(dimension: bounds.width).clamp(raw.x, to: range.x),
            y: RubberBand(dimension: bounds.height).clamp(raw.y, to: range.y))
    }

    /// The raw offset that shows `shown` through the band: a stretched view grabbed again stays under the pointer.
    func unbanded(_ shown: Point) -> Point {
        let range = offsetRange
        func axis(_ value: Double, _ range: ClosedRange<Double>, _ band: RubberBand) -> Double {
            if value < range.lowerBound { return range.lowerBound + band.overshoot(for: value - range.lowerBound) }
            if value > range.upperBound { return range.upperBound + band.overshoot(for: value - range.upperBound) }
            return value
        }
        return Point(
            x: axis(shown.x, range.x, RubberBand(dimension: bounds.width)),
            y: axis(shown.y, range.y, RubberBand(dimension: bounds.height)))
    }
}

/// The scroll view's own pan: like any pan, and a press on it stops a moving scroll view.
final class ScrollPanGestureRecognizer: PanGestureRecognizer {
    private var scrollView: ScrollView? { view as? ScrollView }

    override func pointerDown(at location: Point, time: Double) {
        super.pointerDown(at: location, time: time)
        scrollView?.pressBegan()
    }

    override func pointerUp(at location: Point, time: Double) {
        let dragged = isActive
        super.pointerUp(at: location, time: time)
        if !dragged { scrollView?.pressEnded() }
    }

    override func cancel() {
        let dragged = isActive
        super.cancel()
        if !dragged { scrollView?.pressEnded() }
    }

    override func fail() {
        super.fail()
        scrollView?.pressEnded()
    }
}
