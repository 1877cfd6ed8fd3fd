import ModalKit

/// The sheet's release rule: the very `SheetReleasePolicy` the sheet decides with, over the sheet's track, so the
/// inspector's verdicts follow the rule the sheet runs (`nearest` ignores speed, `distance-velocity` flicks).
struct SheetRule: SceneRule {
    let policy: SheetReleasePolicy
    /// The track of the sheet on screen (nil once it has gone): what a flick or a dismissal is judged on.
    let track: SheetTrack?
    /// The sheet on screen, whose drag or last release the HUD's line and marker show.
    var sheet: SheetPresentationController? = nil
    /// The pan dragging the sheet.
    var pan: PanGestureRecognizer? = nil
    /// The window's height, which the marker stays inside.
    var height = 0.0

    var velocityThreshold: Double? { policy.rule == .distanceVelocity ? policy.flickVelocity : nil }

    func summary(outcome: String) -> String {
        switch policy.rule {
        case .projection: return "projected top: y + v·r/(1−r)/1000, r = \(policy.decelerationRate)"
        case .nearest: return "nearest: where the top is, whatever the speed"
        case .distanceVelocity:
            return "flick: |v| > \(fmt(policy.flickVelocity, 0)) pt/s moves a detent, else the nearest"
        }
    }

    /// Where the rule judges the reading to go: "→ y 412", or "→ dismiss" when a track says it leaves.
    func verdict(_ reading: ReleaseReading) -> ReleaseVerdict {
        let judged: Double
        if let track {
            let decision = policy.decide(position: reading.cardTop, velocity: reading.velocity, on: track)
            if decision.target == .dismiss, policy.rule == .distanceVelocity {
                return ReleaseVerdict("→ dismiss", dismisses: nil)
            }
            judged = decision.judgedPosition
        } else {
            judged =
                policy.rule == .projection
                ? reading.cardTop
                    + Deceleration.projectedDistance(velocity: reading.velocity, rate: policy.decelerationRate)
                : reading.cardTop
        }
        return ReleaseVerdict("→ y \(fmt(judged, 0))", dismisses: nil)
    }
}

extension SheetScene {
    /// The policy the scene's parameters give the sheet.
    static func releasePolicy(_ parameters: SceneParameters) -> SheetReleasePolicy {
        SheetReleasePolicy(
            rule: parameters[SheetScene.rule], decelerationRate: parameters[SheetScene.decelerationRate],
            dismissFraction: parameters[SheetScene.dismissFraction])
    }
}
extension SheetReleaseRule: ParameterEnumeration {}
