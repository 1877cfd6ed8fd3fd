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

    init(_ story: ReleaseStory, scene: String, parameters: SceneParameters) {
        let judge = EstimatorVerdicts.judge(story, scene: scene, parameters: parameters)
        rule = judge.rule
        lines = story.estimates.map { estimate in
            let (verdict, dismisses) = judge.decide(estimate.velocity.y)
            return Line(name: estimate.name, velocity: estimate.velocity.y, used: estimate.name == story.estimator,
                        verdict: verdict, dismisses: dismisses)
        }
    }

    private static func judge(_ story: ReleaseStory, scene: String, parameters: SceneParameters)
        -> (rule: String, decide: (Double) -> (String, Bool?)) {
        switch scene {
        case FreeDragScene.info.name:
            let v = parameters[FreeDragScene.velocity]
            return ("flick: v ≥ \(fmt(v, 0)) pt/s dismisses", { $0 >= v ? ("dismiss", true) : ("back", false) })
        case PannableScene.info.name:
            let v = parameters[PannableScene.minimumVelocityToHide]
            return ("flick: v > \(fmt(v, 0)) pt/s dismisses, else the distance",
                    { $0 > v ? ("dismiss", true) : ("distance", nil) })
        case SheetScene.info.name:
            let r = parameters[SheetScene.decelerationRate]
            let top = story.frames.last { $0.t <= (story.release ?? .infinity) }?.card?.minY ?? 0
            return ("projected top: y + v·r/(1−r)/1000, r = \(r)",
                    { ("→ y \(fmt(top + $0 * r / (1 - r) / 1000, 0))", nil) })
        default:
            let decided = story.decision.rawValue
            return ("the rule is distance only: every reading → \(decided)", { _ in (decided, nil) })
        }
    }
}
