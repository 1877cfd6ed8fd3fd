import ModalKitBase

/// How a zoomed page answers an interactive dismissal (iOS 18's `preferredTransition = .zoom`): how far a drag
/// shrinks it, how the grabbed point falls behind the finger, how it follows sideways.
///
/// The numbers are the fit of the native motion published by the Flutter package swift_transitions 0.3
/// (`zoom_dismiss_physics.dart`, see ANCHORS "The zoom transition"); the code is ours. Travel is in *card heights*
/// (the page's height at rest) and counts from where the pan began, past its slop: native pans held at 0.3, 0.5 and
/// 0.8 of an 874-pt page from the press show 0.812, 0.678 and 0.545, which is this curve 18 pt later.
public struct ZoomDismissal: Hashable, Sendable {
    /// Scale lost per card height of (damped) travel.
    public var scaleGain: Double
    /// Card heights of travel before the shrink starts to ease.
    public var travelKnee: Double
    /// The scale the eased shrink approaches and never reaches.
    public var minimumScale: Double
    /// How far the grabbed point falls behind: the fall is `travel − fallLag·travel³` card heights.
    public var fallLag: Double
    /// How far the page follows each sideways point at first.
    public var crossAxisGain: Double
    /// What the sideways follow is banded toward, as a fraction of the page's width.
    public var crossAxisLimit: Double
    /// How far (points) a pan holds still before it begins: native pans wait 16–20 pt.
    public var slop: Double

    /// The native fit by default.
    public init(
        scaleGain: Double = 0.67, travelKnee: Double = 0.52, minimumScale: Double = 0.37, fallLag: Double = 0.45,
        crossAxisGain: Double = 0.56, crossAxisLimit: Double = 0.9, slop: Double = 18
    ) {
        self.scaleGain = scaleGain
        self.travelKnee = travelKnee
        self.minimumScale = minimumScale
        self.fallLag = fallLag
        self.crossAxisGain = crossAxisGain
        self.crossAxisLimit = crossAxisLimit
        self.slop = slop
    }

    /// The travel, in card heights, of a finger `drag` points down from its press on a page `height` points tall:
    /// what lies past the slop.
    public func travel(forDrag drag: Double, height: Double) -> Double {
        guard height > 0, drag.isFinite else { return 0 }
        return max(drag - slop, 0) / height
    }

    /// The travel the floor implies: the damped travel never reaches it.
    public var maximumTravel: Double { (1 - minimumScale) / max(scaleGain, 1e-9) }

    /// The travel the page shrinks by for the finger's `travel`: 1:1 to the knee, then UIKit's band (slope 1 at the
    /// knee) toward `maximumTravel`, so a long drag parks the page instead of shrinking it to nothing.
    public func dampedTravel(_ travel: Double) -> Double {
        let raw = travel.isFinite ? max(travel, 0) : 0
        guard raw > travelKnee else { return raw }
        let room = maximumTravel - travelKnee
        guard room > 0 else { return travelKnee }
        return travelKnee + RubberBand(coefficient: 1, dimension: room).offset(for: raw - travelKnee)
    }

    /// The page's scale after `travel` card heights of pan.
    public func scale(forTravel travel: Double) -> Double { 1 - scaleGain * dampedTravel(travel) }

    /// d(scale)/d(travel) at `travel`: what a release's speed (card heights per second) shrinks the page at.
    public func scaleSlope(atTravel travel: Double) -> Double {
        let h = 1e-4
        return (scale(forTravel: travel + h) - scale(forTravel: max(travel - h, 0))) / (travel + h - max(travel - h, 0))
    }

    /// How far the grabbed point has fallen after `travel` card heights, in card heights: the travel less
    /// `fallLag` times its cube (0.89 of it at half the height), held where the lag would outgrow the travel.
    public func fall(forTravel travel: Double) -> Double {
        let limit = fallLag > 0 ? 1 / (3 * fallLag).squareRoot() : .infinity
        let t = min(travel.isFinite ? max(travel, 0) : 0, limit)
        return t - fallLag * t * t * t
    }

    /// How far the page follows a finger `offset` points across the gesture's axis, on a page `width` wide:
    /// `crossAxisGain` of it at first, banded toward `crossAxisLimit` of the width.
    public func crossAxisOffset(_ offset: Double, width: Double) -> Double {
        RubberBand(coefficient: crossAxisGain, dimension: width * crossAxisLimit).offset(for: offset)
    }

    /// The page's scale after an edge swipe of `travel` card widths (past its dead zone): linear, no knee.
    public func edgeSwipeScale(forTravel travel: Double) -> Double {
        max(minimumScale, 1 - scaleGain * max(travel.isFinite ? travel : 0, 0))
    }

    /// The page's frame after `travel` card heights of pan and a sideways follow of `sideways` points: `resting`
    /// carried down by the fall and shrunk about the grabbed point `anchor` (window points, in the resting page;
    /// the centre when nil), its bottom never above its resting line.
    public func frame(resting: Rect, travel: Double, sideways: Double = 0, anchor: Point? = nil) -> Rect {
        let fall = fall(forTravel: travel) * resting.height
        let s = scale(forTravel: travel)
        return ZoomDismissal.scaled(resting, scale: s, about: anchor ?? resting.center, fall: fall, sideways: sideways)
    }

    /// `resting` moved down by `fall`, scaled by `scale` about `anchor` moved with it, its bottom kept at or below
    /// its resting line, then moved `sideways`.
    public static func scaled(_ resting: Rect, scale s: Double, about anchor: Point, fall: Double, sideways: Double)
        -> Rect
    {
        let pivot = Point(x: anchor.x, y: anchor.y + fall)
        let top = resting.minY + fall
        var rect = Rect(
            x: pivot.x + (resting.minX - pivot.x) * s, y: pivot.y + (top - pivot.y) * s,
            width: resting.width * s, height: resting.height * s)
        let lift = resting.maxY - rect.maxY
        if lift > 0 { rect.origin.y += lift }
        rect.origin.x += sideways
        return rect
    }
}
