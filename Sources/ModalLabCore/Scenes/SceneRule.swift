import ModalKit

/// One velocity reading at a release, as a scene's rule judges it (the inspector asks once per estimator).
public struct ReleaseReading: Sendable {
    /// Points per second down the screen.
    public var velocity: Double
    /// The card's top edge at the release, in window points.
    public var cardTop: Double
    /// What the release did in the end: "finish", "cancel" or "undecided".
    public var outcome: String

    /// A reading of `velocity` with the card's top at `cardTop`; `outcome` is what the release led to.
    public init(velocity: Double, cardTop: Double, outcome: String) {
        self.velocity = velocity
        self.cardTop = cardTop
        self.outcome = outcome
    }
}

/// What a reading decides under a rule.
public struct ReleaseVerdict: Equatable, Sendable {
    /// "dismiss", "back", "distance" (the flick rule leaves it to the distance), or where a sheet goes.
    public var text: String
    /// Whether the verdict leaves (dismisses); nil when the reading does not decide.
    public var dismisses: Bool?

    /// A verdict reading `text`.
    public init(_ text: String, dismisses: Bool?) {
        self.text = text
        self.dismisses = dismisses
    }
}

/// Where the HUD marks the rule's line: a tick at each edge of the window.
public struct RuleMarker: Equatable, Sendable {
    /// Where (window points) the card's top edge must pass for a release to dismiss, or where the rule projects it.
    public var y: Double
    /// What the marker is called: "threshold", "projection".
    public var title: String

    /// A marker at `y` called `title`.
    public init(y: Double, title: String = "threshold") {
        self.y = y
        self.title = title
    }
}

/// How a scene decides a release, as one object: the scene's HUD line and marker, the inspector's verdicts for
/// every velocity estimator and the trace's rule record all call it, so none of them can tell a different story.
public protocol SceneRule {
    /// The line above the inspector's readings: the rule the readings are judged by, for a release that led to
    /// `outcome` ("finish", "cancel", "undecided").
    func summary(outcome: String) -> String
    /// The flick speed (pt/s) written in the trace's `scene` record for plots; nil for a rule without one.
    var velocityThreshold: Double? { get }
    /// What `reading` would have decided.
    func verdict(_ reading: ReleaseReading) -> ReleaseVerdict
    /// Writes the rule's line for the gesture in progress (or the last one) into `text` and returns whether a
    /// release now would dismiss; nil (writing nothing) when there is nothing to show. What the HUD calls every
    /// frame: it allocates nothing. By default nil.
    func writeReadout(into text: inout TextBuffer) -> Bool?
    /// The HUD's marker, also the trace's `threshold_y`; by default none.
    var marker: RuleMarker? { get }
}

extension SceneRule {
    /// No live line.
    public func writeReadout(into text: inout TextBuffer) -> Bool? { nil }
    /// No marker.
    public var marker: RuleMarker? { nil }

    /// The HUD's rule line as a value (tests read it); nil when there is none to show.
    public func readout() -> RuleReadout? {
        var text = TextBuffer()
        return writeReadout(into: &text).map { RuleReadout(text: text.string, willDismiss: $0) }
    }
}

/// A rule that only looks at the distance: the drag's progress (a fraction of the way) past `threshold`
/// finishes, whatever the speed, so every velocity reading leads where the release went.
public struct DistanceRule: SceneRule {
    /// The progress past which a release finishes (the seeds' 0.3, 0.5).
    public var threshold: Double
    /// No flick speed.
    public var velocityThreshold: Double? { nil }
    /// A distance rule finishing past `threshold`.
    public init(threshold: Double) { self.threshold = threshold }
    /// Whether a release at `progress` finishes.
    public func finishes(progress: Double) -> Bool { progress > threshold }
    /// Says that speed does not matter.
    public func summary(outcome: String) -> String { "the rule is distance only: every reading → \(outcome)" }
    /// The release's own outcome, undecided by the reading.
    public func verdict(_ reading: ReleaseReading) -> ReleaseVerdict { ReleaseVerdict(reading.outcome, dismisses: nil) }
}

/// A flick rule on the downward speed: at or over (`inclusive`) or strictly over the threshold dismisses; below
/// it the card goes back, or (`elseDistance`) the distance decides.
public struct FlickRule: SceneRule {
    /// The flick speed, points per second.
    public var threshold: Double
    /// Whether a reading equal to the threshold dismisses (`>=`, free-drag) or not (`>`, pannable).
    public var inclusive: Bool
    /// Whether a slower reading is left to a distance rule (pannable) rather than sent back (free-drag).
    public var elseDistance: Bool

    /// A flick rule at `threshold` pt/s.
    public init(threshold: Double, inclusive: Bool, elseDistance: Bool) {
        self.threshold = threshold
        self.inclusive = inclusive
        self.elseDistance = elseDistance
    }

    /// The threshold is the trace's flick line.
    public var velocityThreshold: Double? { threshold }

    /// Whether `velocity` (pt/s down) is a dismissing flick.
    public func dismisses(velocity: Double) -> Bool { inclusive ? velocity >= threshold : velocity > threshold }

    /// "flick: v ≥ 1500 pt/s dismisses" (and ", else the distance").
    public func summary(outcome: String) -> String {
        "flick: v \(inclusive ? "≥" : ">") \(fmt(threshold, 0)) pt/s dismisses"
            + (elseDistance ? ", else the distance" : "")
    }

    /// Dismiss, or back / the distance.
    public func verdict(_ reading: ReleaseReading) -> ReleaseVerdict {
        if dismisses(velocity: reading.velocity) { return ReleaseVerdict("dismiss", dismisses: true) }
        return elseDistance ? ReleaseVerdict("distance", dismisses: nil) : ReleaseVerdict("back", dismisses: false)
    }
}
