import ModalKit

/// The lines a release is judged against, written into the trace's `scene` record so a plot drawn later from the
/// trace alone shows them: where the card's top must pass, the flick speed, and detents (for sheets).
struct ReleaseRule: Equatable {
    var thresholdY: Double?
    var velocityThreshold: Double?
    var detents: [Double] = []

    /// The parameter holding each scene's flick speed (the others have no velocity rule).
    static let velocityParameters = ["free-drag": "velocity", "pannable": "minimumVelocityToHide"]

    /// The current scene's rule: its threshold line, and its velocity parameter as the scene runs with it.
    init(_ scene: Scene, _ parameters: SceneParameters) {
        thresholdY = scene.thresholdLineY
        guard let name = Self.velocityParameters[type(of: scene).info.name] else { return }
        if case .number(let v)? = parameters.value(name) { velocityThreshold = v }
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
