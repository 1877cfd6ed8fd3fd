import ModalKit

/// Export (key E, the inspector's Export button, `--export FILE`): the parameters a scene runs with, as a JSON
/// object `--config` loads back unchanged, and as the scene's seed code for UIKit with those numbers filled in.
public enum ParameterExport {
    /// The JSON object of every parameter (the scene's own, then the lab-wide), one per line, in the scene's order.
    /// Numbers are written in their shortest form that reads back as the same `Double`.
    public static func json(_ parameters: SceneParameters) -> String {
        let entries = parameters.specs.compactMap { spec -> String? in
            guard let value = parameters.value(spec.name) else { return nil }
            return "  \(quoted(spec.name)): \(jsonValue(value))"
        }
        return "{\n" + entries.joined(separator: ",\n") + "\n}\n"
    }

    /// Where the two files go for `--export FILE`: the JSON at FILE, the Swift beside it with `.json` replaced by
    /// `.swift` (or `.swift` added when FILE does not end in `.json`).
    public static func paths(for path: String) -> (json: String, swift: String) {
        let stem = path.hasSuffix(".json") ? String(path.dropLast(".json".count)) : path
        return (path, stem + ".swift")
    }

    /// The file E writes when no `--export` was given: in the current folder, named for the scene.
    static func defaultPath(scene: String) -> String { "modal-lab-\(scene).json" }

    /// Writes both files through the lab's safe output path; an error is one line naming the file.
    static func write(_ parameters: SceneParameters, scene: Scene.Type, to path: String) throws {
        let (jsonPath, swiftPath) = paths(for: path)
        do {
            try OutputFile(path: jsonPath, name: "export \(LabLimits.echo(jsonPath))").write(Array(json(parameters).utf8))
            let snippet = UIKitSnippet.code(for: scene, parameters)
            try OutputFile(path: swiftPath, name: "export \(LabLimits.echo(swiftPath))").write(Array(snippet.utf8))
        } catch {
            throw LabError.io("\(error)")
        }
    }

    private static func jsonValue(_ value: ParameterValue) -> String {
        switch value {
        case .number(let n): return n == n.rounded() && abs(n) < 1e15 ? String(Int64(n)) : "\(n)"
        case .curve(let c): return quoted(c.name)
        case .choice(let c): return quoted(c)
        }
    }

    /// A JSON string: names and choices are plain text, but a quote or backslash must not break the file.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20: out += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
