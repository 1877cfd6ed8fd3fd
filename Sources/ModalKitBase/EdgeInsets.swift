/// Distances in from each edge of a rectangle, in points. UIKit's `UIEdgeInsets`.
public struct EdgeInsets: Hashable, Sendable {
    /// The inset from the top edge, in points.
    public var top: Double
    /// The inset from the left edge, in points.
    public var left: Double
    /// The inset from the bottom edge, in points.
    public var bottom: Double
    /// The inset from the right edge, in points.
    public var right: Double

    /// Insets from each edge, zero unless given.
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }

    /// No inset on any edge.
    public static let zero = EdgeInsets()
}
