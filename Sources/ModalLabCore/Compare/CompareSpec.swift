import ModalKit

/// `--compare SPEC`: what stage B changes from stage A. A is the scene as the command line gives it; B is A with
/// SPEC applied. SPEC is `KEY=VALUE,...` (the scene's parameters, as `--set` takes them), `scene=NAME[,KEY=VALUE...]`
/// (another scene, from its defaults), `scene-file=PATH[,KEY=VALUE...]` (a scene file's scene, from the file's
/// values, as `--scene-file` runs it), or a config file (a JSON object, as `--config` reads it): a SPEC without
/// "=", or starting with "/" or ".", is a file.
package struct CompareSpec {
    /// The SPEC as given.
    package let text: String
    /// The config file SPEC names, if it is one.
    package let file: String?
    /// SPEC with a config file's values written out, `[scene=NAME,|scene-file=PATH,]KEY=VALUE,...` (PATH made
    /// absolute): what the recording's session line keeps, so a render builds the same B even after the file
    /// changed.
    package let resolved: String
    /// B's scene.
    package let sceneKind: SceneKind
    /// The scene file `scene-file=PATH` names, its images decoded: B's own, beside A's.
    private(set) var sceneFile: LoadedSceneFile?
    /// B's parameter values, applied over its scene's defaults: A's command-line values (when B is A's scene),
    /// then SPEC's.
    package let parameterOverrides: [(String, ParameterValue)]
    /// SPEC's own values (a file's as read at launch): what B keeps over A's config file when that is reloaded.
    package let given: [(String, ParameterValue)]
    /// A's values under SPEC's when B runs A's scene (none for another scene): what B's spec file is read over.
    package let inherited: [(String, ParameterValue)]

    /// Reads `text` against A's configuration. An empty spec, an unknown key or scene, a value out of range, or a
    /// spec that makes B the same as A is a usage error (exit 2); a config file that cannot be read is a file
    /// error (exit 1), as for `--config`.
    init(_ text: String, comparedWith a: LabConfiguration) throws {
        self.text = text
        let file = CompareSpec.isFile(text) ? text : nil
        self.file = file
        let assignments = try CompareSpec.assignments(text)
        if let file { _ = try LabLimits.path(file, "--compare") }
        sceneFile = try CompareSpec.sceneFile(assignments, comparedWith: a)
        var sceneKind = a.sceneKind
        if let scene = assignments.first(where: { $0.key == "scene" }) {
            sceneKind = try CompareSpec.naming { try a.scene(named: LabLimits.name(scene.value, "--compare scene")) }
        } else if let sceneFile {
            sceneKind = sceneFile.kind
        }
        let specs = SceneParameters(specs: sceneKind.info.allParameters)
        let given = try CompareSpec.naming {
            try file.map { try ConfigFile.read($0, specs: specs) }
                ?? assignments.filter { !CompareSpec.sceneKeys.contains($0.key) }.map {
                    ($0.key, try specs.spec($0.key).parse($0.value))
                }
        }
        self.sceneKind = sceneKind
        let sameScene = sceneKind.name == a.sceneKind.name
        let inherited = sameScene && sceneFile == nil ? a.parameterOverrides : []
        self.given = given
        self.inherited = inherited
        parameterOverrides = inherited + (sceneFile?.file.parameters ?? []) + given
        let named =
            sceneFile.map { ["scene-file=\(PortablePath.absolute($0.file.path))"] }
            ?? (sameScene ? [] : ["scene=\(sceneKind.name)"])
        resolved = (named + given.map { "\($0)=\($1)" }).joined(separator: ",")
        try checkDiffers(from: a)
    }

    /// The keys that pick B's scene rather than set a parameter.
    private static let sceneKeys: Set<String> = ["scene", "scene-file"]

    /// The scene file `scene-file=PATH` names, read as `--scene-file` reads one (at A's scale); nil without one.
    /// Naming another scene too, or an empty path, is a usage error; a file that does not load is its one line.
    private static func sceneFile(
        _ assignments: [(key: String, value: String)], comparedWith a: LabConfiguration
    ) throws -> LoadedSceneFile? {
        guard let path = assignments.first(where: { $0.key == "scene-file" })?.value else { return nil }
        guard !assignments.contains(where: { $0.key == "scene" }) else {
            throw LabError.usage("--compare names B's scene twice (scene= and scene-file=): give one")
        }
        guard !path.isEmpty else { throw LabError.usage("--compare scene-file= needs a path") }
        _ = try LabLimits.path(path, "--compare scene-file")
        let taken = a.scenes.filter { $0.sceneFile == nil }.map(\.name)
        return try naming { try LoadedSceneFile(path: path, scale: a.scale ?? 1, taken: taken) }
    }

    /// Decodes B's scene file's images again at `scale` (the server's, once the window knows it).
    mutating func rescaleSceneFile(to scale: Double) throws {
        sceneFile = try sceneFile?.rescaled(to: scale)
    }

    /// `KEY=VALUE` pairs of a spec that is not a file; a file's spec has none but its own.
    private static func assignments(_ text: String) throws -> [(key: String, value: String)] {
        guard !text.isEmpty else {
            throw LabError.usage(
                "--compare needs KEY=VALUE,..., scene=NAME, scene-file=FILE or a config file, not an empty string")
        }
        guard !isFile(text) else { return [] }
        var keys: Set<Substring> = []
        return try text.split(separator: ",", omittingEmptySubsequences: false).map { part in
            guard let eq = part.firstIndex(of: "="), eq != part.startIndex else {
                let item = part.isEmpty ? "an empty item" : "'\(LabLimits.echo(String(part)))'"
                throw LabError.usage("--compare needs KEY=VALUE,..., not \(item) in '\(LabLimits.echo(text))'")
            }
            guard keys.insert(part[..<eq]).inserted else {
                throw LabError.usage("--compare gives '\(LabLimits.echo(String(part[..<eq])))' twice")
            }
            return (String(part[..<eq]), String(part[part.index(after: eq)...]))
        }
    }

    private static func isFile(_ text: String) -> Bool {
        !text.contains("=") || text.hasPrefix("/") || text.hasPrefix(".")
    }

    /// Runs `body`, its errors (an unknown scene or key, a value out of range, a file that cannot be read) named
    /// as `--compare`'s, with their exit codes kept.
    private static func naming<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch LabError.usage(let message) {
            throw LabError.usage("--compare: \(message)")
        } catch LabError.io(let message) {
            throw LabError.io("--compare: \(message)")
        }
    }

    /// Two identical stages are a typo, not a comparison: refused, naming the spec.
    private func checkDiffers(from a: LabConfiguration) throws {
        guard sceneKind.name == a.sceneKind.name else { return }
        if let sceneFile,
            PortablePath.absolute(sceneFile.file.path) != a.sceneFilePath.map(PortablePath.absolute)
        {
            return
        }
        var mine = SceneParameters(specs: sceneKind.info.allParameters)
        var theirs = mine
        for (name, value) in parameterOverrides { try mine.set(name, value) }
        for (name, value) in a.parameterOverrides { try theirs.set(name, value) }
        guard mine != theirs else {
            throw LabError.usage(
                "--compare '\(LabLimits.echo(text))' changes nothing: B would be the same as A")
        }
    }
}
