/// When the HUD's lines change: once a frame at most (input only marks them stale), with the live numbers (drag,
/// velocity, the rule's figures) at a rate a person can read, and anything a decision shows (the phase, whether a
/// release would dismiss) the frame it changes. Re-rasterizing a label every frame of a drag was most of the HUD's
/// cost, for numbers nobody can read at 60 Hz.
struct HUDSchedule {
    /// What the HUD must show the frame it changes.
    struct Decision: Equatable {
        var scene: String
        var phase: String
        var slow: Bool
        /// The drag line is shown (the top modal has a pan recognizer).
        var showsDrag: Bool
        var willDismiss: Bool?
    }

    /// The shortest time between two refreshes of the numbers: 12 a second.
    static let numbersInterval = 1.0 / 12

    /// The lines need a frame now: input arrived. Newer numbers waiting for their turn ask for a frame at
    /// `nextRefreshTime` instead, so a held-back change does not draw every tick until it is due.
    var wantsFrame: Bool { isStale }
    /// When numbers held back may be shown; nil when none wait.
    var nextRefreshTime: Double? { isDeferred ? shownAt + Self.numbersInterval : nil }
    private(set) var isStale = true
    private var isDeferred = false
    private var shownAt = -Double.infinity
    private var shownDecision: Decision?

    /// Something the HUD reports may have changed; the next frame looks.
    mutating func markStale() { isStale = true }

    /// Whether lines that changed would be shown at `now`: the decision changed, or the numbers are due.
    func mayShow(_ decision: Decision, at now: Double) -> Bool {
        // The same sum as `nextRefreshTime`: a frame at the time asked for shows what waited.
        decision != shownDecision || now >= shownAt + Self.numbersInterval
    }

    /// Whether `decision` differs from the last frame's (its lines are then shown at once).
    func isNew(_ decision: Decision) -> Bool { decision != shownDecision }

    /// Whether lines that differ from the shown ones (`changed`) are shown at `now`: always when the decision
    /// changed, otherwise once `numbersInterval` has passed since the last time; a change held back asks for a
    /// later frame.
    mutating func shows(changed: Bool, decision: Decision, at now: Double) -> Bool {
        isStale = false
        let shows = changed && mayShow(decision, at: now)
        isDeferred = changed && !shows
        if shows { shownAt = now }
        shownDecision = decision
        return shows
    }
}
