/// Distances in from each edge of a rectangle, in points. UIKit's `UIEdgeInsets`.
public struct EdgeInsets: Hashable, Sendable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double

    /// Insets from each edge, zero unless given.
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }

    /// No inset on any edge.
    public static let zero = EdgeInsets()
}
