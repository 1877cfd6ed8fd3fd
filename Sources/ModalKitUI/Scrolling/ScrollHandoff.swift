/// Splits one vertical drag (or scroll) between a sheet and the scrolling content inside it, with UIKit's
/// semantics for `prefersScrollingExpandsWhenScrolledToEdge`. Pure: it is told the state, it moves nothing.
///
/// - Below the largest detent, dragging up raises the sheet first; once the sheet reaches the largest detent the
///   same drag scrolls the content (with the flag off, dragging up only scrolls the content).
/// - Dragging down scrolls the content back to its top first; from there the same drag moves the sheet down.
/// - Content stretched past its top (rubber band) is taken back first, before the sheet moves.
///
/// Every split gives all of the pointer's travel to one or both, in the pointer's direction, so across any
/// sequence sheet travel + content travel = pointer travel, and neither ever moves against the pointer (no jump).
public struct ScrollHandoff: Sendable {
    /// Who moves with the pointer.
    public enum Recipient: Hashable, Sendable {
        /// The sheet moves: it follows the pointer between its detents.
        case sheet
        /// The sheet's scroll view moves: its content scrolls under a sheet that stays put.
        case content
    }

    /// Where a sheet and its content are when the pointer moves (window points, y down).
    public struct State: Hashable, Sendable {
        /// The sheet's top edge (raw, before any rubber band the sheet applies).
        public var sheetPosition: Double
        /// From the largest detent (lowerBound, the top) to the lowest the sheet may be dragged (upperBound).
        public var sheetRange: ClosedRange<Double>
        /// Whether the sheet may move now (false while it is modal in presentation, for instance).
        public var sheetCanMove: Bool
        /// The content's vertical offset (raw: what it would be without the scroll view's rubber band).
        public var contentOffset: Double
        /// The content's offset at its top (`-contentInset.top`).
        public var contentTop: Double

        /// A state from the sheet's raw position and range and the content's raw offset and top, in window points.
        public init(
            sheetPosition: Double, sheetRange: ClosedRange<Double>, sheetCanMove: Bool = true,
            contentOffset: Double, contentTop: Double = 0
        ) {
            self.sheetPosition = sheetPosition; self.sheetRange = sheetRange; self.sheetCanMove = sheetCanMove
            self.contentOffset = contentOffset; self.contentTop = contentTop
        }
    }

    /// How one pointer step is shared, in the pointer's terms (points, positive down): the sheet's position grows
    /// by `sheet`; the content moves with the pointer by `content`, so its offset shrinks by `content`.
    public struct Split: Hashable, Sendable {
        /// How far the sheet's position grows (moves down), in points.
        public var sheet: Double
        /// How far the content moves with the pointer (its offset shrinks by this), in points.
        public var content: Double
    }

    /// UIKit's `prefersScrollingExpandsWhenScrolledToEdge` (default true).
    public var prefersScrollingExpandsWhenScrolledToEdge = true
    /// Who took the latest travel: the one still moving at release.
    public private(set) var lastRecipient: Recipient?

    /// A policy with UIKit's `prefersScrollingExpandsWhenScrolledToEdge`, true unless given.
    public init(prefersScrollingExpandsWhenScrolledToEdge: Bool = true) {
        self.prefersScrollingExpandsWhenScrolledToEdge = prefersScrollingExpandsWhenScrolledToEdge
    }

    /// Shares a pointer step of `delta` points (positive down) between the sheet and the content in `state`.
    public mutating func split(_ delta: Double, in state: State) -> Split {
        guard delta.isFinite, delta != 0 else { return Split(sheet: 0, content: 0) }
        var sheet = 0.0, content = 0.0, remaining = delta
        // Each stage takes what it can, in the pointer's direction, from what is left.
        func take(_ limit: Double, _ recipient: Recipient) {
            let share = delta < 0 ? max(remaining, min(limit, 0)) : min(remaining, max(limit, 0))
            if recipient == .sheet { sheet += share } else { content += share }
            remaining -= share
            if share != 0 { lastRecipient = recipient }
        }
        let movable = state.sheetCanMove
        let stretchAboveTop = state.contentOffset - state.contentTop
        if delta < 0 {
            if stretchAboveTop < 0 { take(stretchAboveTop, .content) }
            if movable && prefersScrollingExpandsWhenScrolledToEdge {
                take(state.sheetRange.lowerBound - state.sheetPosition, .sheet)
            }
        } else {
            if movable { take(state.sheetRange.lowerBound - state.sheetPosition, .sheet) }
            take(stretchAboveTop, .content)
            if movable { take(state.sheetRange.upperBound - state.sheetPosition - sheet, .sheet) }
        }
        take(remaining, .content)
        return Split(sheet: sheet, content: content)
    }

    /// Who gets the release velocity: the one that took the latest travel (the content when nothing moved yet).
    public func release() -> Recipient { lastRecipient ?? .content }

    /// Forgets the gesture (call when a new drag or scroll gesture begins).
    public mutating func reset() { lastRecipient = nil }
}
