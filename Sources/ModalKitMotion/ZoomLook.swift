import ModalKitBase

/// What a zoom flight looks like at a progress between the source (0) and the full page (1): the page's frame and
/// corners, the source's cross-fade, the covered page's dim and scale. Straight lines in the progress, as the
/// native flight measures (ANCHORS "The zoom transition").
public struct ZoomLook: Hashable, Sendable {
    /// How black the covered page gets at full progress (0.15).
    public var dimming: Double
    /// The covered page's scale at full progress (0.914), about the screen's centre.
    public var coveredScale: Double
    /// The part of the flight over which the source's pixels fade out of the page (0.55, from the source end).
    public var crossFadeWindow: Double

    /// The page's shadow while it is smaller than the screen: its color with its opacity (black at 0.24).
    public var shadowColor: Color
    /// The shadow's blur radius in points (30; CALayer's `shadowRadius`).
    public var shadowBlur: Double
    /// How far down the shadow is moved, in points (4).
    public var shadowOffsetY: Double

    /// The native fit by default.
    public init(
        dimming: Double = 0.15, coveredScale: Double = 0.914, crossFadeWindow: Double = 0.55,
        shadowColor: Color = Color(white: 0, alpha: 0.24), shadowBlur: Double = 30, shadowOffsetY: Double = 4
    ) {
        self.dimming = dimming
        self.coveredScale = coveredScale
        self.crossFadeWindow = crossFadeWindow
        self.shadowColor = shadowColor
        self.shadowBlur = shadowBlur
        self.shadowOffsetY = shadowOffsetY
    }

    /// The black over the covered page at `progress`: `dimming` × progress.
    public func dim(progress: Double) -> Double { dimming * ZoomLook.unit(progress) }

    /// The covered page's scale at `progress`: from 1 straight to `coveredScale`.
    public func coveredPageScale(progress: Double) -> Double { 1 - (1 - coveredScale) * ZoomLook.unit(progress) }

    /// How much of the source shows over the page at `progress`: 1 at the source, 0 from `crossFadeWindow` on.
    public func sourceOpacity(progress: Double) -> Double {
        guard crossFadeWindow > 0 else { return 0 }
        return 1 - min(max(progress / crossFadeWindow, 0), 1)
    }

    /// The corner radius at `progress`: a straight line from the source's to the display's (a landing that
    /// overshoots past the source keeps the source's).
    public func cornerRadius(progress: Double, source: Double, display: Double) -> Double {
        let p = min(max(progress.isFinite ? progress : 0, 0), 1)
        return source + (display - source) * p
    }

    /// The frame at `progress` between `source` (0) and `page` (1); past either end (a spring's overshoot) it
    /// carries on along the same line, never below zero size.
    public static func frame(progress p: Double, source: Rect, page: Rect) -> Rect {
        let t = p.isFinite ? p : 0
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * t }
        return Rect(
            x: mix(source.minX, page.minX), y: mix(source.minY, page.minY),
            width: max(mix(source.width, page.width), 0), height: max(mix(source.height, page.height), 0))
    }

    /// The flight's progress that `frame` stands at between `source` and `page`, read from its width (its height
    /// when the widths are equal): where a grabbed flight or a released drag continues from.
    public static func progress(of frame: Rect, source: Rect, page: Rect) -> Double {
        let dw = page.width - source.width, dh = page.height - source.height
        if abs(dw) > 1e-9 { return (frame.width - source.width) / dw }
        if abs(dh) > 1e-9 { return (frame.height - source.height) / dh }
        return 1
    }

    static func unit(_ p: Double) -> Double { min(max(p.isFinite ? p : 0, 0), 1) }
}
