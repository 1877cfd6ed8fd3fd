import ModalKit

/// Parameters every scene accepts besides its own: they belong to the lab, not to a seed, and keep their value
/// when the scene changes (keys 1–7).
public enum LabParameters {
    /// How every pan recognizer of the scene reads its velocity (`VelocityEstimator`); README's estimator table
    /// is why the quadratic is the default.
    static let estimator = Parameter.choice(
        "estimator", VelocityEstimator.allCases.map(\.name),
        default: VelocityEstimator.default.name,
        source: "ours: the smallest error on the recorded corpus (README)")

    /// The specs, in the order help, the trace and exports list them (after the scene's own).
    public static let specs = [estimator.spec]
}

extension SceneInfo {
    /// The scene's own parameters followed by the lab-wide ones: everything `--set`, `--config`, the trace and
    /// an export take.
    public var allParameters: [ParameterSpec] { parameters + LabParameters.specs }
}

extension SceneParameters {
    /// The velocity estimator the scene's pan recognizers use.
    var velocityEstimator: VelocityEstimator {
        VelocityEstimator(name: self[LabParameters.estimator]) ?? .default
    }

    /// These parameters with the lab-wide values taken from `other` (a scene switch keeps the estimator).
    func keepingLabValues(of other: SceneParameters) -> SceneParameters {
        var result = self
        for spec in LabParameters.specs {
            if let value = other.value(spec.name) { try? result.set(spec.name, value) }
        }
        return result
    }
}
