import ModalKit

/// The lines a release is judged against, written into the trace's `scene` record so a plot drawn later from the
/// trace alone shows them: where the card's top must pass, the flick speed, and detents (for sheets).
struct ReleaseRule: Equatable {
    var thresholdY: Double?
    var velocityThreshold: Double?
    var detents: [Double] = []

    /// The current scene's rule: its marker's line, and its flick speed.
    init(_ scene: any Scene) {
        let rule = scene.rule
        thresholdY = rule.marker?.y
        velocityThreshold = rule.velocityThreshold
    }

    /// The trace fields for the rule.
    var fields: [(String, JSONValue)] {
        var fields: [(String, JSONValue)] = []
        if let thresholdY { fields.append(("threshold_y", .rounded(thresholdY, 2))) }
        if let velocityThreshold { fields.append(("velocity_threshold", .rounded(velocityThreshold, 2))) }
        if !detents.isEmpty { fields.append(("detents", .array(detents.map { .rounded($0, 2) }))) }
        return fields
    }
}
