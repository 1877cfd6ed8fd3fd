import ModalKit

/// Live config (`--config FILE`): when the file changes, the scene's parameters are read again — defaults, then
/// the file, then `--set`, as at start-up — a short moment after the last change, so an editor's several writes
/// are read once, whole. A file that does not load leaves the parameters as they were and says why in one line.
/// Pure and on the lab's clock: the host (or a test) says when the file changed, frames move the clock.
struct ConfigReload {
    let path: String
    let setOverrides: [(String, ParameterValue)]
    /// Values under the file's (a comparison's B reads its spec file over A's values).
    let base: [(String, ParameterValue)]
    /// The system whose defaults the parameters start from (`--ios`).
    var system = SystemVersion.ios18
    /// When the file is due to be read.
    private(set) var timer = SettleTimer()

    init(
        path: String, setOverrides: [(String, ParameterValue)], base: [(String, ParameterValue)] = []
    ) {
        self.path = path
        self.setOverrides = setOverrides
        self.base = base
    }

    /// The file changed at `now`: read it once `SettleTimer.delay` has passed without another change.
    mutating func fileChanged(at now: Double) { timer.changed(at: now) }

    /// At `now`, nil when no read is due; otherwise the parameters the file gives `kind` (the scene the lab was
    /// started with, as it is now), or the one-line reason it gave none.
    mutating func poll(at now: Double, kind: SceneKind) -> Result<SceneParameters, LabError>? {
        guard timer.takeDue(at: now) else { return nil }
        return Result { try load(kind: kind) }.mapError { $0 as? LabError ?? .io("\($0)") }
    }

    /// `kind`'s defaults, then its scene file's values when it has one, then `base`, then the file, then `--set`.
    func load(kind: SceneKind) throws -> SceneParameters {
        var parameters = SceneParameters(specs: kind.info.allParameters, system: system)
        let own = kind.sceneFile?.file.parameters ?? []
        for (name, value) in try own + base + ConfigFile.read(path, specs: parameters) + setOverrides {
            try parameters.set(name, value)
        }
        return parameters
    }
}
