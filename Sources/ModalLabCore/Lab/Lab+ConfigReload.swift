import ModalKit

extension Lab {
    /// The `--config` file, which the host watches; nil without one.
    public var configPath: String? { configReload?.path }

    /// See `HostedLab.configWatchPaths`: the config file, when there is one.
    public var configWatchPaths: [String] { configPath.map { [$0] } ?? [] }

    /// The config file may have changed (the host's watch saw it): it is read again shortly, on the lab's clock.
    public func configFileChanged() {
        configReload?.fileChanged(at: clock.now)
    }

    /// Reads the config file once it is due: good values replace the launched scene's (rebuilt at rest with the
    /// modal up when it is showing); a file that does not load keeps the last good ones and shows why.
    func reloadConfigIfDue(at now: Double) {
        guard let result = configReload?.poll(at: now, kind: configuration.sceneKind) else { return }
        switch result {
        case .success(let loaded):
            clearReloadFailure()
            configuration.parameterOverrides = loaded.specs.compactMap { spec in
                loaded.value(spec.name).map { (spec.name, $0) }
            }
            if kind.name == configuration.sceneKind.name {
                // A save that changes nothing (or the check at start-up) leaves the scene as it is.
                if loaded != parameters { apply(loaded) }
            } else {
                forget(configuration.sceneKind)
            }
        case .failure(let error):
            showReloadFailure(error.description)
        }
    }

    /// A reload worked: the last failed one's line leaves the HUD and the inspector.
    func clearReloadFailure() {
        notices.configMessage = nil
        inspector?.view.message = nil
    }

    /// A reload of the config or scene file failed: its line goes to the HUD and the inspector until one works, and
    /// in full to the problem log once; the last good values stay.
    func showReloadFailure(_ reason: String) {
        let line = "reload: \(reason)"
        notices.configMessage = line
        notices.problemLog(line)
        inspector?.view.message = line
        window.setNeedsDisplay()
    }
}
