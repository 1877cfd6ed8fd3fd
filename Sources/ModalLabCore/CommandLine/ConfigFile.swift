import ModalKit

/// `--config FILE`: a JSON object of parameters, `{"threshold": 0.5, "curve": "linear"}`. A key given twice is
/// refused (JSON decoders keep one of the values without a word).
enum ConfigFile {
    static func read(_ path: String, specs: SceneParameters) throws -> [(String, ParameterValue)] {
        let shown = LabLimits.echo(path)
        let bytes = try InputFile.read(path, what: "config file")
        guard let object = JSONInput.parse(file: bytes)?.members?.mapValues(ConfigValue.init) else {
            let problem = JSONInput.nestedTooDeep(bytes) ? JSONInput.tooDeep : "is not a JSON object of parameters"
            throw LabError.usage("config file \(shown) \(problem)")
        }
        if let duplicate = JSONObjectKeys.firstDuplicate(in: bytes) {
            throw LabError.usage("config file \(shown): parameter '\(LabLimits.echo(duplicate))' is given twice")
        }
        return try values(of: object, specs: specs, context: "config file \(shown)")
    }

    /// The members of a parameters object, each checked against its spec (a scene file's `parameters` too); errors
    /// start with `context` ("config file X").
    static func values(of members: [String: JSONInput], specs: SceneParameters, context: String) throws
        -> [(String, ParameterValue)]
    {
        try values(of: members.mapValues(ConfigValue.init), specs: specs, context: context)
    }

    private static func values(of object: [String: ConfigValue], specs: SceneParameters, context: String) throws
        -> [(String, ParameterValue)]
    {
        try object.keys.sorted().map { name in
            guard name.unicodeScalars.count <= LabLimits.nameCharacters else {
                throw LabError.usage(
                    "\(context): parameter name '\(LabLimits.echo(name))' is longer than \(LabLimits.nameCharacters) characters"
                )
            }
            // The spec's own errors ("unknown parameter", "out of range") do not know the file: name it here.
            do { return try parameter(name, object[name], specs: specs, context: context) } catch let error as LabError
            {
                guard case .usage(let message) = error, !message.hasPrefix(context) else { throw error }
                throw LabError.usage("\(context): \(message)")
            }
        }
    }

    /// One member of the object, checked against its spec.
    private static func parameter(
        _ name: String, _ value: ConfigValue?, specs: SceneParameters,
        context: String
    ) throws -> (String, ParameterValue) {
        let spec = try specs.spec(name)
        switch value {
        case .text(let text)?:
            guard text.unicodeScalars.count <= LabLimits.nameCharacters else {
                throw LabError.usage(
                    "\(context): parameter \(name): '\(LabLimits.echo(text))' is longer than \(LabLimits.nameCharacters) characters"
                )
            }
            return (name, try spec.parse(text))
        case .number(let number)?: return (name, try spec.check(number))
        default: throw LabError.usage("\(context): parameter \(name) has a value of the wrong type")
        }
    }
}

/// A parameter's value in a config file: a number or a curve name; anything else is the wrong type.
private enum ConfigValue {
    case number(Double), text(String), other

    init(_ value: JSONInput) {
        switch value {
        case .string(let text): self = .text(text)
        case .number(let number): self = .number(number)
        default: self = .other
        }
    }
}
