import ModalKitBase
import ModalKitMotion

extension ZoomTransitionController {
    /// Flies the page from `from` to `to` on `spring`, leaving at `velocity` (progress per second); `completion`
    /// runs when it is there and at rest (not if a press catches it first).
    func fly(
        from: Rect, to: Rect, spring: Spring, velocity: Double = 0, phase newPhase: Phase, toSource: Bool,
        completion: (() -> Void)? = nil
    ) {
        stopMotion()
        phase = newPhase
        var stepper = ZoomStepper(value: 0, time: 0, spring: spring)
        stepper.aim(at: 1, spring: spring, velocity: velocity)
        flight = ZoomFlight(from: from, to: to, stepper: stepper, toSource: toSource, completion: completion)
        if toSource, newPhase == .landing {
            var covered = ZoomStepper(value: coveredProgress, time: 0, spring: springs.coveredReturn)
            covered.aim(at: 0, spring: springs.coveredReturn)
            coveredStepper = covered
        }
        guard card.window != nil else { return land() }
        ticker.start()
    }

    /// One display frame of the flight under way.
    func tick(_ elapsed: Double) {
        if fade != nil { return stepFade(elapsed) }
        guard var current = flight else { return ticker.stop() }
        current.stepper.advance(to: elapsed)
        flight = current
        coveredStepper?.advance(to: elapsed)
        show(ZoomLook.frame(progress: current.stepper.value, source: current.from, page: current.to))
        let coveredDone = coveredStepper?.hasConverged() ?? true
        if current.stepper.hasConverged(tolerance: 1e-3), coveredDone { land() }
    }

    /// Ends the flight on its target and runs its completion.
    func land() {
        guard let current = flight else { return }
        ticker.stop()
        flight = nil
        coveredStepper = nil
        show(current.to)
        phase = .idle
        current.completion?()
    }

    /// Stops the motion under way where it is shown (a press caught it): no jump, no completion.
    func stopMotion() {
        ticker.stop()
        flight = nil
        coveredStepper = nil
        fade = nil
    }

    /// Whether a spring (or Reduce Motion's cross-fade) is moving the page.
    public var isMoving: Bool { flight != nil || fade != nil }

    /// Whether the page is on screen in its card (from its presentation to its dismissal).
    public var isInstalled: Bool { container != nil && card.superview != nil }

    /// The covered page's progress (its scale and dim): the page's own, or its return after a landing.
    var coveredProgress: Double {
        if let coveredStepper { return coveredStepper.value }
        return min(max(progress, 0), 1)
    }

    /// Shows the page at `frame`: the card there, the page scaled into it, the source's cross-fade, the dim and
    /// the covered page.
    func show(_ frame: Rect) {
        card.frame = frame
        let page = pageRect
        let p = ZoomLook.progress(of: frame, source: sourceRect, page: page)
        let placed = layOutPage(in: frame, progress: p)
        layOutReplica(in: placed, progress: p)
        let covered = coveredProgress
        let dim = options.dimmingColor ?? Color(white: 0, alpha: look.dimming)
        let alpha = dim.alpha * min(max(covered, 0), 1) * card.alpha
        dimmingView.backgroundColor = dim.withAlphaComponent(alpha)
        if let behind = presentingView {
            // Reduce Motion: nothing behind the page zooms either.
            let s = crossFades ? 1 : look.coveredPageScale(progress: covered)
            behind.transform = s < 1 - 1e-9 ? Transform(scale: s) : .identity
        }
    }

    /// The page inside the card: filling it (aspect-fill, centred), or with the alignment rectangle on the card's
    /// frame at the source's end; its corners from the source's radius to the display's. Returns where the part
    /// that stands for the source is, in the card's points (the alignment rectangle, else the whole card).
    @discardableResult
    private func layOutPage(in frame: Rect, progress p: Double) -> Rect {
        let whole = Rect(origin: .zero, size: frame.size)
        guard let pageView = zoomedViewController?.view else { return whole }
        let page = pageRect
        guard page.width > 0, page.height > 0 else { return whole }
        let fill = max(frame.width / page.width, frame.height / page.height)
        var s = fill
        var origin = Point(x: (frame.width - page.width * fill) / 2, y: (frame.height - page.height * fill) / 2)
        let weight = alignmentWeight
        if weight > 0, let aligned = alignmentRect, aligned.width > 0, aligned.height > 0 {
            let sa = max(frame.width / aligned.width, frame.height / aligned.height)
            let oa = Point(x: -aligned.minX * sa, y: -aligned.minY * sa)
            let t = 1 - weight
            s = sa + (fill - sa) * t
            origin = Point(x: oa.x + (origin.x - oa.x) * t, y: oa.y + (origin.y - oa.y) * t)
        }
        pageView.transform = abs(s - 1) < 1e-12 ? .identity : Transform(scale: s)
        pageView.center = Point(x: origin.x + page.width * s / 2, y: origin.y + page.height * s / 2)
        shapeCard(frame, progress: p)
        guard let aligned = alignmentRect, aligned.width > 0, aligned.height > 0 else { return whole }
        return Rect(
            x: origin.x + aligned.minX * s, y: origin.y + aligned.minY * s, width: aligned.width * s,
            height: aligned.height * s)
    }

    /// The card's corners, on a straight line in the progress from the source's radius to the display's, cut
    /// around the page whatever its aspect, and its shadow while it is smaller than the screen. The page itself
    /// keeps square corners, so its layer is not drawn again while only its transform changes.
    private func shapeCard(_ frame: Rect, progress p: Double) {
        let display = max(displayCornerRadius, card.window?.displayCornerRadius ?? 0)
        let radius = look.cornerRadius(progress: p, source: sourceCornerRadius, display: display)
        if card.cornerRadius != radius { card.cornerRadius = radius }
        let page = pageRect
        let full = abs(frame.width - page.width) < 1e-6 && abs(frame.height - page.height) < 1e-6
        let shadow =
            full
            ? nil
            : Shadow(color: look.shadowColor, radius: look.shadowBlur, offset: Point(x: 0, y: look.shadowOffsetY))
        if card.shadow != shadow { card.shadow = shadow }
    }

    /// The source's drawing over the page where the page's picture of it is (`frame`, card points), fading out
    /// over the first part of the flight.
    private func layOutReplica(in frame: Rect, progress p: Double) {
        let opacity = sourceView == nil ? 0 : look.sourceOpacity(progress: p)
        replica.alpha = opacity
        guard opacity > 0, let source = sourceView, source.bounds.width > 0, source.bounds.height > 0 else { return }
        let size = source.bounds.size
        if replica.bounds.size != size { replica.bounds = Rect(origin: .zero, size: size) }
        let s = max(frame.width / size.width, frame.height / size.height)
        replica.transform = Transform(scale: s)
        replica.center = Point(x: frame.midX, y: frame.midY)
        replica.cornerRadius = sourceCornerRadius
    }

    /// How far the page is lined up by its alignment rectangle rather than filling the card: 1 at the source's end
    /// of a flight, 0 at the other end and under a finger (where the card has the page's own shape).
    var alignmentWeight: Double {
        guard let flight else { return 0 }
        let t = min(max(flight.stepper.value, 0), 1)
        return flight.toSource ? t : (flight.from == sourceRect ? 1 - t : 0)
    }

    /// The zoomed view's part that lines up with the source, from the options' provider.
    var alignmentRect: Rect? {
        guard let provider = options.alignmentRectProvider, let source = sourceView,
            let zoomed = zoomedViewController
        else { return nil }
        return provider(ZoomOptions.AlignmentRectContext(sourceView: source, zoomedViewController: zoomed))
    }
}
