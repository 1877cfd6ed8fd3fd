import ModalKit

/// What a recording keeps of the session that made it, so `modal-lab render` can show it as it was: the options
/// that decide what the stage draws (scene, size, scale, frame rate, every parameter including a config file's,
/// HUD, inspector, motion), as command-line arguments. Written as the recording's first line,
/// `{"t":0,"type":"session","args":[...],"digests":[...]}`; a recording without one (older) renders on the
/// screen and system it was made on, 375 × 667 and iOS 18 (`legacySetup`). A scene file session also keeps each
/// file's digest (`FileDigest`), so a replay refuses pictures that changed since; an older session line without
/// `digests` replays unchecked.
package enum RecordedSession {
    /// One file the session read, named as the session line names it (`PortablePath`), and its FNV-1a 64.
    struct Digest: Equatable {
        var file: String
        var fnv1a64: String
    }

    /// The recording line of `configuration`'s session.
    static func line(_ configuration: LabConfiguration) -> String {
        let record = configuration.recordPath ?? ""
        let sceneFiles = [configuration.sceneFilePath, configuration.compare?.sceneFile?.file.path].compactMap { $0 }
        let digests = RecordedSession.digests(sceneFiles: sceneFiles, writtenIn: record)
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

    /// The digests of each of `sceneFiles` (A's, and B's of a `--compare scene-file=`) as `digests(sceneFile:)`
    /// has them, a file the two share once.
    static func digests(sceneFiles: [String], writtenIn recording: String) -> [Digest] {
        var all: [Digest] = []
        for digest in sceneFiles.flatMap({ digests(sceneFile: $0, writtenIn: recording) })
        where !all.contains(where: { $0.file == digest.file }) {
            all.append(digest)
        }
        return all
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
            configuration.sceneKind.sceneFile != nil
            ? [
                "--scene-file",
                PortablePath.written(configuration.sceneFilePath ?? "", in: configuration.recordPath ?? "")
            ]
            : ["--scene", configuration.sceneKind.name]
        var arguments =
            scene
            + (configuration.device.map { ["--device", $0.name] }
                ?? ["--size", "\(LabLimits.show(size.width))x\(LabLimits.show(size.height))"])
        // Always written: a recording without `--ios` is one made on iOS 18 (`legacySetup`).
        arguments += ["--ios", String(configuration.system.rawValue)]
        if let scale = configuration.scale { arguments += ["--scale", "\(scale)"] }
        if let fps = configuration.fps { arguments += ["--fps", "\(fps)"] }
        for (name, value) in configuration.parameterOverrides { arguments += ["--set", "\(name)=\(value)"] }
        if !configuration.showsHUD { arguments.append("--no-hud") }
        if configuration.showsInspector { arguments.append("--inspector") }
        if configuration.slowAnimations { arguments.append("--slow") }
        if configuration.reducedMotion { arguments.append("--reduced-motion") }
        if let compare = configuration.compare {
            let record = configuration.recordPath ?? ""
            arguments += ["--compare", comparing(compare.resolved) { PortablePath.written($0, in: record) }]
        }
        return arguments
    }

    /// A `--compare` spec as written out (`CompareSpec.resolved`) with the path of its `scene-file=` item, if
    /// any, changed by `path`: named relative to the recording when it is written, resolved when it is read, as
    /// A's `--scene-file` is.
    static func comparing(_ spec: String, path: (String) -> String) -> String {
        spec.split(separator: ",", omittingEmptySubsequences: false).map { item in
            item.hasPrefix(sceneFileKey)
                ? sceneFileKey + path(String(item.dropFirst(sceneFileKey.count))) : String(item)
        }.joined(separator: ",")
    }

    /// The scene file a written-out `--compare` spec names (`scene-file=PATH`), if any.
    static func sceneFile(comparing spec: String) -> String? {
        spec.split(separator: ",").first { $0.hasPrefix(sceneFileKey) }.map { String($0.dropFirst(sceneFileKey.count)) }
    }

    private static let sceneFileKey = "scene-file="

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
    /// names another scene, where its input would mean something else. A recording without a session, or whose
    /// session names no system or screen, gets the ones it was made on (`legacySetup`).
    /// `render`, `--replay` and `--headless --replay` all take their setup from here. Options of the session line
    /// that do not set up the stage (`--trace`, `--export`, `--help`: `LabOption.setsUpStage`) are dropped, and
    /// `notice` told once which: a recording travels, and playing one must write no file it names.
    package static func replayArguments(
        _ recording: Recording, path: String, asked: [String], scenes: [SceneKind] = SceneCatalog.all,
        notice: (String) -> Void = { LabMain.fail($0) }
    ) throws -> [String] {
        let shown = LabLimits.echo(path)
        var (session, dropped) = stageSetup(of: recording.sessionArguments ?? [])
        if !dropped.isEmpty {
            notice(
                "recording \(shown): ignoring \(dropped.map { LabLimits.echo($0) }.joined(separator: ", ")) in its session line (a recording sets up the stage; outputs come from the command line)"
            )
        }
        var sceneFile: String?, compared: String?
        if let i = session.lastIndex(of: "--scene-file"), i + 1 < session.count {
            session[i + 1] = PortablePath.resolved(session[i + 1], in: path)
            sceneFile = session[i + 1]
        }
        if let i = session.lastIndex(of: "--compare"), i + 1 < session.count {
            session[i + 1] = comparing(session[i + 1]) { PortablePath.resolved($0, in: path) }
            compared = RecordedSession.sceneFile(comparing: session[i + 1])
        }
        try checkDigests(recording.sessionDigests, sceneFile: sceneFile, compared: compared, recording: path)
        session = legacySetup(session, asked: asked) + session
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

    /// The options a recording made before the lab wrote them all lacks: `--ios 18` when neither it nor the
    /// command line names a system, `--size 375x667` when neither names a screen (a device, a size or a scene
    /// file, which names its own). A recording without them was made on that screen and system, the defaults
    /// until 0.6.0, and replays as it was recorded whatever the defaults are now.
    static func legacySetup(_ session: [String], asked: [String]) -> [String] {
        let named = Set((session + asked).map { LabConfiguration.splitAttachedValue($0).name })
        var setup: [String] = []
        if !named.contains("--ios") { setup += ["--ios", String(LabConfiguration.legacySystem.rawValue)] }
        if named.isDisjoint(with: ["--device", "--size", "--scene-file"]) {
            let screen = LabConfiguration.legacyScreen
            setup += ["--size", "\(LabLimits.show(screen.width))x\(LabLimits.show(screen.height))"]
        }
        return setup
    }

    /// `arguments` without the options that do not set up the stage (each with its value), and the names of
    /// those dropped, each once. An unknown option is kept, for the parser to refuse as it would anyway; a value
    /// given attached (`--scene-file=F`) is kept as its own word.
    static func stageSetup(of arguments: [String]) -> (kept: [String], dropped: [String]) {
        var kept: [String] = [], dropped: [String] = [], rest = arguments[...]
        while let argument = rest.popFirst() {
            let (name, attached) = LabConfiguration.splitAttachedValue(argument)
            let option = LabOption.named(name)
            var taken = [argument]
            if option?.value != nil, attached == nil, let value = rest.popFirst() { taken.append(value) }
            guard let option, !option.setsUpStage else {
                // `--scene-file=F` kept as two words, as the lab writes it: its path is resolved and digested.
                kept += option?.value != nil && attached != nil ? [name, attached ?? ""] : taken
                continue
            }
            if !dropped.contains(option.names[0]) { dropped.append(option.names[0]) }
        }
        return (kept, dropped)
    }

    /// Refuses a replay whose scene files or images differ from the ones recorded (changed, gone, or a scale
    /// variant that appeared): its frames would not be the session's. One line naming the first such file.
    /// `sceneFile` is A's, `compared` B's (`--compare scene-file=`); B is checked when the recording has its
    /// scene file's digest (a recording older than that has none of B's).
    static func checkDigests(
        _ recorded: [Digest], sceneFile: String?, compared: String?, recording path: String
    ) throws {
        guard !recorded.isEmpty else { return }
        let checksB = compared.map { b in recorded.contains { $0.file == PortablePath.written(b, in: path) } } ?? false
        let now = digests(sceneFiles: [sceneFile, checksB ? compared : nil].compactMap { $0 }, writtenIn: path)
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
        if let file = value(of: "--scene-file", in: arguments) { return PortablePath.absolute(file) }
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
