#if canImport(Glibc)
import Glibc
#endif
import ModalKit

/// Export (key E, the inspector's Export button, `--export FILE`): the parameters a scene runs with, as a JSON
/// object `--config` loads back unchanged, and as the scene's code for UIKit and for SwiftUI with those numbers
/// filled in.
package enum ParameterExport {
    /// The JSON object of every parameter (the scene's own, then the lab-wide), one per line, in the scene's order.
    /// Numbers are written in their shortest form that reads back as the same `Double`.
    package static func json(_ parameters: SceneParameters) -> String {
        JSONValue.lines(members(parameters)).text + "\n"
    }

    /// Every parameter with a value as a JSON member, in the scene's order (a scene file's `parameters`).
    static func members(_ parameters: SceneParameters) -> [(String, JSONValue)] {
        parameters.specs.compactMap { spec in
            switch parameters.value(spec.name) {
            case .number(let n): return (spec.name, .number(n))
            case .curve(let c): return (spec.name, .string(c.name))
            case .choice(let c): return (spec.name, .string(c))
            case nil: return nil
            }
        }
    }

    /// Where the three files go for `--export FILE`: the JSON at FILE, the UIKit Swift beside it with `.json`
    /// replaced by `.swift` and the SwiftUI with it replaced by `-swiftui.swift` (each added when FILE does not end
    /// in `.json`). A FIFO or a character device (`/dev/stdout`, `/dev/null`) gets the JSON only: it has no folder
    /// to put the Swift beside it in, and `/dev/null.swift` would be a new file in /dev.
    package static func paths(for path: String) -> (json: String, swift: String?, swiftUI: String?) {
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFIFO || info.st_mode & S_IFMT == S_IFCHR {
            return (path, nil, nil)
        }
        let stem = path.hasSuffix(".json") ? String(path.dropLast(".json".count)) : path
        return (path, stem + ".swift", stem + "-swiftui.swift")
    }

    /// The files of an export, each with how messages name it ("export out.json").
    static func files(for path: String) -> [(path: String, name: String)] {
        let (json, swift, swiftUI) = paths(for: path)
        return [json, swift, swiftUI].compactMap { $0 }.map { ($0, "export \(LabLimits.echo($0))") }
    }

    /// Names as a sentence lists them: "a", "a and b", "a, b and c".
    static func list(_ names: [String]) -> String {
        guard let last = names.last, names.count > 1 else { return names.last ?? "" }
        return names.dropLast().joined(separator: ", ") + " and " + last
    }

    /// The file E writes when no `--export` was given: in the current folder, named for the scene.
    static func defaultPath(scene: String) -> String { "modal-lab-\(scene).json" }

    /// Writes what `kind` exports through the lab's safe output path: a scene file's scene a scene file (which
    /// loads back to it), others a `--config` object; and its UIKit and SwiftUI code. An error is one line naming
    /// the file.
    static func write(_ parameters: SceneParameters, kind: SceneKind, to path: String) throws {
        let file = kind.sceneFile?.file
        let contents = [
            file?.exported(with: parameters, at: path) ?? json(parameters), UIKitSnippet.code(for: kind, parameters),
            SwiftUISnippet.code(for: kind, parameters)
        ]
        try write(contents, to: path)
    }

    /// The JSON, the UIKit and the SwiftUI, each to its file (a device gets the JSON alone).
    private static func write(_ contents: [String], to path: String) throws {
        do {
            for (file, text) in zip(files(for: path), contents) {
                try OutputFile(path: file.path, name: file.name).write(Array(text.utf8))
            }
        } catch {
            throw LabError.io("\(error)")
        }
    }
}
