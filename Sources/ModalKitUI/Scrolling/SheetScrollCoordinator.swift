/// A sheet that shares drags with the scroll view inside it: what `SheetScrollCoordinator` needs to move it.
/// A sheet's presentation controller conforms. Positions are the sheet's top edge in window points (y down).
public protocol ScrollHandoffSheet: AnyObject {
    /// Where the sheet's top edge is now (raw, before any rubber band the sheet shows).
    var sheetPosition: Double { get }
    /// From the largest detent (lowerBound) down to the lowest the sheet may be dragged (upperBound).
    var sheetRange: ClosedRange<Double> { get }
    /// Whether the sheet may move now.
    var sheetCanMove: Bool { get }
    /// Moves the sheet by `delta` points (positive down), following the pointer.
    func moveSheet(by delta: Double)
    /// The pointer let go of the sheet moving at `velocity` points per second (positive down): settle or dismiss.
    func releaseSheet(velocity: Double)
    /// Whether a press on the content holds the sheet (it caught the sheet moving): the gesture that follows lets
    /// it go at its end even if it never moves it.
    var isSheetHeld: Bool { get }
    /// A wheel click asks the sheet to move one detent (`larger`: up) on its own motion, never dismissing it.
    /// Returns whether it moves (false at the end of its detents, or while it moves already).
    func stepSheet(larger: Bool) -> Bool
}

public extension ScrollHandoffSheet {
    /// A sheet that cannot be caught by a press is never held.
    var isSheetHeld: Bool { false }
    /// A sheet without detents to step between leaves wheel clicks to the content.
    func stepSheet(larger: Bool) -> Bool { false }
}

/// Connects a sheet and the scroll view inside it so one drag (or one wheel or touchpad gesture) moves both
/// without losing a point of the pointer's travel: the split is `ScrollHandoff`'s, the release velocity goes to
/// whichever was moving. Install it with `SheetScrollCoordinator(sheet:scrollView:)`; the scroll view holds it.
public final class SheetScrollCoordinator {
    /// The sheet that shares the drag (held weakly).
    public private(set) weak var sheet: ScrollHandoffSheet?
    /// The scroll view inside the sheet that shares the drag (held weakly; it holds the coordinator).
    public private(set) weak var scrollView: ScrollView?
    /// The policy, with UIKit's `prefersScrollingExpandsWhenScrolledToEdge`.
    public var handoff = ScrollHandoff()
    /// Whether this gesture moved the sheet, or began with a press holding it: either way it lets the sheet go.
    private var sheetMoved = false
    /// How far the sheet has coasted ahead of quiet fingers (pointer terms, down positive): their next travel
    /// that way pays it back before it moves anything, so the gesture's travel stays the fingers'.
    private var coastLead = 0.0

    /// Routes `scrollView`'s drags and scroll gestures through the hand-off with `sheet`.
    public init(sheet: ScrollHandoffSheet, scrollView: ScrollView) {
        self.sheet = sheet
        self.scrollView = scrollView
        scrollView.handoffCoordinator = self
    }

    /// Whether the gesture under way has moved the sheet (or began holding it): it lets the sheet go at its end.
    var hasMovedSheet: Bool { sheetMoved }

    /// A drag or a scroll gesture begins.
    func gestureBegan() {
        handoff.reset()
        sheetMoved = sheet?.isSheetHeld ?? false
        coastLead = 0
    }

    /// The pointer (or the scroll) moved `delta` points down: shares it between the sheet and the content.
    func move(by delta: Double) {
        guard let scrollView else { return }
        guard let sheet else { return scrollView.moveContent(by: delta) }
        let split = handoff.split(delta, in: state(of: sheet, scrollView))
        if split.sheet != 0 { sheet.moveSheet(by: split.sheet); sheetMoved = true }
        if split.content != 0 { scrollView.moveContent(by: split.content) }
    }

    /// A touchpad delta of `delta` points down: what the sheet coasted ahead of the fingers that way is paid back
    /// first (the sheet waits for them instead of jumping back); fingers that reverse move it from where it is.
    func scroll(by delta: Double) {
        var delta = delta
        if delta * coastLead > 0 {
            let paid = coastLead > 0 ? min(delta, coastLead) : max(delta, coastLead)
            delta -= paid
            coastLead -= paid
        } else {
            coastLead = 0
        }
        if delta != 0 { move(by: delta) }
    }

    /// The fingers are quiet mid-gesture: the sheet they were pulling moves on by `delta` points down, as far as
    /// its share of that travel goes (the content stays). X11 says neither "lifted" nor "paused", so the sheet
    /// neither stops under lifted fingers nor is thrown by paused ones; the gesture's end lets it go at this speed.
    func coast(by delta: Double) {
        guard let sheet, let scrollView, handoff.lastRecipient == .sheet, sheet.sheetCanMove else { return }
        var probe = handoff
        let share = probe.split(delta, in: state(of: sheet, scrollView)).sheet
        guard share != 0 else { return }
        sheet.moveSheet(by: share)
        coastLead += share
    }

    private func state(of sheet: ScrollHandoffSheet, _ scrollView: ScrollView) -> ScrollHandoff.State {
        ScrollHandoff.State(
            sheetPosition: sheet.sheetPosition, sheetRange: sheet.sheetRange,
            sheetCanMove: sheet.sheetCanMove, contentOffset: scrollView.rawOffset.y,
            contentTop: scrollView.offsetRange.y.lowerBound)
    }

    /// A wheel click: whether the sheet takes it (one detent up toward the end, when scrolling expands it; one
    /// down toward the top, only with the content resting at its top, so the clicks of a spin that scrolled the
    /// list up to its top do not also lower the sheet). The content glides on the clicks the sheet does not take.
    func click(towardEnd: Bool, contentAtRestAtTop: Bool) -> Bool {
        guard let sheet, sheet.sheetCanMove else { return false }
        if towardEnd {
            return handoff.prefersScrollingExpandsWhenScrolledToEdge && sheet.stepSheet(larger: true)
        }
        return contentAtRestAtTop && sheet.stepSheet(larger: false)
    }

    /// The gesture ended moving at `velocity` (points per second, positive down). Returns who got it.
    @discardableResult
    func release(velocity: Double) -> ScrollHandoff.Recipient {
        let recipient = sheet == nil ? .content : handoff.release()
        if recipient == .sheet {
            sheet?.releaseSheet(velocity: velocity.isFinite ? velocity : 0)
        } else if sheetMoved {
            sheet?.releaseSheet(velocity: 0)
        }
        return recipient
    }
}
