/// The radius of each corner of a rounded rectangle, in pixels. CoreAnimation's `cornerRadius` with
/// `maskedCorners`, spelled out per corner.
public struct CornerRadii: Hashable, Sendable {
    /// The radius of the top-left corner, in pixels.
    public var topLeft: Double
    /// The radius of the top-right corner, in pixels.
    public var topRight: Double
    /// The radius of the bottom-right corner, in pixels.
    public var bottomRight: Double
    /// The radius of the bottom-left corner, in pixels.
    public var bottomLeft: Double

    /// Each corner with its own radius.
    public init(topLeft: Double, topRight: Double, bottomRight: Double, bottomLeft: Double) {
        self.topLeft = topLeft; self.topRight = topRight
        self.bottomRight = bottomRight; self.bottomLeft = bottomLeft
    }

    /// Every corner with the same radius.
    public init(all radius: Double) {
        self.init(topLeft: radius, topRight: radius, bottomRight: radius, bottomLeft: radius)
    }

    /// Square corners.
    public static let zero = CornerRadii(all: 0)

    /// The radii limited so no corner is larger than half the shorter side of a `width` x `height` rectangle,
    /// and never negative; a sheet's top corners stay circular however small it gets.
    func clamped(width: Double, height: Double) -> CornerRadii {
        let limit = Swift.max(0, Swift.min(width, height) / 2)
        func fit(_ r: Double) -> Double { r.isFinite ? Swift.min(Swift.max(r, 0), limit) : 0 }
        return CornerRadii(
            topLeft: fit(topLeft), topRight: fit(topRight),
            bottomRight: fit(bottomRight), bottomLeft: fit(bottomLeft))
    }
}
