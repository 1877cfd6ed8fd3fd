import ModalKit

/// What a recording keeps of the session that made it, so `modal-lab render` can show it as it was: the options
/// that decide what the stage draws (scene, size, scale, frame rate, every parameter including a config file's,
/// HUD, inspector, motion), as command-line arguments. Written as the recording's first line,
/// `{"t":0,"type":"session","args":[...]}`; a recording without one (older) renders with the defaults.
enum RecordedSession {
    /// The recording line of `configuration`'s session.
    static func line(_ configuration: LabConfiguration) -> String {
        JSONValue.object([
            ("t", .number(0)), ("type", .string("session")),
            ("args", .array(arguments(configuration).map { .string($0) }))
        ])
    }

    /// The options that reproduce what `configuration` draws. The parameters are written whole (config file and
    /// `--set` alike) as `--set` values, so a render does not depend on a config file that may have changed since.
    static func arguments(_ configuration: LabConfiguration) -> [String] {
        let size = configuration.size
        // A scene file is named by its path, made absolute, so `render` and a replay from elsewhere find it.
        let scene =
            configuration.sceneType == SceneFileScene.self
            ? ["--scene-file", SceneFileScene.absolutePath(configuration.sceneFilePath ?? "")]
            : ["--scene", configuration.sceneType.info.name]
        var arguments =
            scene + [
                "--size", "\(LabLimits.show(size.width))x\(LabLimits.show(size.height))"
            ]
        if let scale = configuration.scale { arguments += ["--scale", "\(scale)"] }
        if let fps = configuration.fps { arguments += ["--fps", "\(fps)"] }
        for (name, value) in configuration.parameterOverrides { arguments += ["--set", "\(name)=\(value)"] }
        if !configuration.showsHUD { arguments.append("--no-hud") }
        if configuration.showsInspector { arguments.append("--inspector") }
        if configuration.slowAnimations { arguments.append("--slow") }
        if configuration.reducedMotion { arguments.append("--reduced-motion") }
        if let compare = configuration.compare { arguments += ["--compare", compare.resolved] }
        return arguments
    }

    /// The arguments of a session line's members; nil when the line is not a session line, a problem when it
    /// is one without a list of strings.
    static func arguments(of members: [String: JSONInput]) throws -> [String]? {
        guard members["type"]?.string == "session" else { return nil }
        guard let items = members["args"]?.items else { throw SessionProblem() }
        return try items.map { item in
            guard let text = item.string else { throw SessionProblem() }
            return text
        }
    }

    /// The options a replay of `recording` (at `path`) starts from: its session's, checked alone so a bad one is
    /// named as the recording's, and refused when `asked` (the command line, which comes after them and wins)
    /// names another scene, where its input would mean something else. Empty for a recording without a session.
    /// `render`, `--replay` and `--headless --replay` all take their setup from here.
    static func replayArguments(
        _ recording: Recording, path: String, asked: [String], scenes: [any Scene.Type] = SceneCatalog.all
    ) throws -> [String] {
        guard let session = recording.sessionArguments else { return [] }
        let shown = LabLimits.echo(path)
        do { _ = try LabConfiguration(arguments: session, scenes: scenes) } catch let error as LabError {
            throw LabError.usage("recording \(shown) does not match this lab: \(error.description)")
        }
        if let recorded = scene(in: session), let given = scene(in: asked), given != recorded {
            throw LabError.usage(
                "recording \(shown) was made in scene '\(LabLimits.echo(recorded))', not '\(LabLimits.echo(given))': its input would not mean the same there"
            )
        }
        return session
    }

    /// The scene `arguments` name: a built-in scene's name, or a scene file's absolute path.
    private static func scene(in arguments: [String]) -> String? {
        if let file = value(of: "--scene-file", in: arguments) { return SceneFileScene.absolutePath(file) }
        return value(of: "--scene", in: arguments)
    }

    /// The last value of `option` in `arguments`.
    static func value(of option: String, in arguments: [String]) -> String? {
        var found: String?
        for (i, argument) in arguments.enumerated() {
            let (name, attached) = LabConfiguration.splitAttachedValue(argument)
            if name == option { found = attached ?? (i + 1 < arguments.count ? arguments[i + 1] : nil) }
        }
        return found
    }

    /// A session line whose `args` is not a list of strings.
    struct SessionProblem: Error {}
}
