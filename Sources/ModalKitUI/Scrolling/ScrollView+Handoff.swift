import ModalKitBase

extension ScrollView {
    /// Moves the content with the pointer by `delta` points (positive down: the offset shrinks), through the
    /// rubber band past the edges; the coordinator's share of a drag or scroll. The bars show only once the content
    /// itself moves: a drag that only moves the sheet shows none (and leaves nothing to fade under a press).
    func moveContent(by delta: Double) {
        guard scrollsAlong.y else { return }
        showIndicators()
        rawOffset.y -= delta
        showOffset(banded(rawOffset))
    }

    /// A drag on the content while a coordinator shares it with a sheet.
    func handleCoordinatedPan(_ pan: PanGestureRecognizer, _ coordinator: SheetScrollCoordinator) {
        switch pan.state {
        case .began:
            stopMotion()
            _ = scrollGesture.end()
            isDragging = true
            rawOffset = unbanded(contentOffset)
            coordinatedTranslation = 0
            coordinator.gestureBegan()
            delegate?.scrollViewWillBeginDragging(self)
            coordinatedDrag(pan, coordinator)
        case .changed: coordinatedDrag(pan, coordinator)
        case .ended, .cancelled:
            let velocity = pan.state == .ended ? pan.velocity(in: self).y : 0
            isDragging = false
            if coordinator.release(velocity: velocity) == .content {
                endDragging(velocity: Point(x: 0, y: -velocity))
            } else {
                delegate?.scrollViewDidEndDragging(self, willDecelerate: false)
                settleAfterHandoff()
            }
        default: break
        }
    }

    private func coordinatedDrag(_ pan: PanGestureRecognizer, _ coordinator: SheetScrollCoordinator) {
        let translation = pan.translation(in: self).y
        coordinator.move(by: translation - coordinatedTranslation)
        coordinatedTranslation = translation
    }

    /// A wheel or touchpad delta while a coordinator shares scrolling with a sheet: applied at once (no glide,
    /// so the sheet and the content never drift apart); `delta` in scroll terms (positive: toward the end).
    func coordinatedScroll(by delta: Double, time: Double, _ coordinator: SheetScrollCoordinator) {
        if scrollGesture.scroll(delta: Point(x: 0, y: delta), time: time, now: ticker.now) {
            stopMotion()
            rawOffset = unbanded(contentOffset)
            coordinator.gestureBegan()
        }
        coordinator.scroll(by: -delta)
        if !ticker.isRunning { ticker.start() }
    }

    /// While a touchpad gesture that moved the sheet is quiet (past `ScrollGestureTracker.coastDelay`), the sheet
    /// coasts on at the gesture's speed until the fingers move again or the gesture ends, at frame-clock `now`.
    func coastSheet(now: Double) {
        guard let coordinator = handoffCoordinator, scrollGesture.isScrolling, coordinator.hasMovedSheet else { return }
        let from = max(scrollGesture.lastEventArrival + ScrollGestureTracker.coastDelay, coastedUntil)
        guard now > from else { return }
        coastedUntil = now
        coordinator.coast(by: -scrollGesture.velocity.y * (now - from))
    }

    /// A wheel click while a coordinator shares scrolling with a sheet: a click has no release to throw the sheet
    /// with, so it never drags it. It steps the sheet one detent on its spring when the coordinator says so (toward
    /// the end below the largest detent; toward the top with the list resting at its top), else it glides the list,
    /// as everywhere. `delta` in scroll terms (positive: toward the end).
    ///
    /// A click toward the top lowers the sheet only once the list has rested at its top, with the wheel quiet,
    /// for `sheetStepQuietTime`: the clicks of a spin that scrolled the list there keep coming after it arrived.
    func coordinatedClick(by delta: Double, _ coordinator: SheetScrollCoordinator) {
        let now = ticker.now
        let atRestAtTop =
            motion == nil && contentOffset.y <= offsetRange.y.lowerBound + 0.5
            && now - lastListActivity >= ScrollView.sheetStepQuietTime - 1e-9
        if coordinator.click(towardEnd: delta > 0, contentAtRestAtTop: atRestAtTop) { return }
        lastListActivity = now
        showIndicators()
        scrollByClick(Point(x: 0, y: delta))
        if motion == nil { fadeIndicators() }
    }

    /// The sheet took the release: the content springs back if it is stretched, and its bars fade.
    func settleAfterHandoff() {
        if isOverscrolled, let back = freeMotion(velocity: .zero) { startMotion(back) } else { fadeIndicators() }
    }
}
