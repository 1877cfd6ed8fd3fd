/// The vertical track a sheet's top edge runs on, in points from the container's top: where its detents stop it,
/// and how it resists being pulled past them.
///
/// Between the largest detent (the smallest y) and the limit below, the sheet follows the pointer 1:1. Above the
/// largest detent it meets a rubber band whose dimension is the room left above that detent, so its top never
/// reaches the container's edge. Below the smallest detent it runs free toward the bottom when it may be dismissed;
/// when dismissal is blocked it meets a band whose dimension is the smallest detent's height.
public struct SheetTrack: Hashable, Sendable {
    /// The detents' top edges, in any order (at least one).
    public var detentPositions: [Double]
    /// The container's height: the position of a sheet that has gone.
    public var containerHeight: Double
    /// The rubber band's stiffness at the edge (UIKit's 0.55).
    public var coefficient: Double
    /// Whether pulling below the smallest detent runs free (true) or meets the band (false).
    public var dismissalAllowed: Bool

    /// A track for the given detent positions.
    public init(
        detentPositions: [Double], containerHeight: Double, coefficient: Double = 0.55,
        dismissalAllowed: Bool = true
    ) {
        self.detentPositions = detentPositions
        self.containerHeight = containerHeight
        self.coefficient = coefficient
        self.dismissalAllowed = dismissalAllowed
    }

    /// The largest detent's position (the top-most stop).
    public var top: Double { detentPositions.min() ?? 0 }
    /// The smallest detent's position (the bottom-most stop).
    public var bottom: Double { detentPositions.max() ?? containerHeight }

    /// The positions the sheet follows 1:1.
    public var freeRange: ClosedRange<Double> {
        top ... max(top, dismissalAllowed ? containerHeight : bottom)
    }

    private var upperBand: RubberBand { RubberBand(coefficient: coefficient, dimension: max(top, 1)) }
    private var lowerBand: RubberBand {
        RubberBand(coefficient: coefficient, dimension: max(containerHeight - bottom, 1))
    }

    /// Where the sheet shows for a pull that would put it at `raw` without resistance.
    public func shown(forRaw raw: Double) -> Double {
        let range = freeRange
        if raw < range.lowerBound { return range.lowerBound + upperBand.offset(for: raw - range.lowerBound) }
        if raw > range.upperBound { return range.upperBound + lowerBand.offset(for: raw - range.upperBound) }
        return raw
    }

    /// The unresisted position that shows at `shown`: the inverse of `shown(forRaw:)`, so a sheet grabbed while it
    /// is stretched stays under the pointer.
    public func raw(forShown shown: Double) -> Double {
        let range = freeRange
        if shown < range.lowerBound { return range.lowerBound + upperBand.overshoot(for: shown - range.lowerBound) }
        if shown > range.upperBound { return range.upperBound + lowerBand.overshoot(for: shown - range.upperBound) }
        return shown
    }

    /// The detent position nearest to `position`.
    public func nearestDetent(to position: Double) -> Double {
        detentPositions.min(by: { abs($0 - position) < abs($1 - position) }) ?? position
    }
}
