import ModalKitBase
import ModalKitMotion

extension SheetPresentationController {
    func installGestures(on sheet: View) {
        guard !sheet.gestureRecognizers.contains(where: { $0 is SheetTouchRecognizer }) else { return }
        sheetPan = installDrag(on: sheet)
        // Mid-morph the sheet's content is faded out (too faint to be hit), and the glass card, which takes
        // presses only then, is what the finger catches.
        if !glassView.gestureRecognizers.contains(where: { $0 is SheetTouchRecognizer }) {
            installDrag(on: glassView)
        }
        let tap = TapGestureRecognizer()
        tap.addTarget { [weak self] (_: TapGestureRecognizer) in self?.backdropTapped() }
        dimmingView.addGestureRecognizer(tap)
    }

    /// The press and the pan that drag the sheet, on `view`; returns the pan.
    @discardableResult
    private func installDrag(on view: View) -> PanGestureRecognizer {
        let touch = SheetTouchRecognizer()
        touch.onPress = { [weak self] in self?.pressDown() }
        touch.onReleaseWithoutDrag = { [weak self] in self?.pressUp() }
        view.addGestureRecognizer(touch)
        let pan = PanGestureRecognizer()
        pan.addTarget { [weak self] in self?.handlePan($0) }
        view.addGestureRecognizer(pan)
        return pan
    }

    /// The sheet's pan: the whole translation (slop included) moves the sheet, so the pressed point stays under
    /// the pointer from the first dragged frame.
    private func handlePan(_ pan: PanGestureRecognizer) {
        switch pan.state {
        case .began:
            // Mid-morph (out of or into a bar button) the card itself is taken under the finger.
            if morph != nil { return beginMorphDrag(translation: pan.translation(in: nil).y) }
            guard beginInteractiveMove() else { return }
            panTranslation = pan.translation(in: nil).y
            moveInteractively(by: panTranslation)
        case .changed:
            guard phase == .dragging else { return }
            if morph != nil { return moveMorphDrag(translation: pan.translation(in: nil).y) }
            let translation = pan.translation(in: nil).y
            moveInteractively(by: translation - panTranslation)
            panTranslation = translation
        case .ended:
            guard phase == .dragging else { return }
            if morph != nil { return endMorphDrag(velocity: pan.velocity(in: nil).y) }
            endInteractiveMove(velocity: pan.velocity(in: nil).y)
        case .cancelled, .failed:
            guard phase == .dragging else { return }
            if morph != nil { return cancelMorphDrag() }
            cancelInteractiveMove()
        case .possible:
            break
        }
    }

    /// A press on the sheet stops whatever moves it, where it is shown: a press that turns into a drag goes on
    /// from there, one that does not lets the sheet go where the rule sends it from there.
    private func pressDown() {
        // A morph (out of or into a bar button) stops where it is shown, as the zoom's flight does.
        if isInstalled, morph != nil {
            if grabMorph() { isHeldByPress = true }
            return
        }
        guard isInstalled, !isInDismissTransition, motion != nil else { return }
        heldMotion = motionTarget.map { ($0.position, $0.phase, motionCompletion) }
        stopMotion()
        phase = .dragging
        isHeldByPress = true
        dragAllowsDismissal = mayDismiss()
    }

    /// A press let go without a drag: the sheet goes on from where it was caught to where it was going (a tap
    /// carries no decision, so it neither dismisses a sheet on its way up nor saves one on its way out).
    private func pressUp() {
        guard isHeldByPress else { return }
        isHeldByPress = false
        guard phase == .dragging else { return }
        if morph != nil { return resumeMorph() }
        guard let held = heldMotion else { return endInteractiveMove(velocity: 0) }
        heldMotion = nil
        let target = held.phase == .dismissing ? containerSize.height : held.target
        move(to: target, velocity: 0, phase: held.phase, completion: held.completion)
    }

    // MARK: The drag, open to a scroll view handing over

    /// Starts moving the sheet by hand from where it is shown: stops any motion and asks once whether this drag
    /// may dismiss. Returns false when the sheet cannot be dragged now (the app is dismissing it).
    @discardableResult
    public func beginInteractiveMove() -> Bool {
        guard isInstalled, !isInDismissTransition, morph == nil else { return false }
        stopMotion()
        isHeldByPress = false
        phase = .dragging
        dragAllowsDismissal = mayDismiss()
        rawPosition = track.raw(forShown: position)
        return true
    }

    /// Moves the sheet by `delta` points of pointer travel (down positive), through the rubber band past the
    /// detents.
    public func moveInteractively(by delta: Double) {
        guard phase == .dragging else { return }
        rawPosition += delta
        setPosition(track.shown(forRaw: rawPosition))
    }

    /// Lets go at `velocity` (points per second, down positive): the release rule picks a detent or dismissal,
    /// and the sheet springs there carrying the velocity.
    public func endInteractiveMove(velocity: Double) {
        guard phase == .dragging else { return }
        let current = track
        let decision = releasePolicy.decide(position: position, velocity: velocity, on: current)
        lastRelease = (velocity, decision)
        switch decision.target {
        case .dismiss:
            dismissByUser(velocity: velocity)
        case .detent(let target):
            if decision.wantsDismissal && !current.dismissalAllowed { attemptedToDismiss() }
            chooseDetent(at: target)
            settle(to: target, velocity: velocity)
        }
    }

    /// The drag was taken away (focus lost, Escape): back to the selected detent.
    public func cancelInteractiveMove() {
        guard phase == .dragging else { return }
        settle(to: selectedPosition, velocity: 0)
    }

    // MARK: Dismissal by the user

    /// A tap on the dimmed backdrop, or Escape: dismisses, or reports the attempt when the sheet may not go.
    public func dismissIfAllowed() {
        guard isInstalled, !isInDismissTransition, phase != .dismissing, phase != .dragging else { return }
        if mayDismiss() {
            dismissInTransition()
        } else {
            attemptedToDismiss()
            settle(to: selectedPosition, velocity: 0)
        }
    }

    private func backdropTapped() {
        guard dimmingFraction > 0 else { return }
        dismissIfAllowed()
    }

    func mayDismiss() -> Bool {
        guard let sheet = presentedViewController, !sheet.isModalInPresentation else { return false }
        return delegate?.presentationControllerShouldDismiss(self) ?? true
    }

    func attemptedToDismiss() { delegate?.presentationControllerDidAttemptToDismiss(self) }

    /// Springs the sheet down inside a dismissal transition, as the app's `dismiss(animated: true)` does, so the
    /// transition begins before the sheet moves and completes when it is gone (it used to spring down first and
    /// then run a transition of no time). The transition takes no presses, like any other.
    private func dismissInTransition() {
        guard let sheet = presentedViewController else { return }
        delegate?.presentationControllerWillDismiss(self)
        sheet.dismiss(animated: true) { [weak self] in
            guard let self else { return }
            delegate?.presentationControllerDidDismiss(self)
        }
    }

    /// A released drag dismisses from where it let go, at its speed, and a press may still catch the sheet on its
    /// way down; the transition comes once it has gone.
    private func dismissByUser(velocity: Double) {
        let gone = userDismissal()
        // Out of a bar button: back into it, from where the drag let go at its speed (a pan: no quickening).
        if morphHome(spring: morphSprings.landing(speed: 0, gesture: .pan), velocity: velocity, completion: gone) {
            return
        }
        move(to: containerSize.height, velocity: velocity, phase: .dismissing, completion: gone)
    }

    /// A user's dismissal begins: tells the delegate, and returns what ends it once the sheet has gone (the
    /// dismissal without animation, then the delegate told).
    func userDismissal() -> () -> Void {
        delegate?.presentationControllerWillDismiss(self)
        return { [weak self] in
            guard let self, let sheet = presentedViewController else { return }
            sheet.dismiss(animated: false) { [weak self] in
                guard let self else { return }
                delegate?.presentationControllerDidDismiss(self)
            }
        }
    }

    /// The user's release picked the detent at `target`: select it, and tell the delegate if it changed.
    func chooseDetent(at target: Double) {
        guard let identifier = identifier(at: target) else { return }
        let changed = identifier != effectiveDetentIdentifier
        if identifier != selected {
            selected = identifier
            onSelectedDetentChange?(identifier)
        }
        if changed { delegate?.sheetPresentationControllerDidChangeSelectedDetentIdentifier(self) }
    }
}
