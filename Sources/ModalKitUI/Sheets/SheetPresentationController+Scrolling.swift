import ModalKitBase
import ModalKitMotion

/// The sheet shares drags and scroll gestures with the scroll view in its content (`SheetScrollCoordinator`).
/// Positions are raw (before the track's rubber band), so sheet travel + content travel is the pointer's travel
/// even while the sheet resists.
extension SheetPresentationController: ScrollHandoffSheet {
    /// The sheet's top edge without the rubber band: the drag's own position while one is under way.
    public var sheetPosition: Double {
        phase == .dragging && !isHeldByPress ? rawPosition : track.raw(forShown: position)
    }

    /// From the largest detent down without limit: below the smallest detent the track runs free toward
    /// dismissal, or meets the rubber band when dismissal is blocked (UIKit's blocked sheets stretch, they do not
    /// stop), so a pull down on content at its top always moves the sheet.
    public var sheetRange: ClosedRange<Double> { track.top ... Double.infinity }

    /// The sheet moves with the content unless it is not up, the app is dismissing it, or the pointer is dragging
    /// it by its own pan (a wheel turned during that drag scrolls only the list).
    public var sheetCanMove: Bool {
        isInstalled && !isInDismissTransition && phase != .dismissing && !(sheetPan?.isActive ?? false)
    }

    /// A press on the content caught the moving sheet; the gesture that follows must let it go.
    public var isSheetHeld: Bool { isHeldByPress }

    /// The content's share of the pointer's travel for the sheet: the first share starts an interactive move from
    /// where the sheet is shown (a press may already hold it there).
    public func moveSheet(by delta: Double) {
        // Mid-morph (out of or into a bar button) the card itself moves with the content's pull.
        if morph != nil {
            if phase != .dragging || isHeldByPress { beginMorphDrag(translation: 0) }
            return moveMorphDrag(by: delta)
        }
        if phase != .dragging || isHeldByPress {
            guard beginInteractiveMove() else { return }
        }
        moveInteractively(by: delta)
    }

    /// The gesture ended with the sheet moving at `velocity` (or holding it): the release rule decides, as for a
    /// drag on the sheet itself.
    public func releaseSheet(velocity: Double) {
        isHeldByPress = false
        if morph != nil { return endMorphDrag(velocity: velocity) }
        endInteractiveMove(velocity: velocity)
    }

    /// A wheel click on the content: one detent up or down on the settle spring, as the arrow keys do, unless the
    /// sheet moves already (each motion goes one way to its detent) or has no detent that way.
    public func stepSheet(larger: Bool) -> Bool {
        guard phase == .idle, motion == nil else { return false }
        return selectAdjacentDetent(larger: larger)
    }

    /// Finds the scroll view that shares drags with the sheet, as UIKit does: the one the content names
    /// (`contentScrollView`), else the content's view if it scrolls, else the first scroll view in its tree
    /// (breadth first). The scroll view keeps the coordinator.
    func installScrollCoordinator() {
        guard let content = presentedViewController,
            let scrollView = content.contentScrollView
                ?? Self.firstScrollView(in: content.view)
        else { return }
        if scrollView.handoffCoordinator?.sheet === self { return }
        let coordinator = SheetScrollCoordinator(sheet: self, scrollView: scrollView)
        coordinator.handoff.prefersScrollingExpandsWhenScrolledToEdge = prefersScrollingExpandsWhenScrolledToEdge
        scrollCoordinator = coordinator
    }

    private static func firstScrollView(in root: View) -> ScrollView? {
        var queue = [root]
        while !queue.isEmpty {
            let view = queue.removeFirst()
            if let scrollView = view as? ScrollView { return scrollView }
            queue += view.subviews
        }
        return nil
    }
}
