import ModalKit

/// What the band over a comparison says: each side's values of what differs between them, worked out from what
/// they run with now (so a value tuned on B in the inspector shows at once).
struct CompareDifference: Equatable {
    /// "A · minimumScreenRatioToHide 0.25".
    var a: String
    /// "B · minimumScreenRatioToHide 0.5".
    var b: String

    /// The difference between the scenes and parameters of `a` and `b`: the scenes when they differ, else every
    /// parameter whose values differ; "B · same as A" when nothing does (B tuned back).
    init(a: Lab, b: Lab) {
        let sceneA = a.kind.name, sceneB = b.kind.name
        guard sceneA == sceneB else {
            self.a = "A · scene \(sceneA)"
            self.b = "B · scene \(sceneB)"
            return
        }
        let differing = a.parameters.specs.map(\.name).filter { a.parameters.value($0) != b.parameters.value($0) }
        guard !differing.isEmpty else {
            self.a = "A"
            self.b = "B · same as A"
            return
        }
        self.a = CompareDifference.line("A", differing, a.parameters)
        self.b = CompareDifference.line("B", differing, b.parameters)
    }

    private static func line(_ side: String, _ names: [String], _ parameters: SceneParameters) -> String {
        ([side] + names.map { "\($0) \(parameters.value($0).map { "\($0)" } ?? "-")" }).joined(separator: " · ")
    }
}
