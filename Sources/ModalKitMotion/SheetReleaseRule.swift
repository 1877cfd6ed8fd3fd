/// How a released sheet picks where to go.
public enum SheetReleaseRule: String, CaseIterable, Sendable {
    /// The detent nearest the projected resting point y + v/1000 · r/(1 − r) ("Designing Fluid Interfaces");
    /// dismissal when the projection passes the smallest detent by more than its share of that detent's height.
    case projection
    /// The detent nearest where the sheet is, whatever its speed; dismissal past the same share.
    case nearest
    /// The seeds' rule: a flick faster than `flickVelocity` moves one detent its way (dismissing from the
    /// smallest), anything slower goes to the nearest detent or, past the share, dismisses.
    case distanceVelocity = "distance-velocity"
}

/// Where a released sheet goes.
public enum SheetReleaseTarget: Equatable, Sendable {
    /// To the detent whose top edge is at this position.
    case detent(position: Double)
    /// Off the bottom: dismissed (only when dismissal is allowed).
    case dismiss
}

/// A release decision and the numbers behind it, for the HUD.
public struct SheetReleaseDecision: Equatable, Sendable {
    /// Where the sheet goes.
    public var target: SheetReleaseTarget
    /// The position the rule judged: the projection, or the position itself for the rules that ignore speed.
    public var judgedPosition: Double
    /// Whether releasing here would dismiss if dismissal were allowed (a blocked sheet then springs back).
    public var wantsDismissal: Bool
}

/// The three release rules over one track, with their numbers.
public struct SheetReleasePolicy: Hashable, Sendable {
    /// Which rule decides.
    public var rule: SheetReleaseRule
    /// UIScrollView's deceleration rate per millisecond, for the projection (0.998 is `.normal`).
    public var decelerationRate: Double
    /// How far past the smallest detent, as a share of its height, the judged position must be to dismiss.
    public var dismissFraction: Double
    /// The seed-style rule's flick speed, in points per second (the seeds' 1500).
    public var flickVelocity: Double

    /// A policy; the defaults are UIKit's rate, half the smallest detent, and the seeds' 1500 pt/s.
    public init(
        rule: SheetReleaseRule = .projection, decelerationRate: Double = Deceleration.normalRate,
        dismissFraction: Double = 0.5, flickVelocity: Double = 1500
    ) {
        self.rule = rule
        self.decelerationRate = decelerationRate
        self.dismissFraction = dismissFraction
        self.flickVelocity = flickVelocity
    }

    /// Where a sheet released at `position` moving at `velocity` (points per second, positive downward) goes.
    public func decide(position: Double, velocity: Double, on track: SheetTrack) -> SheetReleaseDecision {
        let dismissLine = track.bottom + dismissFraction * (track.containerHeight - track.bottom)
        switch rule {
        case .projection:
            let projected = position + Deceleration.projectedDistance(velocity: velocity, rate: decelerationRate)
            return decision(judging: projected, dismissLine: dismissLine, on: track)
        case .nearest:
            return decision(judging: position, dismissLine: dismissLine, on: track)
        case .distanceVelocity:
            guard abs(velocity) > flickVelocity else {
                return decision(judging: position, dismissLine: dismissLine, on: track)
            }
            return flick(from: position, down: velocity > 0, on: track)
        }
    }

    private func decision(judging judged: Double, dismissLine: Double, on track: SheetTrack) -> SheetReleaseDecision {
        let wants = judged > dismissLine
        let target: SheetReleaseTarget =
            wants && track.dismissalAllowed
            ? .dismiss : .detent(position: track.nearestDetent(to: judged))
        return SheetReleaseDecision(target: target, judgedPosition: judged, wantsDismissal: wants)
    }

    /// The next detent beyond `position` in the flick's direction (half a point counts as "at" a detent).
    private func flick(from position: Double, down: Bool, on track: SheetTrack) -> SheetReleaseDecision {
        let ahead =
            down
            ? track.detentPositions.filter { $0 > position + 0.5 }.min()
            : track.detentPositions.filter { $0 < position - 0.5 }.max()
        if let ahead {
            return SheetReleaseDecision(target: .detent(position: ahead), judgedPosition: ahead, wantsDismissal: false)
        }
        if !down {
            return SheetReleaseDecision(
                target: .detent(position: track.top), judgedPosition: track.top, wantsDismissal: false)
        }
        let target: SheetReleaseTarget = track.dismissalAllowed ? .dismiss : .detent(position: track.bottom)
        return SheetReleaseDecision(target: target, judgedPosition: track.containerHeight, wantsDismissal: true)
    }
}
