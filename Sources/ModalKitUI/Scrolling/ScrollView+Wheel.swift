import ModalKitBase
import ModalKitMotion

extension ScrollView {
    /// How long one wheel click glides to its place (ease-out): a coarse 48-point jump would read as a flicker.
    public static let wheelClickDuration = 0.15
    /// How long a sheet's list must have been still, with no wheel click on it, before a click toward its top
    /// lowers the sheet: 0.5 s. A hand-spun wheel's clicks come 30–80 ms apart and its tail 150–350 ms after the
    /// list reached its top (those lowered the sheet 303 pt); desktop toolkits likewise keep a spin with the
    /// scroller it began on until the wheel rests (Firefox's wheel transaction: 1.5 s without an event). Stepping
    /// the sheet is a click of its own, not the end of scrolling the list.
    public static let sheetStepQuietTime = 0.5

    /// Scrolls by a wheel or touchpad `delta` (points; positive y moves toward the end of the content, as rolling
    /// a wheel toward you). `precise` deltas (a touchpad, a high-resolution wheel) move the content 1:1 and may
    /// stretch it past an edge, which springs back when the gesture ends; coarse ones (wheel clicks) glide there in
    /// `wheelClickDuration` and stop at the edges. `time` is the event's server time, for the gesture's velocity.
    public func scroll(by delta: Point, precise: Bool, time: Double) {
        guard isScrollEnabled, !isDragging else { return }
        let along = scrollsAlong
        let delta = Point(x: along.x && delta.x.isFinite ? delta.x : 0, y: along.y && delta.y.isFinite ? delta.y : 0)
        guard delta != .zero else { return }
        if let handoffCoordinator {
            if !precise { return coordinatedClick(by: delta.y, handoffCoordinator) }
            return coordinatedScroll(by: delta.y, time: time, handoffCoordinator)
        }
        if scrollGesture.scroll(delta: delta, time: time, now: ticker.now), case .free = motion {
            stopMotion()
        }
        showIndicators()
        if precise { scrollPrecisely(by: delta) } else { scrollByClick(delta) }
        if !ticker.isRunning { ticker.start() }
    }

    private func scrollPrecisely(by delta: Point) {
        if motion != nil { stopMotion() }
        rawOffset = unbanded(contentOffset) + delta
        showOffset(banded(rawOffset))
    }

    func scrollByClick(_ delta: Point) {
        var base = clamped(contentOffset)
        if case let .eased(_, to, _, _)? = motion { base = to }
        let target = clamped(base + delta)
        guard target != contentOffset else { return }
        startMotion(.eased(from: contentOffset, to: target, duration: ScrollView.wheelClickDuration, curve: .easeOut))
    }

    /// The wheel or touchpad went quiet: content left stretched springs back, otherwise the indicators fade.
    func scrollGestureEnded(velocity: Point) {
        if let handoffCoordinator {
            handoffCoordinator.release(velocity: -velocity.y)
            return settleAfterHandoff()
        }
        guard motion == nil else { return }
        if isOverscrolled, let back = freeMotion(velocity: .zero) { startMotion(back) } else { fadeIndicators() }
    }
}
