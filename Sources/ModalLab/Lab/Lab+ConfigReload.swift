import ModalKit

extension Lab {
    /// The `--config` file, which the host watches; nil without one.
    public var configPath: String? { configReload?.path }

    /// The config file may have changed (the host's watch saw it): it is read again shortly, on the lab's clock.
    public func configFileChanged() {
        configReload?.fileChanged(at: clock.now)
    }

    /// Reads the config file once it is due: good values replace the launched scene's (rebuilt at rest with the
    /// modal up when it is showing); a file that does not load keeps the last good ones and shows why.
    func reloadConfigIfDue(at now: Double) {
        guard let result = configReload?.poll(at: now) else { return }
        switch result {
        case .success(let loaded):
            notices.configMessage = nil
            inspector?.view.message = nil
            configuration.parameterOverrides = loaded.specs.compactMap { spec in
                loaded.value(spec.name).map { (spec.name, $0) }
            }
            if type(of: scene) == configuration.sceneType {
                // A save that changes nothing (or the check at start-up) leaves the scene as it is.
                if loaded != parameters { apply(loaded) }
            } else {
                forget(configuration.sceneType)
            }
        case .failure(let error):
            let line = "reload: \(error.description)"
            notices.configMessage = line
            notices.problemLog(line)
            inspector?.view.message = line
            window.setNeedsDisplay()
        }
    }
}
