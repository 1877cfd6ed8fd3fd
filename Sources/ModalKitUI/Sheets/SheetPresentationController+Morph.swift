import ModalKitBase
import ModalKitMotion

/// A floating sheet presented with `preferredTransition = .zoom(sourceBarButtonItemProvider:)` grows out of its bar
/// button and goes back into it (iOS 26). The morph is the zoom's flight: the card's frame on `ZoomLook.frame`
/// between the button's frame and the sheet's, stepped by a `ZoomStepper` on the zoom's springs (out and the app's
/// dismissal on the flight spring, ω 19, ζ 1; a released drag on the landing spring, ω 15, ζ 0.75), the corners a
/// straight line from the button's capsule to the sheet's, the button's drawing cross-fading out over the first
/// 55% as the zoom's source does. The sheet's detents, drag and release rule are the sheet's own; only the way in
/// and the way out change. The sheet takes no press while it morphs (about 0.3 s out).
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
        startMorph(
            SheetMorph(
                button: shape.frame, buttonRadius: shape.radius, sheet: currentFloatingFrame,
                stepper: ZoomStepper(value: 0, time: 0, spring: morphSprings.flight), completion: nil),
            to: 1, spring: morphSprings.flight, phase: .presenting)
    }

    /// Morphs the sheet from where it is shown into its button (asked for again) on `spring`, then runs
    /// `completion`; false (nothing done) when there is no button to go into.
    func morphHome(spring: Spring, completion: @escaping () -> Void) -> Bool {
        guard let button = resolveMorphSource() else { return false }
        let shape = morphButtonShape(button)
        button.alpha = 0
        let from = morph?.stepper.value ?? 1
        let sheet = morph?.sheet ?? currentFloatingFrame
        let done: () -> Void = { [weak self] in
            self?.morphSource?.alpha = 1
            completion()
        }
        let stepper = ZoomStepper(value: min(max(from, 0), 1), time: 0, spring: spring)
        startMorph(
            SheetMorph(
                button: shape.frame, buttonRadius: shape.radius, sheet: sheet, stepper: stepper, completion: done),
            to: 0, spring: spring, phase: .dismissing)
        return true
    }

    /// The floating sheet's frame at its position now (not the morph's).
    private var currentFloatingFrame: Rect {
        guard let style = floatingStyle else { return .zero }
        return floatingFrame(style: style)
    }

    private func startMorph(_ start: SheetMorph, to target: Double, spring: Spring, phase newPhase: Phase) {
        stopMotion()
        morphTicker.stop()
        var next = start
        next.stepper.aim(at: target, spring: spring, velocity: 0)
        phase = newPhase
        beginMorphLayout(sheetFrame: next.sheet)
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
        if morphReplica.superview !== container, let container {
            container.insertSubview(morphReplica, aboveSubview: sheet)
        }
    }

    /// One display frame of the morph. Once it has converged it shows one frame exactly at its end (the button's
    /// frame, or the detent's) and ends on the next, so the last frame seen is where it went.
    func tickMorph(_ elapsed: Double) {
        guard var current = morph else { return morphTicker.stop() }
        if current.stepper.value == current.stepper.target, current.stepper.velocity == 0 { return landMorph() }
        current.stepper.advance(to: elapsed)
        if current.stepper.hasConverged(tolerance: 1e-3) { current.stepper.land() }
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
    }

    /// The card's frame in the morph now.
    var morphFrame: Rect? {
        guard let morph else { return nil }
        return ZoomLook.frame(progress: morph.stepper.value, source: morph.button, page: morph.sheet)
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
}
