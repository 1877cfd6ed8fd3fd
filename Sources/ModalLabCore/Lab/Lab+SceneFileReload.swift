import ModalKit

extension Lab {
    /// The files the host watches for the scene file: the file and its images; empty without one.
    public var sceneFileWatchPaths: [String] {
        guard configuration.sceneFilePath != nil, let file = configuration.sceneFile?.file else { return [] }
        return SceneFileReload.watchedPaths(of: file)
    }

    /// The scene file or an image may have changed (the host's watch saw it): it is read again shortly.
    public func sceneFileChanged() {
        sceneFileReload?.fileChanged(at: clock.now)
    }

    /// Reads the scene file once it is due: a good file replaces the scene (rebuilt at rest with its modal up,
    /// its parameters the file's, then `--config`'s and `--set`'s); one that does not load keeps the last good
    /// scene and shows why in the HUD and the inspector, as a failed config reload does.
    func reloadSceneFileIfDue(at now: Double) {
        guard let result = sceneFileReload?.poll(at: now) else { return }
        switch result {
        case .success(let loaded):
            clearReloadFailure()
            window.setNeedsDisplay()
            // A save that changes nothing (or the check at start-up) leaves the scene as it is, mid-drag or not.
            if let last = sceneFileReload?.last, last.isSame(as: loaded) { return }
            sceneFileReload?.last = loaded
            configuration.useSceneFile(loaded)
            sceneFileReloads += 1
            guard let parameters = try? sceneFileParameters() else { return }
            configuration.parameterOverrides = parameters.specs.compactMap { spec in
                parameters.value(spec.name).map { (spec.name, $0) }
            }
            let fileKind = loaded.kind
            forget(fileKind)
            // The file's scene, shown now, is rebuilt from the new file; another scene waits until it is chosen.
            if kind.sceneFile != nil { run(fileKind, parameters) }
        case .failure(let error):
            showReloadFailure(error.description)
        }
    }

    /// The scene file's parameters, then the config file's (read again), then `--set`'s.
    private func sceneFileParameters() throws -> SceneParameters {
        if let configReload { return try configReload.load(kind: configuration.sceneKind) }
        var parameters = SceneParameters(
            specs: configuration.sceneKind.info.allParameters, system: configuration.system)
        for (name, value) in (configuration.sceneFile?.file.parameters ?? []) + configuration.setOverrides {
            try parameters.set(name, value)
        }
        return parameters
    }
}
