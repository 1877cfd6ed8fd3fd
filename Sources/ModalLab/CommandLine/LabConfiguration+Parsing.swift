import ModalKit

extension LabConfiguration {
    /// Parses the arguments after the program name. Any problem is a `LabError.usage` naming it (exit 2).
    public init(arguments: [String]) throws {
        self.init()
        var rest = arguments[...]
        var sets: [String] = []
        var configPath: String?
        while let option = rest.popFirst() {
            switch option {
            case "--no-shm": useSharedMemory = false
            case "--headless": headless = true
            case "--no-hud": showsHUD = false
            case "--slow": slowAnimations = true
            case "--reduced-motion": reducedMotion = true
            case "--help", "-h": action = .help
            case "--list-scenes": action = .listScenes
            case "--version": action = .version
            default:
                guard LabConfiguration.valueOptions.contains(option) else {
                    throw LabError.usage("unknown option \(option)")
                }
                guard let value = rest.popFirst() else { throw LabError.usage("\(option) needs a value") }
                switch option {
                case "--scene": sceneType = try SceneCatalog.named(value)
                case "--size": size = try LabConfiguration.size(value)
                case "--scale": scale = try LabConfiguration.positive(value, option)
                case "--fps": fps = try LabConfiguration.positive(value, option)
                case "--set": sets.append(value)
                case "--config": configPath = value
                case "--trace": tracePath = value
                case "--record": recordPath = value
                case "--replay": replayPath = value
                case "--screenshot": screenshotPath = value
                case "--font": fontPath = value
                default: throw LabError.usage("unknown option \(option)")
                }
            }
        }
        if action == .help && arguments.contains("--scene") { action = .sceneHelp }
        let specs = SceneParameters(specs: sceneType.info.parameters)
        if let configPath { parameterOverrides += try LabConfiguration.readConfig(configPath, specs: specs) }
        for assignment in sets { parameterOverrides.append(try LabConfiguration.parseSet(assignment, specs: specs)) }
        if headless && screenshotPath == nil && replayPath == nil && tracePath == nil {
            throw LabError.usage("--headless needs --screenshot, --replay or --trace")
        }
    }

    private static let valueOptions: Set = ["--scene", "--size", "--scale", "--fps", "--set", "--config", "--trace",
                                            "--record", "--replay", "--screenshot", "--font"]

    static func parseSet(_ assignment: String, specs: SceneParameters) throws -> (String, ParameterValue) {
        guard let eq = assignment.firstIndex(of: "=") else {
            throw LabError.usage("--set needs KEY=VALUE, not \(assignment)")
        }
        let name = String(assignment[..<eq]), text = String(assignment[assignment.index(after: eq)...])
        return (name, try specs.spec(name).parse(text))
    }

    static func readConfig(_ path: String, specs: SceneParameters) throws -> [(String, ParameterValue)] {
        guard let bytes = FileContents.bytes(atPath: path) else {
            throw LabError.usage("cannot read config file \(path)")
        }
        guard let object = JSONInput.parse(bytes)?.members else {
            throw LabError.usage("config file \(path) is not a JSON object of parameters")
        }
        return try object.keys.sorted().map { name in
            let spec = try specs.spec(name)
            switch object[name] {
            case .string(let text)?: return (name, try spec.parse(text))
            case .number(let number)?: return (name, try spec.check(number))
            default: throw LabError.usage("config file \(path): parameter \(name) has a value of the wrong type")
            }
        }
    }

    static func positive(_ text: String, _ option: String) throws -> Double {
        guard let value = Double(text), value.isFinite, value > 0, value <= 1000 else {
            throw LabError.usage("\(option) needs a positive number up to 1000, not \(text)")
        }
        return value
    }

    static func size(_ text: String) throws -> Size {
        let parts = text.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), w.isFinite, h.isFinite,
              w >= 200, h >= 300, w <= 4000, h <= 4000 else {
            throw LabError.usage("--size needs WxH in points from 200x300 to 4000x4000, like 375x667, not \(text)")
        }
        return Size(width: w, height: h)
    }
}
