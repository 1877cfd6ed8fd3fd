import ModalKit

/// What a recording keeps of the session that made it, so `modal-lab render` can show it as it was: the options
/// that decide what the stage draws (scene, size, scale, frame rate, every parameter including a config file's,
/// HUD, inspector, motion), as command-line arguments. Written as the recording's first line,
/// `{"t":0,"type":"session","args":[...],"digests":[...]}`; a recording without one (older) renders with the
/// defaults. A scene file session also keeps each file's digest (`FileDigest`), so a replay refuses pictures that
/// changed since; an older session line without `digests` replays unchecked.
enum RecordedSession {
    /// One file the session read, named as the session line names it (`PortablePath`), and its FNV-1a 64.
    struct Digest: Equatable {
        var file: String
        var fnv1a64: String
    }

    /// The recording line of `configuration`'s session.
    static func line(_ configuration: LabConfiguration) -> String {
        let record = configuration.recordPath ?? ""
        let digests =
            configuration.sceneFilePath.map { RecordedSession.digests(sceneFile: $0, writtenIn: record) } ?? []
        var fields: [(String, JSONValue)] = [
            ("t", .number(0)), ("type", .string("session")),
            ("args", .array(arguments(configuration).map { .string($0) }))
        ]
        if !digests.isEmpty {
            let items = digests.map {
                JSONValue.dictionary([("file", .string($0.file)), ("fnv1a64", .string($0.fnv1a64))])
            }
            fields.append(("digests", .array(items)))
        }
        return JSONValue.object(fields)
    }

    /// The scene file's digest, then every image's, in every scale variant there is (a variant that appears
    /// later changes which one is drawn); files named as a recording at `writtenIn` names them.
    static func digests(sceneFile: String, writtenIn recording: String) -> [Digest] {
        func digest(_ path: String, _ limit: Int) -> Digest? {
            FileDigest.ofFile(path, limit: limit).map {
                Digest(file: PortablePath.written(path, in: recording), fnv1a64: $0)
            }
        }
        guard let scene = digest(sceneFile, LabLimits.inputFileBytes) else { return [] }
        let images = (try? SceneFile.read(sceneFile))?.imagePaths ?? []
        let variants = images.flatMap { ImageFile.variants(of: $0).map(\.path) }
        return [scene] + variants.compactMap { digest($0, SceneFile.windowLimits.fileBytes) }
    }

    /// The options that reproduce what `configuration` draws. The parameters are written whole (config file and
    /// `--set` alike) as `--set` values, so a render does not depend on a config file that may have changed since.
    static func arguments(_ configuration: LabConfiguration) -> [String] {
        let size = configuration.size
        // A scene file is named relative to the recording when they share a folder tree (which may move), else
        // absolute, so `render` and a replay from elsewhere find it.
        let scene =
            configuration.sceneType == SceneFileScene.self
            ? [
                "--scene-file",
                PortablePath.written(configuration.sceneFilePath ?? "", in: configuration.recordPath ?? "")
            ]
            : ["--scene", configuration.sceneType.info.name]
        var arguments =
            scene
            + (configuration.device.map { ["--device", $0.name] }
                ?? ["--size", "\(LabLimits.show(size.width))x\(LabLimits.show(size.height))"])
        if configuration.system != LabConfiguration.defaultSystem {
            arguments += ["--ios", String(configuration.system.rawValue)]
        }
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
        guard var session = recording.sessionArguments else { return [] }
        let shown = LabLimits.echo(path)
        if let i = session.lastIndex(of: "--scene-file"), i + 1 < session.count {
            session[i + 1] = PortablePath.resolved(session[i + 1], in: path)
            try checkDigests(recording.sessionDigests, sceneFile: session[i + 1], recording: path)
        }
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

    /// Refuses a replay whose scene file or images differ from the ones recorded (changed, gone, or a scale
    /// variant that appeared): its frames would not be the session's. One line naming the first such file.
    static func checkDigests(_ recorded: [Digest], sceneFile: String, recording path: String) throws {
        guard !recorded.isEmpty else { return }
        let now = digests(sceneFile: sceneFile, writtenIn: path)
        func refuse(_ digest: Digest, _ what: String) -> LabError {
            let file = LabLimits.echo(PortablePath.resolved(digest.file, in: path))
            return LabError.usage(
                "recording \(LabLimits.echo(path)): \(file) \(what) since the recording was made; record the session again"
            )
        }
        for digest in recorded where !now.contains(digest) {
            throw refuse(digest, now.contains { $0.file == digest.file } ? "changed" : "is gone")
        }
        if let new = now.first(where: { digest in !recorded.contains { $0.file == digest.file } }) {
            throw refuse(new, "appeared")
        }
    }

    /// The digests of a session line's members: empty when it has none (an older recording), a problem when
    /// `digests` is not a list of `{"file": ..., "fnv1a64": ...}`.
    static func digests(of members: [String: JSONInput]) throws -> [Digest] {
        guard let value = members["digests"] else { return [] }
        guard let items = value.items else { throw SessionProblem() }
        return try items.map { item in
            guard let file = item.members?["file"]?.string, let digest = item.members?["fnv1a64"]?.string else {
                throw SessionProblem()
            }
            return Digest(file: file, fnv1a64: digest)
        }
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
