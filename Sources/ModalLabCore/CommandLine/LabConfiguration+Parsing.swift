import ModalKit

extension LabConfiguration {
    /// Parses the arguments after the program name. A bad option, parameter, limit or config content is a
    /// `LabError.usage` naming it (exit 2); a config file that cannot be read is a `LabError.io` (exit 1).
    /// `scenes` are the ones `--scene` chooses from (modal-lab's six unless given), the first the default.
    public init(arguments: [String], scenes: [SceneKind] = SceneCatalog.all) throws {
        guard let first = scenes.first else { throw LabError.usage("the lab was given no scene to run") }
        var parsed = ParsedCommandLine()
        parsed.configuration.scenes = scenes
        parsed.configuration.sceneKind = first
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            // `--scene=sheet` is `--scene sheet`, as getopt_long and swift-argument-parser take it.
            let (name, attached) = LabConfiguration.splitAttachedValue(argument)
            guard let option = LabOption.named(name) else {
                throw LabError.usage("unknown option '\(LabLimits.echo(argument))'")
            }
            var value = ""
            if option.value != nil {
                guard let given = attached ?? rest.popFirst() else { throw LabError.usage("\(name) needs a value") }
                value = given
            } else if attached != nil {
                throw LabError.usage("\(name) takes no value, not '\(LabLimits.echo(argument))'")
            }
            try option.apply(&parsed, value)
        }
        self = try LabConfiguration.finish(parsed)
    }

    /// Reads the parameter sources (which need the scene) and checks what only the options together decide.
    private static func finish(_ parsed: ParsedCommandLine) throws -> LabConfiguration {
        var configuration = parsed.configuration
        if configuration.action == .help && parsed.sceneGiven { configuration.action = .sceneHelp }
        if parsed.deviceGiven && parsed.sizeGiven {
            throw LabError.usage("--device and --size both give the screen: --size is a bare screen, give one")
        }
        if let path = parsed.sceneFilePath { try useSceneFile(path, &configuration, parsed: parsed) }
        if let device = configuration.device { configuration.size = device.size }
        guard configuration.action == .run || configuration.action == .sceneHelp else { return configuration }
        let specs = SceneParameters(specs: configuration.sceneKind.info.allParameters)
        if let path = parsed.configPath { configuration.parameterOverrides += try ConfigFile.read(path, specs: specs) }
        configuration.configPath = parsed.configPath
        for assignment in parsed.sets {
            configuration.setOverrides.append(try parseSet(assignment, specs: specs))
        }
        configuration.parameterOverrides += configuration.setOverrides
        if let spec = parsed.compare { configuration.compare = try CompareSpec(spec, comparedWith: configuration) }
        if configuration.headless && configuration.screenshotPath == nil && configuration.replayPath == nil
            && configuration.tracePath == nil && configuration.exportPath == nil
        {
            throw LabError.usage("--headless needs --screenshot, --replay, --trace or --export")
        }
        // Headless, the scale is the option or 1; in a window without --scale the host fits the server's scale.
        if let scale = configuration.scale ?? (configuration.headless ? 1 : nil) {
            let size =
                "--size \(LabLimits.show(configuration.size.width))x\(LabLimits.show(configuration.size.height))"
                + (configuration.showsInspector ? " with --inspector" : "")
                + (configuration.compare != nil ? " with --compare (two stages side by side)" : "")
            try LabLimits.checkPixels(configuration.windowSize, scale: scale, what: size)
        }
        if configuration.videoPath != nil && configuration.recordPath == nil {
            throw LabError.usage("--video needs --record FILE: the video is rendered from the recording")
        }
        try OutputPaths.checkDistinct(configuration, configPath: parsed.configPath)
        return configuration
    }

    /// Reads the scene file and starts with its scene (after the lab's others, so keys 1–7 keep theirs): its
    /// parameters come first, then `--config`'s and `--set`'s. Its images are decoded at `--scale` (1 headless);
    /// in a window without `--scale` again at the server's scale once it is known.
    private static func useSceneFile(
        _ path: String, _ configuration: inout LabConfiguration, parsed: ParsedCommandLine
    ) throws {
        guard !parsed.sceneGiven else { throw LabError.usage("--scene and --scene-file both name the scene: give one") }
        let loaded = try LoadedSceneFile(
            path: path, scale: configuration.scale ?? 1, taken: configuration.scenes.map(\.name))
        configuration.useSceneFile(loaded, starts: true)
        configuration.sceneFilePath = path
        // A file that names no device or system was drawn for the bare 375 × 667 screen on iOS 18 (the defaults
        // until 0.6.0) and keeps looking as it did; the command line still wins.
        if let name = configuration.sceneFile?.file.device {
            guard !parsed.sizeGiven else {
                throw LabError.usage(
                    "\(LabLimits.echo(path)) names the device '\(name)' and --size gives a bare screen: give one")
            }
            if !parsed.deviceGiven { configuration.device = Device.named(name) }
        } else if !parsed.deviceGiven && !parsed.sizeGiven {
            configuration.device = nil
            configuration.size = LabConfiguration.legacyScreen
        }
        if !parsed.systemGiven {
            configuration.system = configuration.sceneFile?.file.system ?? LabConfiguration.legacySystem
        }
        configuration.parameterOverrides += configuration.sceneFile?.file.parameters ?? []
        if configuration.action == .help { configuration.action = .sceneHelp }
    }

    /// "--scene=sheet" as ("--scene", "sheet"); anything else (a short option, no "=") as it is, with no value.
    package static func splitAttachedValue(_ argument: String) -> (name: String, value: String?) {
        guard argument.hasPrefix("--"), let eq = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<eq]), String(argument[argument.index(after: eq)...]))
    }

    static func parseSet(_ assignment: String, specs: SceneParameters) throws -> (String, ParameterValue) {
        guard let eq = assignment.firstIndex(of: "=") else {
            throw LabError.usage("--set needs KEY=VALUE, not '\(LabLimits.echo(assignment))'")
        }
        let name = String(assignment[..<eq]), text = String(assignment[assignment.index(after: eq)...])
        return (name, try specs.spec(name).parse(text))
    }
}
