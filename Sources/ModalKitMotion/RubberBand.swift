/// UIScrollView's resistance past an edge: the further you pull, the less the content follows.
///
/// `offset = (1 − 1 / (x·c/d + 1))·d` for an overshoot `x` past the edge over a dimension `d` (the scroll view's or
/// sheet's height) with constant `c` (UIKit's is 0.55). It starts at slope `c` and never reaches `d`. The function is
/// odd in `x`, so pulls past the top and past the bottom resist alike.
public struct RubberBand: Hashable, Sendable {
    /// How stiff the band is: the slope at the edge (0.55 in UIKit).
    public var coefficient: Double
    /// The dimension the overshoot is measured against, in points; the shown offset never reaches it.
    public var dimension: Double

    /// A band with UIKit's coefficient by default.
    public init(coefficient: Double = 0.55, dimension: Double) {
        self.coefficient = coefficient
        self.dimension = dimension
    }

    /// The offset shown for a pull of `overshoot` points past the edge (same sign as the pull).
    public func offset(for overshoot: Double) -> Double {
        guard dimension > 0, coefficient > 0, overshoot.isFinite else { return 0 }
        let x = abs(overshoot)
        let shown = (1 - 1 / (x * coefficient / dimension + 1)) * dimension
        return overshoot < 0 ? -shown : shown
    }

    /// The pull that shows `offset`: the inverse of `offset(for:)`, so a sheet grabbed while it is stretched keeps
    /// its place under the pointer. Offsets at or beyond the dimension map to the largest finite pull.
    public func overshoot(for offset: Double) -> Double {
        guard dimension > 0, coefficient > 0, offset.isFinite else { return 0 }
        let o = min(abs(offset), dimension * (1 - 1e-12))
        let x = (1 / (1 - o / dimension) - 1) * dimension / coefficient
        return offset < 0 ? -x : x
    }

    /// The shown position for a raw position that may lie outside `range`: inside it, unchanged; outside, the
    /// nearest edge plus the band's offset for the distance past it.
    public func clamp(_ position: Double, to range: ClosedRange<Double>) -> Double {
        if position < range.lowerBound { return range.lowerBound + offset(for: position - range.lowerBound) }
        if position > range.upperBound { return range.upperBound + offset(for: position - range.upperBound) }
        return position
    }
}
