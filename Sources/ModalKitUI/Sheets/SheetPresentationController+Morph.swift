import ModalKitBase
import ModalKitMotion

/// A floating sheet presented with `preferredTransition = .zoom(sourceBarButtonItemProvider:)` grows out of its bar
/// button and goes back into it (iOS 26). The morph is the zoom's flight: the card's frame on `ZoomLook.frame`
/// between the button's frame and the sheet's, stepped by a `ZoomStepper` on the zoom's springs (out and the app's
/// dismissal on the flight spring, ω 19, ζ 1; a released drag on the landing spring, ω 15, ζ 0.75), the corners a
/// straight line from the button's capsule to the sheet's, the button's drawing cross-fading out over the first
/// 55% as the zoom's source does. The sheet's detents, drag and release rule are the sheet's own; only the way in
/// and the way out change. A press stops the morph where it is shown and a drag moves the card under the finger,
/// as the zoom's grab does; a release carries the finger's speed into the spring, into the button or back to the
/// detent (the app's own dismissal takes no press).
extension SheetPresentationController {
    /// The bar button the sheet grows out of, asked for now: nil unless the presented controller's
    /// `preferredTransition` is a zoom out of a bar button, the sheet floats and the button is on screen.
    func resolveMorphSource() -> View? {
        guard floatingStyle != nil, let sheet = presentedViewController,
            let provider = sheet.preferredTransition?.barButtonSource
        else { return nil }
        let context = ViewController.ZoomSourceViewProviderContext(
            sourceViewController: sheet.presentingViewController, zoomedViewController: sheet)
        let fresh = provider(context)?.sourceView
        if fresh !== morphSource { morphSource?.alpha = 1 }
        guard let fresh, fresh.window != nil, fresh.bounds.width > 0, fresh.bounds.height > 0 else {
            morphSource = nil
            return nil
        }
        morphSource = fresh
        return fresh
    }

    /// The button's frame in window points with the screen behind at full size (where it is once the sheet has
    /// gone), and its corner radius.
    func morphButtonShape(_ button: View) -> (frame: Rect, radius: Double) {
        let frame = ZoomTransitionController.restingFrame(of: button, behind: presentingView)
        let scale = button.bounds.width > 0 ? frame.width / button.bounds.width : 1
        return (frame, min(button.cornerRadius * scale, min(frame.width, frame.height) / 2))
    }

    /// Starts the morph from the button (shape 0) to the sheet at its detent (shape 1).
    func morphOut(from button: View) {
        let shape = morphButtonShape(button)
        button.alpha = 0
        endMorph()
        beginMorphLayout(sheetFrame: currentFloatingFrame)
        morph = SheetMorph(
            button: shape.frame, buttonRadius: shape.radius, sheet: currentFloatingFrame,
            stepper: ZoomStepper(value: 0, time: 0, spring: morphSprings.flight), completion: nil)
        launchMorph(to: 1, spring: morphSprings.flight, velocity: 0, phase: .presenting, completion: nil)
    }

    /// Morphs the sheet from where it is shown into its button (asked for again) on `spring`, leaving at
    /// `velocity` (points per second, down positive: a released drag's), then runs `completion`; false (nothing
    /// done) when there is no button to go into.
    func morphHome(spring: Spring, velocity: Double = 0, completion: @escaping () -> Void) -> Bool {
        guard let button = resolveMorphSource() else { return false }
        let shape = morphButtonShape(button)
        button.alpha = 0
        let done: () -> Void = { [weak self] in
            self?.morphSource?.alpha = 1
            completion()
        }
        if morph == nil {
            stopMotion()
            let sheet = currentFloatingFrame
            beginMorphLayout(sheetFrame: sheet)
            morph = SheetMorph(
                button: shape.frame, buttonRadius: shape.radius, sheet: sheet,
                stepper: ZoomStepper(value: 1, time: 0, spring: spring), completion: nil)
        }
        launchMorph(
            to: 0, button: shape, spring: spring, velocity: velocity, phase: .dismissing, completion: done)
        return true
    }

    /// The floating sheet's frame at its position now (not the morph's).
    private var currentFloatingFrame: Rect {
        guard let style = floatingStyle else { return .zero }
        return floatingFrame(style: style)
    }

    /// Sends the morph under way (or held) from the card shown now to `target` (0 the button, 1 the sheet at
    /// `sheet`, else where it was going) on `spring`, with no jump: what the card is off the line between the
    /// ends (a drag moved it, the ends changed) springs away with the progress. The card leaves at `velocity`
    /// points per second down along its way to the end (capped at 20 ways a second), as the zoom's landing seeds
    /// a flick's rate.
    func launchMorph(
        to target: Double, button: (frame: Rect, radius: Double)? = nil, sheet: Rect? = nil, spring: Spring,
        velocity: Double, phase newPhase: Phase, completion: (() -> Void)?
    ) {
        guard var next = morph, let shown = morphFrame else { return }
        stopMotion()
        morphTicker.stop()
        if let button { (next.button, next.buttonRadius) = button }
        if let sheet { next.sheet = sheet }
        let from = next.stepper.value
        let line = ZoomLook.frame(progress: from, source: next.button, page: next.sheet)
        next.offset = SheetMorph.Offset(
            x: shown.minX - line.minX, y: shown.minY - line.minY, width: shown.width - line.width,
            height: shown.height - line.height)
        let end = ZoomLook.frame(progress: target, source: next.button, page: next.sheet)
        let way = shown.minY - end.minY
        let rate = abs(way) >= 1 && velocity.isFinite ? min(max(velocity / way, -20), 20) : 0
        next.stepper = ZoomStepper(value: from, time: 0, spring: spring)
        next.stepper.aim(at: target, spring: spring, velocity: (from - target) * rate)
        var carry = ZoomStepper(value: 1, time: 0, spring: spring)
        carry.aim(at: 0, spring: spring, velocity: rate)
        next.carry = carry
        next.completion = completion
        next.held = nil
        phase = newPhase
        morph = next
        updateBackdrop()
        guard container?.window != nil else { return landMorph() }
        morphTicker.start()
    }

    /// Clips the sheet's view to what shows of it at the sheet's end of the morph, so the morph squeezes that
    /// part (one picture, kept) into the moving card.
    private func beginMorphLayout(sheetFrame: Rect) {
        guard let sheet = presentedViewController?.view, morph == nil else { return }
        let width = containerSize.width
        let k = width > 0 && sheetFrame.width > 0 ? sheetFrame.width / width : 1
        let height = max(sheetFrame.height / k, 1)
        sheet.clipsToBounds = true
        sheet.transform = .identity
        sheet.bounds = Rect(x: 0, y: 0, width: width, height: height)
        edgeView.isHidden = true
        glassView.isUserInteractionEnabled = true
        if morphReplica.superview !== container, let container {
            container.insertSubview(morphReplica, aboveSubview: sheet)
        }
    }

    /// One display frame of the morph. Once it has converged it shows one frame exactly at its end (the button's
    /// frame, or the detent's) and ends on the next, so the last frame seen is where it went.
    func tickMorph(_ elapsed: Double) {
        guard var current = morph, current.held == nil else { return morphTicker.stop() }
        if current.stepper.value == current.stepper.target, current.stepper.velocity == 0,
            current.carry.map({ $0.value == 0 && $0.velocity == 0 }) ?? true
        {
            return landMorph()
        }
        current.stepper.advance(to: elapsed)
        current.carry?.advance(to: elapsed)
        if current.stepper.hasConverged(tolerance: 1e-3), current.carry?.hasConverged(tolerance: 1e-4) ?? true {
            current.stepper.land()
            current.carry?.land()
        }
        morph = current
        updateBackdrop()
    }

    /// Ends the morph where it was going: the sheet laid out as usual again, then the completion.
    func landMorph() {
        guard let current = morph else { return }
        endMorph()
        phase = .idle
        layoutSheet()
        updateBackdrop()
        current.completion?()
    }

    /// Stops the morph without its completion and gives the sheet's view back its own layout.
    func endMorph() {
        morphTicker.stop()
        guard morph != nil else { return }
        morph = nil
        presentedViewController?.view.clipsToBounds = false
        presentedViewController?.view.alpha = 1
        morphReplica.removeFromSuperview()
        edgeView.isHidden = false
        glassView.isUserInteractionEnabled = false
    }

    /// The card's frame in the morph now.
    var morphFrame: Rect? {
        guard let morph else { return nil }
        let line = ZoomLook.frame(progress: morph.stepper.value, source: morph.button, page: morph.sheet)
        let w = morph.carry?.value ?? 1, off = morph.offset
        guard off != SheetMorph.Offset() else { return line }
        return Rect(
            x: line.minX + off.x * w, y: line.minY + off.y * w, width: max(line.width + off.width * w, 0),
            height: max(line.height + off.height * w, 0))
    }

    // MARK: A grab mid-morph

    /// A press on the morphing card: it stops where it is shown, its look held with it (the app's own dismissal
    /// into the button is not caught). False when there is no morph to catch.
    func grabMorph() -> Bool {
        guard var current = morph, !isInDismissTransition, let shown = morphFrame else { return false }
        guard current.held == nil else { return true }
        morphTicker.stop()
        let line = ZoomLook.frame(progress: current.stepper.value, source: current.button, page: current.sheet)
        current.offset = SheetMorph.Offset(
            x: shown.minX - line.minX, y: shown.minY - line.minY, width: shown.width - line.width,
            height: shown.height - line.height)
        current.carry = nil
        current.held = SheetMorph.Held(
            target: current.stepper.target, spring: current.stepper.spring, phase: phase,
            grabbedOffset: current.offset.y)
        current.stepper.hold(at: current.stepper.value)
        current.dragBase = current.offset.y
        morph = current
        phase = .dragging
        return true
    }

    /// A drag began on the held card (its pan's translation now, the slop included): the whole translation moves
    /// the card, so the point pressed stays under the finger from the first dragged frame.
    func beginMorphDrag(translation: Double) {
        guard grabMorph(), var current = morph else { return }
        isHeldByPress = false
        current.dragBase = current.offset.y
        morph = current
        moveMorphDrag(translation: translation)
    }

    /// The finger moved (the pan's whole translation): the held card moves down (or up) with it, one point a
    /// point.
    func moveMorphDrag(translation: Double) {
        guard phase == .dragging, var current = morph, current.held != nil else { return }
        current.offset.y = current.dragBase + translation
        morph = current
        updateBackdrop()
    }

    /// A scroll view's share of the finger's travel moves the held card by `delta` points.
    func moveMorphDrag(by delta: Double) {
        guard phase == .dragging, var current = morph, current.held != nil else { return }
        current.offset.y += delta
        current.dragBase += delta
        morph = current
        updateBackdrop()
    }

    /// A press let go without a drag: the morph goes on from where it was caught to where it was going.
    func resumeMorph() {
        guard let current = morph, let held = current.held else { return }
        launchMorph(
            to: held.target, spring: held.spring, velocity: 0, phase: held.phase, completion: current.completion)
    }

    /// The drag let go at `velocity` (points per second, down positive): the sheet's release rule decides from
    /// the sheet's position moved by the drag, and the card springs from under the finger, at its speed, into
    /// the button (a dismissal) or to the detent picked.
    func endMorphDrag(velocity: Double) {
        guard phase == .dragging, let current = morph, let held = current.held else { return }
        let moved = current.offset.y - held.grabbedOffset
        let band = track
        let decision = releasePolicy.decide(position: position + moved, velocity: velocity, on: band)
        lastRelease = (velocity, decision)
        switch decision.target {
        case .dismiss:
            let gone = held.phase == .dismissing ? current.completion : nil
            let completion = gone ?? userDismissal()
            guard
                !morphHome(
                    spring: morphSprings.landing(speed: 0, gesture: .pan), velocity: velocity,
                    completion: completion)
            else { return }
            // The button went away under the drag: off the bottom, as a sheet without one goes.
            endMorph()
            layoutSheet()
            move(to: containerSize.height, velocity: velocity, phase: .dismissing, completion: completion)
        case .detent(let target):
            if decision.wantsDismissal && !band.dismissalAllowed { attemptedToDismiss() }
            chooseDetent(at: target)
            setPosition(target)
            launchMorph(
                to: 1, sheet: currentFloatingFrame, spring: morphSprings.cancel, velocity: velocity,
                phase: .settling, completion: nil)
        }
    }

    /// The drag was taken away (focus lost, Escape): the card springs back to the selected detent.
    func cancelMorphDrag() {
        guard phase == .dragging, morph?.held != nil else { return }
        setPosition(selectedPosition)
        launchMorph(
            to: 1, sheet: currentFloatingFrame, spring: morphSprings.cancel, velocity: 0, phase: .settling,
            completion: nil)
    }

    /// How much of the sheet the morph shows now: 0 the button, 1 the sheet (clamped).
    var morphShape: Double { morph.map { min(max($0.stepper.value, 0), 1) } ?? 1 }

    /// Lays the morph out over the floating layout just made for the sheet's position: the glass card at the
    /// morph's frame with corners between the button's and the sheet's, the sheet's picture squeezed into it and
    /// fading in over the last half, the button's drawing fading out over the first 55%, the dim in proportion.
    func layOutMorph(_ sheet: View) {
        guard let morph, let frame = morphFrame else { return }
        let s = morphShape
        let rest = glassView.cornerRadii
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * s }
        glassView.cornerRadii = (mix(morph.buttonRadius, rest.top), mix(morph.buttonRadius, rest.bottom))
        if glassView.frame != frame { glassView.frame = frame }
        let size = sheet.bounds.size
        let scaleX = size.width > 0 ? frame.width / size.width : 1
        let scaleY = size.height > 0 ? frame.height / size.height : 1
        sheet.transform = Transform(scaleX: scaleX, scaleY: scaleY, translationX: 0, translationY: 0)
        sheet.center = Point(x: frame.midX, y: frame.midY)
        sheet.cornerRadius = cornerRadius
        sheet.alpha = min(max((s - 0.5) / 0.5, 0), 1)
        dimmingView.backgroundColor = Color(white: 0, alpha: dimmingAlpha * dimmingFraction * s)
        let opacity = morphLook.sourceOpacity(progress: s)
        morphReplica.source = morphSource
        morphReplica.alpha = opacity
        guard opacity > 0, let button = morphSource else { return }
        // At the button's own size: the glyph fades where the card is, it does not balloon with it.
        let buttonSize = button.bounds.size
        if morphReplica.bounds.size != buttonSize { morphReplica.bounds = Rect(origin: .zero, size: buttonSize) }
        morphReplica.center = Point(x: frame.midX, y: frame.midY)
    }
}

/// The bar button's own drawing (its glyph, not its background: the glass card is the capsule now) over the
/// morphing card.
final class SheetMorphReplica: View {
    weak var source: View? { didSet { if source !== oldValue { setNeedsDisplay() } } }

    override func draw(in canvas: Canvas) { source?.draw(in: canvas) }

    /// Its pixels are the source's: never shared with another view's layer.
    override func describeContent(into content: inout LayerContent) -> Bool { false }
}

/// The morph between a bar button and the sheet: the card on the line from `button` (0) to `sheet` (1), at the
/// stepper's value.
struct SheetMorph {
    /// The button's frame and corner radius, window points.
    var button: Rect
    var buttonRadius: Double
    /// The sheet's card frame at its end of the morph (its detent, or where a drag let it go).
    var sheet: Rect
    var stepper: ZoomStepper
    var completion: (() -> Void)?
    /// How far the card is off the line between `button` and `sheet` (window points, per edge and size): where a
    /// grab moved it, or what a change of ends left; shown times `carry`.
    var offset = Offset()
    /// The share of `offset` shown: 1 while held, then springing to 0 with the progress (nil: 1).
    var carry: ZoomStepper?
    /// Where the morph was going when a press caught it (nil while it moves).
    var held: Held?
    /// The offset a finger's translation of 0 would put the card at, during a drag.
    var dragBase = 0.0

    /// A card's distance from the line, per edge and size.
    struct Offset: Equatable {
        var x = 0.0, y = 0.0, width = 0.0, height = 0.0
    }

    /// A caught morph's way on: its target, spring and phase.
    struct Held {
        var target: Double
        var spring: Spring
        var phase: SheetPresentationController.Phase
        /// The card's offset when the press caught it: a release's drag is measured from it.
        var grabbedOffset: Double
    }
}
