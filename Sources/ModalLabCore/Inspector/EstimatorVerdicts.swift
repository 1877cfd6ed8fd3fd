import ModalKit

/// What each velocity estimator read at the last release and what that reading would have decided under the
/// scene's rule, as the inspector lists them.
struct EstimatorVerdicts: Equatable {
    struct Line: Equatable {
        var name: String
        /// Points per second down the screen.
        var velocity: Double
        /// The estimator the pans used.
        var used: Bool
        /// What this reading decides: "dismiss", "back", "distance" (the flick rule leaves it to the distance), or
        /// where the sheet would project to.
        var verdict: String
        /// Whether the verdict leaves (dismisses); nil when the reading does not decide.
        var dismisses: Bool?
    }

    /// One line above the list: the rule the readings are judged by.
    var rule: String
    var lines: [Line]

    /// The readings of `story`'s release, each judged by `rule` (the scene's own).
    init(_ story: ReleaseStory, rule: any SceneRule) {
        let top = story.frames.last { $0.t <= (story.release ?? .infinity) }?.card?.minY ?? 0
        let outcome = story.decision.rawValue
        self.rule = rule.summary(outcome: outcome)
        lines = story.estimates.map { estimate in
            let verdict = rule.verdict(ReleaseReading(velocity: estimate.velocity.y, cardTop: top, outcome: outcome))
            return Line(
                name: estimate.name, velocity: estimate.velocity.y, used: estimate.name == story.estimator,
                verdict: verdict.text, dismisses: verdict.dismisses)
        }
    }
}
